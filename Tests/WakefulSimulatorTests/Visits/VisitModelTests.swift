import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The visits service (LOC-16): arrivals 354 s after arriving, departures 73 s after leaving (a field
/// log, TSRN#2024), wakes and relaunches.
@Suite("Visits", .watchdog, .cpuBound)
struct VisitModelTests {
    /// Starts the visits service at every launch.
    struct VisitLogger: Strategy {
        var name: String { "VisitLogger" }
        var requirements: Requirements { Requirements(locationAuthorization: .always) }
        mutating func handle(_ event: Event, in context: Context) -> [Command] {
            guard case .didFinishLaunching = event else { return [] }
            return [.startMonitoringVisits]
        }
    }

    static let home = LocalPoint(east: 0, north: 0)
    static let office = LocalPoint(east: 1000, north: 0)

    /// At home until 600 s, then 1 km to the office at 1.4 m/s, then stays.
    static func scenario(actions: [UserAction] = []) -> Scenario {
        Scenarios.make(
            duration: 3600, at: home, walkFrom: 600, legs: [RouteLeg(destination: office, speed: 1.4)], actions: actions
        )
    }

    func visits(_ trace: Trace) -> [(time: TimeInterval, visit: Visit)] {
        trace.events { if case .visit = $0 { true } else { false } }.map {
            guard case .visit(let visit) = $0.event else { fatalError("filtered above") }
            return ($0.time, visit)
        }
    }

    @Test func arrivalDepartureArrival() throws {
        let trace = Trace(Self.scenario(), ios: IOSVersion(17), setup: .custom(VisitLogger()))
        let reported = visits(trace)
        try #require(reported.count == 3)
        let projection = Self.scenario().world.projection
        // Arrival at home 354 s into the stay (loc-visit-arrival-latency-354s), reported while
        // suspended: a wake.
        #expect(reported[0].time == 354)
        #expect(reported[0].visit.arrival == 0 && reported[0].visit.departure == nil)
        // Departure dated when 100 m from home, reported 73 s later (loc-visit-departure-latency-73s).
        let departure = try #require(reported[1].visit.departure)
        #expect(departure > 600 + 100 / 1.4 && departure < 600 + 100 / 1.4 + 1.5)
        #expect(abs(reported[1].time - (departure + 73)) < 0.01)
        // Arrival at the office, 354 s after the last stay began near it.
        let office = projection.point(for: reported[2].visit.coordinate)
        #expect(office.distance(to: Self.office) < 100)
        #expect(reported[2].time >= 600 + 1000 / 1.4 && reported[2].time <= 600 + 1000 / 1.4 + 354)
        #expect(abs(reported[2].time - reported[2].visit.arrival - 354) < 0.01)
        #expect(trace.metrics.wakes["visit"] == 3)
    }

    @Test func aTerminatedAppIsRelaunchedForAVisit() {
        let trace = Trace(
            Self.scenario(actions: [UserAction(at: 100, .memoryPressure)]), ios: IOSVersion(12),
            setup: .custom(VisitLogger()))
        #expect(trace.events { $0 == .didFinishLaunching(.visit) }.first?.time == 354)
        #expect(trace.metrics.relaunches == 1)
    }

    @Test func notBeforeiOS8() {
        let trace = Trace(Self.scenario(), ios: IOSVersion(7), setup: .custom(VisitLogger()))
        #expect(visits(trace).isEmpty)
        #expect(trace.decisions("commandRefused").count == 1)
    }

    @Test func backgroundAppRefreshOffSuppressesVisitWakes() {
        // CONF-9 default, and its variant.
        var off = Self.scenario()
        off.device.backgroundAppRefresh = false
        #expect(Trace(off, ios: IOSVersion(17), setup: .custom(VisitLogger())).metrics.wakes["visit"] == 0)
        off.device.variants = [.backgroundRefreshOffRegionsOnly]
        #expect(Trace(off, ios: IOSVersion(17), setup: .custom(VisitLogger())).metrics.wakes["visit"] == 3)
    }
}
