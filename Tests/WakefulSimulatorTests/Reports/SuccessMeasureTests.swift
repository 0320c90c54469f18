import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Success measures and gap attribution.
@Suite("Success measures and gaps", .watchdog, .cpuBound)
struct SuccessMeasureTests {
    /// The sensor monitor of seed 003 on a desk: open at 0, Home at 60.
    static func sampler(duration: TimeInterval = 1800) -> Scenario {
        Scenario(
            name: "sampler", duration: duration, iosVersions: [IOSVersion(12)],
            world: WorldDescription(trajectory: .stationary(at: .zero)),
            actions: [UserAction(at: 0, .open), UserAction(at: 60, .home)],
            success: .periodic(record: "read", period: 45, from: 0, to: nil, tolerance: 5))
    }

    @Test(arguments: [("12", 6, "TASK-3"), ("17", 2, "TASK-6")])
    func periodicReadsStopWithTheTaskBudget(version: String, met: Int, budgetRule: String) throws {
        // Reads at 0, 45, 90 … while the app runs: until 60 + 176 s on iOS 12, until 60 + 29 s on 17.
        let metrics = Simulator.run(
            Self.sampler(), ios: try #require(IOSVersion(parsing: version)), setup: .custom(PeriodicSampler()), seed: 1)
        let success = try #require(metrics.success)
        #expect(success.summary == "\(met) of 40 on time (\(Int((Double(met) / 40 * 100).rounded())) %)")
        let gap = try #require(success.largestGap)
        #expect(gap.cause == "suspended after task expiry")
        #expect(gap.rules.contains(budgetRule))
        #expect(gap.endedBy == "end of scenario")
        #expect(gap.to == 1800)
    }

    @Test func theBareAppIsScoredToo() throws {
        let metrics = Simulator.run(Self.sampler(), ios: IOSVersion(17), setup: .none, seed: 1)
        #expect(metrics.success?.score == 0)
        #expect(metrics.success?.largestGap?.cause == "suspended after leaving the foreground")
    }

    @Test func completedByADeadline() throws {
        var scenario = Self.sampler()
        scenario.success = .completed(record: "read", by: 100)
        #expect(
            Simulator.run(scenario, ios: IOSVersion(17), setup: .custom(PeriodicSampler()), seed: 1).success?.score == 1
        )
        scenario.success = .completed(record: "send", by: 1000)
        let late = Simulator.run(scenario, ios: IOSVersion(17), setup: .custom(PeriodicSampler()), seed: 1).success
        #expect(late?.score == 0)
        #expect(late?.summary == "not done by 16m 40s")
    }

    @Test func aTriggerLostToAForceQuitNamesTheRefusedRelaunch() throws {
        let scenario = try BuiltinScenarios.load("gas-station").on(.forceQuit)
        let success = try #require(
            Simulator.run(scenario, ios: IOSVersion(26, 4), setup: try .named("LowPowerLocationKeepAlive"), seed: 1)
                .success)
        #expect(success.score == 0)
        let gap = try #require(success.largestGap)
        #expect(gap.cause.hasPrefix("force-quit by the user, relaunch refused"))
        #expect(gap.rules.contains("LOC-29"))
        // On iOS 17 the beacon-region event still relaunches the force-quit app (CONF-5 default).
        #expect(
            Simulator.run(scenario, ios: IOSVersion(17), setup: try .named("LowPowerLocationKeepAlive"), seed: 1)
                .success?.score == 1)
    }

    @Test func successDecodesAndRefusesBadForms() throws {
        func decode(_ success: String) throws(ScenarioError) -> Scenario {
            try Scenario.decode(
                Data(#"{"name": "s", "duration": 60, "world": {}, "success": \#(success)}"#.utf8), file: "s.json",
                directory: nil)
        }
        #expect(
            try decode(#"{"periodic": {"record": "r", "period": 10}}"#).success
                == .periodic(record: "r", period: 10, from: 0, to: nil, tolerance: 0))
        #expect(
            try decode(#"{"completed": {"record": "sync", "by": 50}}"#).success == .completed(record: "sync", by: 50))
        #expect(try decode(#"{"trigger": {}}"#).success == .trigger)
        let both = try #require(throws: ScenarioError.self) {
            try decode(#"{"trigger": {}, "completed": {"record": "x", "by": 1}}"#)
        }
        #expect(both.description.contains("exactly one key"))
        let period = try #require(throws: ScenarioError.self) {
            try decode(#"{"periodic": {"record": "r", "period": 0}}"#)
        }
        #expect(period.field == "success.periodic.period")
        let unknown = try #require(throws: ScenarioError.self) {
            try decode(#"{"periodic": {"record": "r", "period": 5, "every": 3}}"#)
        }
        #expect(unknown.field == "success.periodic.every")
    }
}
