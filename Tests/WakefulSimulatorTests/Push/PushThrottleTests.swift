import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The hourly budget, the held push, force-quit and Low Power Mode (PUSH-4, PUSH-5, PUSH-7, PUSH-9,
/// TERM-1, CONF-7, CONF-11).
@Suite("Push: throttle, held push, force-quit, Low Power Mode (PUSH-4, PUSH-5, PUSH-7, PUSH-9)", .watchdog, .cpuBound)
struct PushThrottleTests {
    /// Eight pushes a minute apart from t = 100.
    static let burst = (1...8).map { PushScenarios.silent(at: 40 + Double($0) * 60, id: "b\($0)") }

    static func trace(
        _ version: String, _ pushes: [ScheduledPush] = burst, actions: [UserAction] = [],
        variants: [PolicyVariant] = [],
        lowPowerMode: Bool = false, duration: TimeInterval = 5000
    ) throws -> Trace {
        let scenario = PushScenarios.make(
            pushes: pushes, duration: duration, variants: variants, lowPowerMode: lowPowerMode, actions: actions)
        return Trace(scenario, ios: try Versions.parse(version), setup: .custom(PushApps.responder()))
    }

    @Test(
        "6 per rolling hour; the newest of the rest is held and released when the hour has room",
        arguments: ["7.0", "8", "12", "17", "26"])
    func throttle(version: String) throws {
        let trace = try Self.trace(version)
        // b1..b6 at 100..400; b7 held at 460, replaced by b8 at 520; b8 goes out when b1 leaves the hour.
        #expect(trace.deliveredPushes.map(\.id) == ["b1", "b2", "b3", "b4", "b5", "b6", "b8"])
        #expect(trace.deliveredPushes.map(\.time) == [100, 160, 220, 280, 340, 400, 3700])
        #expect(trace.decisions("pushHeld").map(\.time) == [460, 520])
        let replaced = try #require(trace.decisions("heldPushReplaced").first)
        #expect(replaced.decision.fields["id"] == "b7" && replaced.decision.fields["by"] == "b8")
        #expect(replaced.decision.rules == ["PUSH-5"])
        #expect(trace.decisions("heldPushReleased").map(\.time) == [3700])
        #expect(trace.metrics.wakes["push"] == 7)
    }

    @Test(
        "with a debugger attached (CONF-13) the throttle is off: every push is delivered",
        arguments: ["12", "17", "26"])
    func debuggerDisablesThrottle(version: String) throws {
        let trace = try Self.trace(version, variants: [.debuggerAttached])
        #expect(trace.deliveredPushes.map(\.id) == (1...8).map { "b\($0)" })
        #expect(trace.decisions("pushHeld").isEmpty)
        #expect(trace.decisions("pushDelivered").allSatisfy { $0.decision.rules.contains("CONF-13") })
    }

    @Test("the held push is handed over when the user opens the app (PUSH-5)", arguments: ["12", "17"])
    func handedOverOnOpen(version: String) throws {
        let trace = try Self.trace(version, actions: [UserAction(at: 1000, .open)])
        #expect(trace.deliveredPushes.map(\.id) == ["b1", "b2", "b3", "b4", "b5", "b6", "b8"])
        #expect(trace.deliveredPushes.last?.time == 1000)
        #expect(trace.decisions("heldPushHandedOver").count == 1)
    }

    @Test("a held push is discarded when the app is killed (PUSH-5)", arguments: ["12", "17"])
    func discardedOnKill(version: String) throws {
        let trace = try Self.trace(version, actions: [UserAction(at: 1000, .memoryPressure)])
        #expect(trace.deliveredPushes.map(\.id) == ["b1", "b2", "b3", "b4", "b5", "b6"])
        #expect(trace.decisions("heldPushDiscarded").map(\.time) == [1000])
    }

    @Test(
        "after a force-quit no push is delivered until the app is opened (PUSH-7, TERM-1)",
        arguments: ["8", "12", "17", "26"])
    func forceQuitBlocks(version: String) throws {
        let pushes = [PushScenarios.silent(at: 100, id: "a"), PushScenarios.silent(at: 400, id: "b")]
        let trace = try Self.trace(
            version, pushes,
            actions: [UserAction(at: 50, .forceQuit), UserAction(at: 300, .open), UserAction(at: 310, .home)])
        #expect(trace.deliveredPushes.map(\.id) == ["b"])
        let refusal = try #require(trace.decisions("pushNotDelivered").first)
        #expect(refusal.time == 100 && refusal.decision.rules.contains("PUSH-7"))
        #expect(trace.events { $0 == .didFinishLaunching(.remoteNotification) }.isEmpty)
    }

    @Test("a reboot clears the force-quit flag (PUSH-7)", arguments: ["12", "17"])
    func rebootClears(version: String) throws {
        let trace = try Self.trace(
            version, [PushScenarios.silent(at: 400, id: "a")],
            // Unlocked after the restart: before the first unlock a push launches nothing (DATA-8).
            actions: [UserAction(at: 50, .forceQuit), UserAction(at: 200, .reboot), UserAction(at: 300, .unlock)])
        #expect(trace.deliveredPushes.map(\.id) == ["a"])
        #expect(trace.events { $0 == .didFinishLaunching(.remoteNotification) }.map(\.time) == [400])
    }

    @Test("CONF-7: pushes relaunch a force-quit app anyway", arguments: ["8", "17"])
    func conf7(version: String) throws {
        let trace = try Self.trace(
            version, [PushScenarios.silent(at: 100, id: "a")], actions: [UserAction(at: 50, .forceQuit)],
            variants: [.silentPushAfterForceQuit])
        #expect(trace.deliveredPushes.map(\.id) == ["a"])
        #expect(trace.events { $0 == .didFinishLaunching(.remoteNotification) }.map(\.time) == [100])
    }

    @Test(
        "Low Power Mode holds pushes back from iOS 9 and releases the newest when it ends (PUSH-9)",
        arguments: ["9", "12", "17", "26"])
    func lowPowerMode(version: String) throws {
        let pushes = [PushScenarios.silent(at: 100, id: "a"), PushScenarios.silent(at: 200, id: "b")]
        let trace = try Self.trace(
            version, pushes, actions: [UserAction(at: 500, .setLowPowerMode(false))], lowPowerMode: true)
        #expect(trace.deliveredPushes.map(\.id) == ["b"])
        #expect(trace.deliveredPushes.map(\.time) == [500])
        let held = try #require(trace.decisions("pushHeld").first)
        #expect(held.decision.rules == ["CONF-11", "PUSH-9"])
    }

    @Test("Low Power Mode does not exist before iOS 9", arguments: ["8"])
    func noLowPowerModeOnEight(version: String) throws {
        let trace = try Self.trace(version, [PushScenarios.silent(at: 100, id: "a")], lowPowerMode: true)
        #expect(trace.deliveredPushes.map(\.id) == ["a"])
    }

    @Test("CONF-11: pushes are delivered in Low Power Mode", arguments: ["12", "17"])
    func conf11(version: String) throws {
        let trace = try Self.trace(
            version, [PushScenarios.silent(at: 100, id: "a")], variants: [.silentPushInLowPowerMode], lowPowerMode: true
        )
        #expect(trace.deliveredPushes.map(\.time) == [100])
    }

    @Test("repeat expands into numbered sends up to until")
    func repeatExpansion() throws {
        let push = ScheduledPush(at: 100, id: "m", repeatEvery: 1000, repeatUntil: 3100)
        let trace = try Self.trace("17", [push])
        #expect(trace.decisions("pushSent").map(\.time) == [100, 1100, 2100, 3100])
        #expect(trace.deliveredPushes.map(\.id) == ["m-1", "m-2", "m-3", "m-4"])
    }
}
