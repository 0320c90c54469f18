import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The push strategies on each family, as their documentation claims.
@Suite("Push: PushTrigger, ForegroundSession, SilentAudioKeepAlive per family", .watchdog, .cpuBound)
struct PushStrategyTests {
    static let trip = [
        ScheduledPush(at: 100, id: "go", userInfo: [Field("trip", "start")]),
        ScheduledPush(at: 1300, id: "end", userInfo: [Field("trip", "stop")]),
    ]

    @Test(
        "PushTrigger: start and stop pushes bracket a trip that location keeps alive",
        arguments: ["8", "12", "17", "26"])
    func pushTrigger(version: String) throws {
        let scenario = PushScenarios.make(pushes: Self.trip, duration: 2000)
        let trace = Trace(
            scenario, ios: try Versions.parse(version),
            setup: StrategySetup(name: "PushTrigger", strategies: [.pushTrigger()]))
        let trips = trace.records("trip")
        #expect(trips.map(\.time) == [100, 1300])
        #expect(trips.map { $0.record.fields["phase"] } == ["start", "stop"])
        #expect(trips.map { $0.record.fields["id"] } == ["go", "end"])
        #expect(trace.metrics.backgroundModes == ["location", "remote-notification"])
        // Running from the start push to the stop push: location updates hold the app (LOC-1, LOC-2).
        #expect(!trace.states(to: .suspended).contains { $0.time > 100 && $0.time < 1300 })
        #expect(trace.decisions("pushCompleted").count == 2)
        #expect(trace.metrics.terminations.isEmpty)
    }

    @Test(
        "PushTrigger: nothing starts on iOS 6, nor after a force-quit (PUSH-1, PUSH-7)",
        arguments: [("6", false), ("12", true), ("17", true)])
    func pushTriggerBlocked(version: String, forceQuit: Bool) throws {
        let scenario = PushScenarios.make(
            pushes: Self.trip, duration: 2000, actions: forceQuit ? [UserAction(at: 50, .forceQuit)] : [])
        let trace = Trace(
            scenario, ios: try Versions.parse(version),
            setup: StrategySetup(name: "PushTrigger", strategies: [.pushTrigger()]))
        #expect(trace.records("trip").isEmpty)
    }

    @Test(
        "ForegroundSession: connected only in the foreground; a pushed message is fetched in a task",
        arguments: ["8", "12", "17", "26"])
    func foregroundSession(version: String) throws {
        let scenario = PushScenarios.make(
            pushes: [ScheduledPush(at: 600, id: "m1", userInfo: [Field("kind", "message")])], duration: 1000)
        let trace = Trace(
            scenario, ios: try Versions.parse(version),
            setup: StrategySetup(name: "ForegroundSession", strategies: [.foregroundSession()]))
        #expect(trace.records("session").map { $0.record.fields["state"] } == ["connected", "disconnected"])
        #expect(trace.records("session").map(\.time) == [0, 10])
        let message = try #require(trace.records("message").first)
        #expect(message.time == 602 && message.record.fields["id"] == "m1")
        #expect(trace.commands { if case .beginBackgroundTask = $0 { true } else { false } }.map(\.time) == [600])
        #expect(trace.decisions("pushCompleted").map(\.time) == [602])
        #expect(same(trace.states(to: .suspended).last?.time, 602))
        #expect(trace.metrics.backgroundRunningSeconds == 5 + 2)
    }

    @Test("ForegroundSession: in the foreground the message is recorded at once", arguments: ["8", "17"])
    func foregroundSessionOnScreen(version: String) throws {
        let scenario = PushScenarios.make(
            pushes: [ScheduledPush(at: 60, id: "m1", userInfo: [Field("kind", "message")])], duration: 200, home: 100)
        let trace = Trace(
            scenario, ios: try Versions.parse(version),
            setup: StrategySetup(name: "ForegroundSession", strategies: [.foregroundSession()]))
        #expect(trace.records("message").map(\.time) == [60])
        #expect(trace.commands { if case .beginBackgroundTask = $0 { true } else { false } }.isEmpty)
    }

    @Test(
        "SilentAudioKeepAlive: never suspended on any family, high review risk (AUDIO-1, REVIEW-4)",
        arguments: ["6", "8", "12", "17", "26"])
    func silentAudio(version: String) throws {
        let scenario = PushScenarios.make(pushes: [], duration: 3600)
        let trace = Trace(
            scenario, ios: try Versions.parse(version),
            setup: StrategySetup(name: "SilentAudioKeepAlive", strategies: [.silentAudioKeepAlive()]))
        #expect(trace.states(to: .suspended).isEmpty)
        #expect(trace.metrics.backgroundRunningSeconds == 3590)
        #expect(trace.metrics.reviewRisk.level == .high)
        #expect(trace.metrics.reviewRisk.findings.map(\.subject) == ["audio", "silent audio"])
    }
}

/// The built-in `chat` scenario end to end: message latency under the silent-push throttle.
@Suite("Push: the chat scenario", .watchdog, .cpuBound)
struct ChatScenarioTests {
    static func run(_ version: String, _ setup: String) throws -> RunMetrics {
        let scenario = try BuiltinScenarios.load("chat")
        return Trace(scenario, ios: try Versions.parse(version), setup: try StrategySetup.named(setup)).metrics
    }

    @Test("it loads with its setups and latency measure")
    func loads() throws {
        let scenario = try BuiltinScenarios.load("chat")
        #expect(scenario.success == .latency(record: "message", within: 60))
        #expect(scenario.setups.map(\.name) == ["none", "ForegroundSession", "ForegroundSession+SilentAudioKeepAlive"])
        #expect(scenario.world.pushes.count == 1 && scenario.world.pushes[0].repeatEvery == 600)
    }

    @Test(
        "ForegroundSession answers 3 of 19 on 7+: all delivered, but grouped 7-10 min late once the phone is idle (PUSH-4, PUSH-8)",
        arguments: ["8", "12", "17", "26"])
    func foregroundSession(version: String) throws {
        let metrics = try Self.run(version, "ForegroundSession")
        let success = try #require(metrics.success)
        #expect(success.summary == "3 of 19 pushes answered within 1m 00s (16 %)")
        #expect(abs(success.score - 3.0 / 19) < 1e-12)
        let gap = try #require(success.largestGap)
        // The grouped pushes go out in bursts that meet the hourly budget: the last one is held.
        #expect(gap.cause == "push throttled: over 6 per hour")
        #expect(gap.rules == ["PUSH-4", "PUSH-5"])
        #expect(metrics.wakes["push"] == 19)
        #expect((metrics.suppressedWakes["push"] ?? 0) == 0)
    }

    @Test(
        "nothing is answered on iOS 6 (no silent push) or by the bare app (no mode)",
        arguments: [("6", "ForegroundSession"), ("17", "none"), ("8", "none")])
    func nothingAnswered(version: String, setup: String) throws {
        let success = try #require(try Self.run(version, setup).success)
        #expect(success.score == 0)
        #expect(success.largestGap?.from == 600)
    }

    @Test("silent audio keeps the app running, so no push is grouped, at high review risk", arguments: ["12", "17"])
    func silentAudio(version: String) throws {
        let metrics = try Self.run(version, "ForegroundSession+SilentAudioKeepAlive")
        #expect(metrics.success?.summary == "19 of 19 pushes answered within 1m 00s (100 %)")
        #expect(metrics.suspendedSeconds == 0)
        #expect(metrics.reviewRisk.level == .high)
    }
}
