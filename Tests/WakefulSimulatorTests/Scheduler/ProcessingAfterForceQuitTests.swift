import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// BGT-15, CONF-19: a processing request pending when the user force-quits the app. The default is
/// blocked up to 18.2 (TERM-1) and run from 18.3 with a shorter time and no cellular data
/// (assumptions for BGT-15's "shorter run time and more restricted networking"); CONF-19 blocks
/// it on every version. BGT-14: a running processing task ends when the user starts using the device.
@Suite("Processing tasks after a force-quit and when the user comes back", .watchdog, .cpuBound)
struct ProcessingAfterForceQuitTests {
    static let sync = TaskRequest(identifier: TaskApps.sync, kind: .processing, earliestBeginDate: 600)

    /// Submits ``sync`` on entering the background; when launched, sends one in-process request
    /// and completes the task when the request completes.
    static let syncer = Scripted("Syncer") { event, _ in
        switch event {
        case .didEnterBackground:
            return [.submitTaskRequest(sync)]
        case .scheduledTaskLaunched:
            return [.sendRequest(RequestDescription(id: "sync", bytes: 10_000))]
        case .requestCompleted(_, let status, _):
            return [.completeScheduledTask(identifier: TaskApps.sync, success: status != nil)]
        default:
            return []
        }
    }

    func run(
        _ version: String, variants: [String] = [], forceQuit: Bool = true, network: NetworkKind = .wifi
    ) throws -> Trace {
        // On the charger: processing tasks run only there (observed, BGT-5).
        var scenario = SchedulerScenarios.make(
            duration: 2 * SchedulerScenarios.day, power: [PowerPoint(at: 0, battery: 0.9, charging: true)],
            device: DeviceSettings(variants: variants.map { PolicyVariant(id: $0)! }),
            actions: forceQuit ? [UserAction(at: 20, .forceQuit)] : [])
        scenario.world.network = NetworkTimeline([
            NetworkSegment(at: 0, kind: network, bandwidth: NetworkSegment.defaultBandwidth(network))
        ])
        return Trace(scenario, ios: try Versions.parse(version), setup: .custom(Self.syncer))
    }

    /// The errors of the app's in-process requests, "none" for a success.
    static func requestErrors(_ trace: Trace) -> [String] {
        trace.events { if case .requestCompleted = $0 { true } else { false } }.compactMap {
            guard case .requestCompleted(_, _, let error) = $0.event else { return nil }
            return error ?? "none"
        }
    }

    @Test(
        "up to 18.2 the force-quit holds a processing request back (TERM-1, BGT-15)", arguments: ["13", "17", "18.2"])
    func blockedUpTo18_2(version: String) throws {
        let trace = try run(version)
        #expect(trace.launches.isEmpty)
        let deferred = try #require(trace.decisions("taskDeferred").first)
        #expect(trace.reasons("taskDeferred").first == "force-quit by the user")
        #expect(deferred.decision.rules.contains("BGT-15"))
        // Without the force-quit the same request runs overnight, for BGT-5's 300 s.
        let kept = try run(version, forceQuit: false)
        #expect(kept.launches.map(\.kind) == [.processing])
        #expect(kept.decisions("scheduledTaskLaunch").first?.decision.fields["limit"] == .double(300))
    }

    @Test(
        "from 18.3 it runs after a force-quit, for 60 s instead of 300 s; CONF-19 blocks it (BGT-15)",
        arguments: ["18.3", "18.5", "26"])
    func runsFrom18_3(version: String) throws {
        let trace = try run(version)
        #expect(trace.launches.map(\.kind) == [.processing])
        #expect(trace.relaunchTransitions.count == 1, "the force-quit app is relaunched into the background")
        let launch = try #require(trace.decisions("scheduledTaskLaunch").first)
        #expect(launch.decision.fields["limit"] == .double(60))
        #expect(launch.decision.rules.contains("BGT-15"))
        #expect(Self.requestErrors(trace) == ["none"], "Wi-Fi is allowed")

        let blocked = try run(version, variants: ["CONF-19"])
        #expect(blocked.launches.isEmpty)
        #expect(blocked.reasons("taskDeferred").first == "force-quit by the user")
    }

    @Test("after a force-quit the task gets no cellular data; without one it does (BGT-15, assumption)")
    func noCellularAfterForceQuit() throws {
        let restricted = try run("18.3", network: .cellular)
        #expect(restricted.launches.count == 1)
        #expect(Self.requestErrors(restricted) == ["notConnectedToInternet"])
        #expect(restricted.decisions("scheduledTaskLaunch").first?.decision.fields["cellular"] == .bool(false))
        let normal = try run("18.3", forceQuit: false, network: .cellular)
        #expect(Self.requestErrors(normal) == ["none"])
    }

    // MARK: BGT-14

    /// A processing task that works 200 s; the phone is locked at 20 s and, when `unlockAfter` is
    /// set, unlocked that long after the task's launch (found by a first run without the unlock).
    func working(completesOnExpiry: Bool, unlockAfter: TimeInterval?) throws -> (trace: Trace, launch: TimeInterval) {
        func scenario(_ actions: [UserAction]) -> Scenario {
            SchedulerScenarios.make(
                duration: SchedulerScenarios.day, power: [PowerPoint(at: 0, battery: 0.9, charging: true)],
                actions: [UserAction(at: 20, .lock)] + actions)
        }
        let setup = StrategySetup.custom(
            TaskApps.submitter([Self.sync], work: 200, completesOnExpiry: completesOnExpiry))
        let first = Trace(scenario([]), ios: IOSVersion(17), setup: setup)
        let launch = try #require(first.launches.first?.time)
        guard let unlockAfter else { return (first, launch) }
        return (
            Trace(scenario([UserAction(at: launch + unlockAfter, .unlock)]), ios: IOSVersion(17), setup: setup), launch
        )
    }

    @Test("unlocking the phone ends a running processing task: expiration handler at once (BGT-14)")
    func unlockEndsProcessing() throws {
        let (idle, launch) = try working(completesOnExpiry: true, unlockAfter: nil)
        #expect(idle.records("done").map(\.time) == [launch + 200], "left alone, the work finishes")

        let (used, _) = try working(completesOnExpiry: true, unlockAfter: 50)
        #expect(used.records("done").isEmpty)
        let expiring = used.times { if case .scheduledTaskExpiring = $0 { true } else { false } }
        #expect(expiring.count == 1)
        #expect(abs((expiring.first ?? 0) - (launch + 50)) < 0.002)
        #expect(used.decisions("processingTaskEnding").first?.decision.rules == ["BGT-14"])
        #expect(used.metrics.terminations.isEmpty, "completed in the handler")
    }

    @Test("a processing task still open after the unlock gets the app killed after the lead time (BGT-14, TASK-13)")
    func unlockThenKill() throws {
        let (used, launch) = try working(completesOnExpiry: false, unlockAfter: 50)
        let kill = try #require(used.metrics.terminations.first)
        #expect(kill.reason == .scheduledTaskTimeout)
        // The kill follows the expiration handler by the TASK-12 lead time (4 s on 17).
        let lead = BackgroundPolicy(version: IOSVersion(17)).execution.expiryLeadTime
        #expect(abs(kill.at - (launch + 50 + lead)) < 0.002)
    }
}
