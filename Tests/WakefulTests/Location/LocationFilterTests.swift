import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("LocationFilter and a clean track", .watchdog, .cpuBound)
struct LocationFilterTests {
    /// A fix `east` and `north` metres from a point near Paris.
    static func fix(east: Double, north: Double = 0, accuracy: Double = 10, speed: Double = -1, at time: TimeInterval)
        -> LocationFix
    {
        let paris = LocalProjection(origin: Coordinate(latitude: 48.85, longitude: 2.35))
        return LocationFix(
            coordinate: paris.coordinate(for: LocalPoint(east: east, north: north)), horizontalAccuracy: accuracy,
            speed: speed, timestamp: time)
    }

    @Test("a phone lying still while its fixes wander inside their accuracy adds nothing to the odometer")
    func stillJitter() {
        var filter = LocationFilter()
        var random = SplitMix64(seed: 3)
        for second in 0..<120 {
            let east = Double(random.next() % 41) - 20, north = Double(random.next() % 41) - 20
            #expect(
                filter.consider(Self.fix(east: east, north: north, accuracy: 30, at: Double(second))) == .kept(added: 0)
            )
        }
        #expect(filter.odometer == 0)
    }

    @Test("a slow walk is counted in steps of the two accuracy radii, within one step of the truth")
    func slowWalk() {
        var filter = LocationFilter()
        for second in 0...600 {
            _ = filter.consider(Self.fix(east: Double(second) * 1.2, accuracy: 10, at: Double(second)))
        }
        #expect(filter.odometer > 720 - 21 && filter.odometer <= 720.5, "\(filter.odometer)")
    }

    @Test("inaccurate, stale and too fast fixes are dropped with their reason")
    func dropsWithReasons() {
        var filter = LocationFilter()
        #expect(filter.consider(Self.fix(east: 0, at: 0)) == .kept(added: 0))
        #expect(filter.consider(Self.fix(east: 50, accuracy: 3000, at: 1)) == .dropped(.inaccurate))
        #expect(filter.consider(Self.fix(east: 50, accuracy: -1, at: 1)) == .dropped(.inaccurate))
        #expect(filter.consider(Self.fix(east: 50, at: 0)) == .dropped(.stale))
        #expect(filter.consider(Self.fix(east: 50, speed: 90, at: 2)) == .dropped(.speed))
        #expect(filter.odometer == 0)
    }

    @Test("one bad fix 5 km away is a jump: dropped, and the odometer does not spike")
    func singleJump() {
        var filter = LocationFilter()
        _ = filter.consider(Self.fix(east: 0, at: 0))
        #expect(filter.consider(Self.fix(east: 5000, at: 1)) == .dropped(.jump))
        #expect(
            filter.consider(Self.fix(east: 30, at: 2))
                == .kept(added: Self.fix(east: 0, at: 0).coordinate.distance(to: Self.fix(east: 30, at: 2).coordinate)))
        #expect(filter.odometer > 29 && filter.odometer < 31)
    }

    @Test("when the first fix was the outlier, two agreeing fixes move the anchor without counting the jump")
    func outlierAnchor() {
        var filter = LocationFilter()
        _ = filter.consider(Self.fix(east: 8000, at: 0))
        #expect(filter.consider(Self.fix(east: 0, at: 1)) == .dropped(.jump))
        #expect(filter.consider(Self.fix(east: 5, at: 2)) == .kept(added: 0))
        #expect(filter.consider(Self.fix(east: 40, at: 3)) != .dropped(.jump))
        #expect(filter.odometer < 41)
    }

    @Test("LocationLogger with a filter records dropped fixes with the reason and kept ones with the odometer")
    func loggerRecordsDecisions() {
        var logger = LocationLogger(filter: LocationFilter.Options())
        let commands = logger.handle(
            .locationsUpdated([
                Self.fix(east: 0, at: 0), Self.fix(east: 200, at: 10), Self.fix(east: 9000, at: 11),
                Self.fix(east: 250, accuracy: 2000, at: 12),
            ]), in: Contexts.background(12))
        #expect(commands.records.map(\.kind) == ["location", "location", "locationDropped", "locationDropped"])
        #expect(commands.records.compactMap { $0.fields["reason"]?.description } == ["jump", "inaccurate"])
        #expect(commands.records[1].fields["odometer"]?.number == 200)
        var plain = LocationLogger()
        #expect(
            plain.handle(.locationsUpdated([Self.fix(east: 0, accuracy: 5000, at: 0)]), in: Contexts.background(0))
                .records.map(\.kind) == ["location"])
    }

    @Test("filter options out of range are named")
    func optionRanges() {
        #expect(
            LocationFilter.Options(maximumAccuracy: 0, maximumSpeed: -1).rangeViolations.map(\.key) == [
                "maximumAccuracy", "maximumSpeed",
            ])
    }
}
