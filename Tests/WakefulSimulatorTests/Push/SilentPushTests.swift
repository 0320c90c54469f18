import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Silent-push delivery: headers, mode, wake and relaunch, the 30 s handler (PUSH-1 to PUSH-3, PUSH-6).
@Suite("Push: silent-push delivery (PUSH-1, PUSH-2, PUSH-3, PUSH-6)", .watchdog, .cpuBound)
struct SilentPushTests {
    static func trace(
        _ version: String, _ pushes: [ScheduledPush], app: Scripted = PushApps.responder(),
        modes: [BackgroundMode]? = nil,
        actions: [UserAction] = [], variants: [PolicyVariant] = [], lowPowerMode: Bool = false,
        duration: TimeInterval = 4000
    ) throws -> Trace {
        let scenario = PushScenarios.make(
            pushes: pushes, duration: duration, modes: modes, variants: variants, lowPowerMode: lowPowerMode,
            actions: actions)
        return Trace(scenario, ios: try Versions.parse(version), setup: .custom(app))
    }

    /// (version, apns-push-type, apns-priority, delivered, rule that refuses it)
    static let headerGrid: [(String, PushType?, Int, Bool, String?)] = [
        ("6", .background, 5, false, "PUSH-1"),
        ("7.0", nil, 5, true, nil),
        ("8", nil, 5, true, nil),
        ("12", nil, 5, true, nil),
        ("12", .background, 5, true, nil),
        ("8", nil, 10, false, "PUSH-3"),
        ("12", .background, 10, false, "PUSH-3"),
        ("13", nil, 5, false, "PUSH-2"),
        ("17", nil, 5, false, "PUSH-2"),
        ("17", .background, 5, true, nil),
        ("17", .background, 10, false, "PUSH-3"),
        ("26", nil, 5, false, "PUSH-2"),
        ("26", .background, 5, true, nil),
    ]

    @Test("headers by family: priority 5 from 7, apns-push-type: background from 13", arguments: headerGrid)
    func headers(version: String, type: PushType?, priority: Int, delivered: Bool, rule: String?) throws {
        let trace = try Self.trace(version, [ScheduledPush(at: 100, type: type, priority: priority, id: "p")])
        #expect(trace.deliveredPushes.map(\.id) == (delivered ? ["p"] : []))
        if let rule {
            let refusal = try #require(trace.decisions("pushNotDelivered").first)
            #expect(refusal.decision.rules.contains(rule))
            #expect(trace.metrics.suppressedWakes["push"] == 1)
        } else {
            #expect(trace.metrics.wakes["push"] == 1)
        }
    }

    @Test("an alert push never runs the app in the background (PUSH-1)", arguments: ["8", "17"])
    func alertPush(version: String) throws {
        let trace = try Self.trace(version, [ScheduledPush(at: 100, type: .alert, id: "a")])
        #expect(trace.deliveredPushes.isEmpty)
        #expect(trace.refusals.first?.contains("alert") == true)
    }

    @Test(
        "without the remote-notification mode a background app gets no push (PUSH-1)",
        arguments: ["8", "12", "17", "26"])
    func needsTheMode(version: String) throws {
        let trace = try Self.trace(version, [PushScenarios.silent(at: 100)], modes: [])
        #expect(trace.deliveredPushes.isEmpty)
        #expect(trace.refusals == ["UIBackgroundModes lacks remote-notification"])
    }

    @Test(
        "a suspended app is woken, runs its handler, and is suspended when it completes",
        arguments: ["8", "12", "17", "26"])
    func wakesASuspendedApp(version: String) throws {
        let trace = try Self.trace(version, [PushScenarios.silent(at: 100)], app: PushApps.responder(completeAfter: 12))
        let wake = try #require(trace.states(to: .background).last)
        #expect(wake.time == 100 && wake.change.cause == "pushWake")
        #expect(trace.deliveredPushes.map(\.time) == [100])
        let suspension = try #require(trace.states(to: .suspended).last)
        #expect(same(suspension.time, 112))
        #expect(suspension.change.cause == "pushHandlerEnded")
        #expect(suspension.change.rules.contains("PUSH-6"))
        #expect(trace.decisions("pushCompleted").map(\.time) == [112])
        #expect(trace.metrics.terminations.isEmpty)
    }

    @Test("a terminated app is relaunched into the background (STATE-2)", arguments: ["8", "17"])
    func relaunchesATerminatedApp(version: String) throws {
        let trace = try Self.trace(
            version, [PushScenarios.silent(at: 100)], actions: [UserAction(at: 50, .memoryPressure)])
        #expect(trace.metrics.terminations.map(\.reason) == [.memoryPressure])
        #expect(trace.events { $0 == .didFinishLaunching(.remoteNotification) }.map(\.time) == [100])
        #expect(trace.metrics.relaunches == 1)
        #expect(trace.deliveredPushes.map(\.time) == [100])
    }

    @Test(
        "a handler that never completes gets the app killed after 30 s (PUSH-6, TERM-6)",
        arguments: ["8", "12", "17", "26"])
    func handlerTimeout(version: String) throws {
        let trace = try Self.trace(
            version, [PushScenarios.silent(at: 100)], app: PushApps.responder(completeAfter: nil))
        let kill = try #require(trace.metrics.terminations.first)
        #expect(kill.reason == .pushHandlerTimeout)
        #expect(same(kill.at, 130))
        #expect(kill.code == "0x8badf00d")
        #expect(kill.rules == ["PUSH-6", "TERM-6"])
    }

    @Test("completing at 29 s is in time", arguments: ["12", "17"])
    func completingJustInTime(version: String) throws {
        let trace = try Self.trace(version, [PushScenarios.silent(at: 100)], app: PushApps.responder(completeAfter: 29))
        #expect(trace.metrics.terminations.isEmpty)
        #expect(same(trace.states(to: .suspended).last?.time, 129))
    }

    @Test("in the foreground every push is delivered at once, outside the hourly budget", arguments: ["8", "17"])
    func foregroundIsUnthrottled(version: String) throws {
        let pushes = (1...6).map { PushScenarios.silent(at: Double($0) * 60, id: "f\($0)") }
        let scenario = PushScenarios.make(pushes: pushes, home: 3000)
        let trace = Trace(scenario, ios: try Versions.parse(version), setup: .custom(PushApps.responder()))
        #expect(trace.deliveredPushes.map(\.id) == ["f1", "f2", "f3", "f4", "f5", "f6"])
        #expect(trace.decisions("pushHeld").isEmpty)
        #expect(trace.metrics.wakes["push"] == 0)
    }

    @Test("iOS 6 has no silent push", arguments: ["6"])
    func noSilentPushOnSix(version: String) throws {
        let trace = try Self.trace(version, [PushScenarios.silent(at: 100)])
        #expect(trace.refusals == ["no silent push before iOS 7"])
    }
}
