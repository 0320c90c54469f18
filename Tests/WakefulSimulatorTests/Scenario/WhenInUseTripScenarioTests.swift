import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The `when-in-use-trip` built-in scenario: a When-In-Use user's trip with a long stop, logged by
/// standard updates or by live updates with sessions (LOC-4, LOC-5, LOC-8, LOC-9).
@Suite("Built-in scenario: when-in-use-trip", .watchdog, .cpuBound)
struct WhenInUseTripScenarioTests {
    static func run(_ setup: String, ios: String) throws -> Trace {
        let scenario = try BuiltinScenarios.load("when-in-use-trip")
        let found = try #require(scenario.setups.first { $0.name == setup })
        return Trace(scenario, ios: try Versions.parse(ios), setup: found)
    }

    static func coverage(_ trace: Trace) -> Double { trace.metrics.success?.score ?? 0 }

    @Test(
        "standard updates log the way out, then pause at the café for good on every release (LOC-4, LOC-5)",
        arguments: ["16", "17", "18"])
    func standardStopsAtTheCafe(ios: String) throws {
        let trace = try Self.run("LocationLogger-standard", ios: ios)
        #expect(Self.coverage(trace) > 0.45 && Self.coverage(trace) < 0.55, "the way out only")
        let paused = try #require(trace.decisions("locationUpdatesPaused").first)
        #expect(trace.records("location").allSatisfy { $0.time <= paused.time })
    }

    @Test(
        "the live session logs the whole trip from 17, resumed after the café; nothing before 17 (LOC-8)",
        arguments: [
            ("16", false), ("17", true), ("18", true),
        ])
    func liveSessionLogsTheTrip(ios: String, available: Bool) throws {
        let trace = try Self.run("LocationLogger-liveSession", ios: ios)
        #expect(Self.coverage(trace) == (available ? 1 : 0))
        #expect(trace.states(to: .background).contains { $0.change.cause == "liveUpdatesResumed" } == available)
        // LOC-9: the service session exists from 18.
        #expect(trace.decisions("serviceSessionStarted").isEmpty == (ios != "18"))
    }
}
