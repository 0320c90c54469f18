import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// What the app can ask the simulated task scheduler, as on a device: the pending requests
/// (SIM-2), the ledger, and the debug launch (BGT-10, BGT-17).
@Suite("Pending requests, the task ledger and the debug launch", .watchdog, .cpuBound)
struct PendingRequestQueryTests {
    static let refresh = TaskRequest(identifier: TaskApps.refresh, kind: .appRefresh, earliestBeginDate: 3600)
    static let sync = TaskRequest(identifier: TaskApps.sync, kind: .processing)

    /// An app that submits a refresh and a processing request at Home (t = 10), on iOS 17.
    static func device(_ actions: [UserAction] = []) throws -> SimulatedDevice<InMemoryTimeline> {
        let scenario = SchedulerScenarios.make(actions: actions)
        var device = SimulatedDevice(
            scenario: scenario, policy: Simulator.policy(for: scenario, ios: try Versions.parse("17")),
            setup: .custom(TaskApps.submitter([Self.refresh, Self.sync])), seed: 1, timeline: InMemoryTimeline())
        device.start()
        return device
    }

    @Test("a submitted request is pending until it launches, and the ledger has its submission (SIM-2)")
    func pendingUntilLaunched() throws {
        var device = try Self.device()
        device.run(until: 5)
        #expect(device.pendingTaskRequests.isEmpty)
        device.run(until: 11)
        #expect(device.pendingTaskRequests.map(\.identifier) == [TaskApps.refresh, TaskApps.sync])
        #expect(device.taskHistory.believedPending.map(\.request.identifier) == [TaskApps.refresh, TaskApps.sync])
        let status = device.taskSchedulerStatus
        #expect(status.pending.map(\.submittedAt) == [10, 10])
        #expect(status.sinceLastRun == nil)
        device.run(until: .infinity)
        let history = device.taskHistory
        let ran = Set(history.launches.map(\.identifier))
        #expect(device.pendingTaskRequests.allSatisfy { !ran.contains($0.identifier) })
        #expect(history.launches.allSatisfy { $0.reason == .relaunch || $0.reason == .background })
        #expect(history.launches.allSatisfy { $0.outcome == .succeeded && $0.duration == 0 })
    }

    @Test("the debug launch takes a pending request off the list and launches it at once, marked simulated (BGT-10)")
    func debugLaunch() throws {
        var device = try Self.device()
        device.run(until: 11)
        #expect(device.simulateTaskLaunch(TaskApps.refresh) == .launch)
        #expect(device.pendingTaskRequests.map(\.identifier) == [TaskApps.sync])
        let launch = try #require(device.taskHistory.lastLaunch(of: TaskApps.refresh))
        #expect(launch.reason == .simulated)
        #expect(launch.at == 11)
        #expect(launch.outcome == .succeeded)
        // BGT-17: asking again for the same request launches nothing: it is no longer pending.
        #expect(
            device.simulateTaskLaunch(TaskApps.refresh)
                == .refused(.notPending(identifier: TaskApps.refresh, pending: [TaskApps.sync])))
        #expect(device.taskHistory.launches.count == 1)
        let decisions = device.timeline.entries.compactMap { entry -> String? in
            guard case .decision(let decision) = entry.body, decision.name.hasPrefix("taskLaunch") else { return nil }
            return decision.name
        }
        #expect(decisions == ["taskLaunchSimulated", "taskLaunchNotSimulated"])
    }

    @Test("a suspended app cannot ask for a debug launch: refused, nothing launched")
    func suspendedCannotAsk() throws {
        var device = try Self.device()
        device.run(until: 120)
        #expect(device.state == .suspended)
        #expect(device.simulateTaskLaunch(TaskApps.sync) == .refused(.appNotRunning))
        #expect(device.pendingTaskRequests.map(\.identifier) == [TaskApps.refresh, TaskApps.sync])
        #expect(device.taskHistory.launches.isEmpty)
    }

    @Test("a run without the debug launch writes no line of it: the queries read and write nothing")
    func queriesWriteNothing() throws {
        var device = try Self.device()
        device.run(until: 11)
        let before = device.timeline.entries
        _ = device.pendingTaskRequests
        _ = device.taskSchedulerStatus
        #expect(device.timeline.entries == before)
    }
}
