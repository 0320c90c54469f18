import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The built-in glucose-upload scenario: which wake gets each glucose reading to the server within
/// 15 min, when HealthKit cannot be read while the phone is locked (HK-4).
@Suite("glucose-upload", .watchdog, .cpuBound)
struct GlucoseUploadScenarioTests {
    static func scores(ios: IOSVersion) throws -> [String: Double] {
        let scenario = try BuiltinScenarios.load("glucose-upload")
        var scores: [String: Double] = [:]
        for setup in scenario.setups {
            var timeline = InMemoryTimeline()
            let metrics = Simulator.run(scenario, ios: ios, setup: setup, seed: 1, timeline: &timeline)
            #expect(metrics.invariantViolations.isEmpty, "\(setup.name)")
            scores[setup.name] = metrics.success?.score
        }
        return scores
    }

    @Test(
        "HealthKit's immediate delivery beats an hourly one, a refresh and a push, but not through the locked night",
        arguments: [12, 17])
    func verdicts(major: Int) throws {
        let scores = try Self.scores(ios: IOSVersion(major))
        let immediate = try #require(scores["HealthKit immediate"])
        #expect(scores["none"] == 0)
        #expect(immediate > 0)
        // HK-4: the readings of the locked night wait for the morning's unlock, whatever the wake.
        #expect(immediate < 0.5)
        for other in ["HealthKit hourly", "BGAppRefresh 15 min", "silent push 15 min"] {
            let score = try #require(scores[other])
            #expect(immediate > score, "\(other)")
        }
    }
}
