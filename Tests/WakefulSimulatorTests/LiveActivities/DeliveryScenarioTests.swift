import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The `delivery` built-in scenario: a food delivery on the Lock Screen, started in the app or by
/// push, updated by push for an hour and ended; the app stays suspended throughout (LIVE-1..10).
@Suite("Built-in scenario: delivery", .watchdog, .cpuBound)
struct DeliveryScenarioTests {
    static func run(_ setup: String, ios: String) throws -> Trace {
        let scenario = try BuiltinScenarios.load("delivery")
        let found = try #require(scenario.setups.first { $0.name == setup })
        return Trace(scenario, ios: try Versions.parse(ios), setup: found)
    }

    @Test(
        "started in the app: 11 of 12 pushes on screen from 16.2, none before; the app never woken",
        arguments: [("15", 0), ("16.2", 11), ("17", 11), ("17.2", 11), ("26", 11)])
    func inApp(ios: String, shown: Int) throws {
        let trace = try Self.run("LiveActivityTracking", ios: ios)
        #expect(
            trace.metrics.success?.summary == "\(shown) of 12 pushes shown within 1m 00s (\(shown == 0 ? 0 : 92) %)")
        #expect(trace.metrics.wakes.values.reduce(0, +) == 0)
        #expect(trace.metrics.backgroundRunningSeconds == 5)
        #expect(trace.shownUpdates.allSatisfy { $0.appState == "suspended" })
        if shown > 0 {
            // The last priority-5 update waited for a burst while the phone lay idle (PUSH-8) and
            // came after the end (LIVE-9).
            let gap = try #require(trace.metrics.success?.largestGap)
            #expect(gap.rules == ["LIVE-9", "PUSH-8"])
            #expect(gap.cause.hasPrefix("not shown: grouped while the phone lay idle"))
            #expect(trace.decisions("liveActivityRemoved").map(\.time) == [4500])
        }
    }

    @Test(
        "started by push: nothing before 17.2; from 17.2 the app wakes once for the token",
        arguments: [("16.2", 0, 0), ("17", 0, 0), ("17.2", 11, 1), ("26", 11, 1)])
    func byPush(ios: String, shown: Int, wakes: Int) throws {
        let trace = try Self.run("LiveActivityTracking+push", ios: ios)
        #expect(trace.metrics.success?.summary.hasPrefix("\(shown) of 12 pushes shown") == true)
        #expect(trace.metrics.wakes["liveActivity"] == wakes)
        let summary = try #require(trace.metrics.liveActivity)
        if wakes == 0 {
            #expect(summary.misses.first?.why == "push-to-start needs iOS 17.2")
        } else {
            #expect(summary.started == 1 && summary.pushesShown == 12 && summary.shownWhileAppStopped == 12)
            let token = try #require(
                trace.records(LiveActivityTracking.tokenRecord).first { $0.record.fields["type"] == "update" })
            #expect(same(token.time, 121))
        }
    }

    @Test("the report says what the Lock Screen showed and that the app stayed suspended")
    func explanation() throws {
        let scenario = try BuiltinScenarios.load("delivery")
        let runs = try scenario.setups.flatMap { setup in
            try ["16.2", "17.2"].map { Simulator.run(scenario, ios: try Versions.parse($0), setup: setup, seed: 1) }
        }
        let text = OutcomeReport(scenario: scenario, runs: runs).explanation.joined()
        #expect(
            text.contains(
                "With LiveActivityTracking+push on iOS 17.2 the Lock Screen showed 12 of 13 Live Activity pushes, every one while the app was suspended"
            ))
        #expect(
            text.contains(
                "With LiveActivityTracking+push on iOS 16.2 the Lock Screen showed no Live Activity content: push-to-start needs iOS 17.2 (LIVE-4)"
            ))
    }
}
