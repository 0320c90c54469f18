import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// PushKit VoIP pushes, CallKit, the legacy keep-alive (VOIP-1, VOIP-2, TERM-2, CONF-12).
@Suite("Push: VoIP pushes and keep-alive (VOIP-1, VOIP-2, TERM-2, CONF-12)", .watchdog, .cpuBound)
struct VoIPTests {
    static func trace(
        _ version: String, _ pushes: [ScheduledPush], app: Scripted, modes: [BackgroundMode]? = nil,
        actions: [UserAction] = [], variants: [PolicyVariant] = [], duration: TimeInterval = 4000
    ) throws -> Trace {
        let scenario = PushScenarios.make(
            pushes: pushes, duration: duration, modes: modes, variants: variants, actions: actions)
        return Trace(scenario, ios: try Versions.parse(version), setup: .custom(app))
    }

    static func voipPushes(_ trace: Trace) -> [TimeInterval] {
        trace.events { if case .voipPush = $0 { true } else { false } }.map(\.time)
    }

    @Test(
        "no call reported: fine up to 12, killed from 13 (VOIP-2)",
        arguments: [("8", false), ("12", false), ("13", true), ("17", true), ("26", true)])
    func callKitRule(version: String, killed: Bool) throws {
        let trace = try Self.trace(version, [PushScenarios.voip(at: 100)], app: PushApps.caller(reports: false))
        #expect(Self.voipPushes(trace) == [100])
        if killed {
            let kill = try #require(trace.metrics.terminations.first)
            #expect(kill.reason == .callKitNotReported && kill.at == 100 && kill.rules == ["VOIP-2"])
        } else {
            #expect(trace.metrics.terminations.isEmpty)
            let suspension = try #require(trace.states(to: .suspended).last)
            #expect(same(suspension.time, 110))  // the ≈10 s wake window (assumption)
            #expect(suspension.change.rules.contains("VOIP-2"))
        }
    }

    @Test("a reported call keeps the app running until it ends", arguments: ["8", "12", "17", "26"])
    func callKeepsRunning(version: String) throws {
        let trace = try Self.trace(
            version, [PushScenarios.voip(at: 100)], app: PushApps.caller(reports: true, callLength: 600))
        #expect(trace.metrics.terminations.isEmpty)
        let suspension = try #require(trace.states(to: .suspended).last)
        #expect(same(suspension.time, 700))
        #expect(suspension.change.cause == "voipCallEnded")
        #expect(trace.decisions("callReported").count == 1)
    }

    @Test(
        "after 3 pushes without a call, VoIP pushes stop launching the app (VOIP-2, cfg)",
        arguments: ["13", "17", "26"])
    func repeatedFailuresBlock(version: String) throws {
        let pushes = (1...5).map { PushScenarios.voip(at: Double($0) * 100, id: "c\($0)") }
        let trace = try Self.trace(version, pushes, app: PushApps.caller(reports: false))
        #expect(Self.voipPushes(trace) == [100, 200, 300])
        #expect(trace.metrics.terminations.count == 3)
        #expect(trace.decisions("voipPushLaunchesStopped").map(\.time) == [300])
        #expect(trace.decisions("pushNotDelivered").map(\.time) == [400, 500])
    }

    @Test(
        "a VoIP push relaunches a force-quit app by default; CONF-12 blocks it (TERM-2)",
        arguments: [("12", false), ("17", false), ("12", true), ("17", true)])
    func forceQuit(version: String, conf12: Bool) throws {
        let trace = try Self.trace(
            version, [PushScenarios.voip(at: 100)], app: PushApps.caller(reports: true),
            actions: [UserAction(at: 50, .forceQuit)], variants: conf12 ? [.voipPushBlockedAfterForceQuit] : [])
        let relaunches = trace.events { $0 == .didFinishLaunching(.voipPush) }.map(\.time)
        #expect(relaunches == (conf12 ? [] : [100]))
        if conf12 { #expect(trace.decisions("pushNotDelivered").first?.decision.rules.contains("CONF-12") == true) }
    }

    @Test(
        "VoIP pushes need the voip mode and PushKit (iOS 8)", arguments: [("7.1", [BackgroundMode.voip]), ("17", [])])
    func needsModeAndPushKit(version: String, modes: [BackgroundMode]) throws {
        let trace = try Self.trace(
            version, [PushScenarios.voip(at: 100)], app: PushApps.caller(reports: true), modes: modes)
        #expect(Self.voipPushes(trace).isEmpty)
        #expect(trace.decisions("pushNotDelivered").first?.decision.rules == ["VOIP-2"])
    }

    static func keepAliveApp(_ seconds: TimeInterval) -> Scripted {
        Scripted("KeepAlive", modes: [.voip]) { event, _ in
            event == .didEnterBackground ? [.setKeepAliveTimeout(seconds: seconds)] : []
        }
    }

    @Test(
        "setKeepAliveTimeout wakes the app every interval for ≈10 s up to iOS 9 (VOIP-1)", arguments: ["6", "8", "9.3"])
    func keepAlive(version: String) throws {
        let trace = try Self.trace(version, [], app: Self.keepAliveApp(600), duration: 2000)
        #expect(trace.decisions("keepAliveAccepted").count == 1)
        #expect(trace.events { $0 == .keepAliveFired }.map(\.time) == [610, 1210, 1810])
        #expect(trace.metrics.wakes["voipKeepAlive"] == 3)
        let suspensions = trace.states(to: .suspended).map(\.time)
        #expect(suspensions.contains(620) && suspensions.contains(1220))
    }

    @Test(
        "setKeepAliveTimeout is refused from iOS 10 and below 600 s (VOIP-1)",
        arguments: [("10", 600.0), ("17", 600.0), ("9", 300.0)])
    func keepAliveRefused(version: String, seconds: Double) throws {
        let trace = try Self.trace(version, [], app: Self.keepAliveApp(seconds), duration: 2000)
        #expect(trace.events { $0 == .keepAliveFired }.isEmpty)
        #expect(trace.decisions("commandRefused").first?.decision.rules == ["VOIP-1"])
    }
}
