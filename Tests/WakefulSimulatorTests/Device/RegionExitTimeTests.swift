import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// A Wi-Fi (or cell-only) exit's time past the margin, drawn per crossing from the field's spread
/// (LOC-19: 20 s at least; loc-stationary-exit-after-360m-ios13, loc-terminated-relaunch-after-1km,
/// loc-terminated-relaunch-after-2km-ios17; cell by assumption).
@Suite("Device: region exit time drawn per crossing (LOC-19, field reports)", .watchdog, .cpuBound)
struct RegionExitTimeTests {
    /// Seconds the default walk spent past the margin before the fence's exit, for `seed`.
    static func timePastMargin(seed: UInt64, positioning: RegionPositioning = .wifi) throws -> TimeInterval {
        var device = DeviceSettings()
        device.positioning = positioning
        let trace = Trace(DeviceScenarios.fenceWalk(device: device), ios: IOSVersion(17), seed: seed)
        let exit = try #require(trace.times { $0 == .regionExited("fence") }.first)
        let margin = RegionCrossingTable.standard[positioning].margin
        return exit - (DeviceScenarios.walkStart + (DeviceScenarios.fenceRadius + margin) / DeviceScenarios.walkSpeed)
    }

    @Test("the exit's time: the median at draw 0, never below LOC-19's 20 s, fixed without a spread")
    func exitDwellFormula() {
        let wifi = RegionCrossingTable.standard.wifi
        #expect(wifi.exitDwell(draw: 0) == 88)
        #expect(abs(wifi.exitDwell(draw: 1) - 88 * exp(0.42)) < 1e-9)
        #expect(wifi.exitDwell(draw: -5) == 20)
        #expect(RegionCrossing(margin: 40, dwell: 20).exitDwell(draw: 3) == 20)
    }

    @Test(
        "Wi-Fi and cell-only exits vary by seed around 88 s past the margin, each at least 20 s",
        arguments: [RegionPositioning.wifi, .cell])
    func exitsSpread(positioning: RegionPositioning) throws {
        let times = try (1...21).map { try Self.timePastMargin(seed: UInt64($0), positioning: positioning) }.sorted()
        #expect(times.allSatisfy { $0 >= 20 - 0.01 }, "\(times)")
        #expect(Set(times.map { ($0 * 10).rounded() }).count > 15, "one draw per run: \(times)")
        // The log-normal's median 88 s; over 21 seeds the sample median lies well within 60–120 s.
        #expect(times[10] > 60 && times[10] < 120, "median \(times[10]) s")
        // No wider than the field: 5th–95th percentile of the fit is 44–176 s.
        #expect(times.first! > 25 && times.last! < 260, "\(times)")
    }

    @Test("GPS exits keep the fixed 20 s whatever the seed")
    func fixedWithGPS() throws {
        for seed in [UInt64(1), 2, 3] {
            let time = try Self.timePastMargin(seed: seed, positioning: .gps)
            #expect(time >= 20 - 0.01 && time <= 21, "seed \(seed): \(time) s")
        }
    }

    @Test("a car on a 25 m fence exits about 1.45 km out (median over seeds), a walker about 350 m")
    func carAndWalker() throws {
        func distances(speed: Double) throws -> [Double] {
            try (1...21).map { seed in
                let scenario = Scenarios.make(
                    duration: 2400, at: .zero, walkFrom: 100,
                    legs: [RouteLeg(destination: LocalPoint(east: 20_000, north: 0), speed: speed)],
                    features: [.geofences([GeofenceSpec(id: "fence", center: .zero, radius: 25)])])
                let trace = Trace(scenario, ios: IOSVersion(17), seed: UInt64(seed))
                let exit = try #require(trace.times { $0 == .regionExited("fence") }.first)
                return (exit - 100) * speed
            }.sorted()
        }
        let car = try distances(speed: 13.9)[10]
        let walker = try distances(speed: 1.4)[10]
        #expect(car > 1000 && car < 2000, "car median \(car) m")
        #expect(walker > 300 && walker < 420, "walker median \(walker) m")
    }
}
