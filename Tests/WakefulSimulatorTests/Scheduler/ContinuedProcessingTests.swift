import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// `BGContinuedProcessingTask` on iOS 26 (BGT-13).
@Suite("Continued processing", .watchdog, .cpuBound)
struct ContinuedProcessingTests {
    static let export = TaskRequest(identifier: TaskApps.export, kind: .continuedProcessing)
    static let second = TaskRequest(identifier: "com.test.export.2", kind: .continuedProcessing)

    /// Submits `requests` when it becomes active (the user's tap); reports progress every
    /// `progressEvery` seconds until `work` is done, then completes.
    static func app(
        _ requests: [TaskRequest], progressEvery: TimeInterval?, work: TimeInterval = 100, onBackground: Bool = false
    ) -> Scripted {
        Scripted("Exporter") { event, context in
            switch event {
            case .didBecomeActive where !onBackground, .didEnterBackground where onBackground:
                return requests.map { .submitTaskRequest($0) }
            case .scheduledTaskLaunched(let launch):
                var commands: [Command] = [
                    .record(Record(kind: "launched", fields: [Field("identifier", .string(launch.identifier))]))
                ]
                commands.append(.setTimer(TimerRequest(id: "done", interval: work)))
                if let progressEvery {
                    commands.append(.setTimer(TimerRequest(id: "progress", interval: progressEvery, repeats: true)))
                }
                return commands
            case .timerFired("progress"):
                return [.reportTaskProgress(identifier: TaskApps.export, fraction: 0.5)]
            case .timerFired("done"):
                return [
                    .record(Record(kind: "done")), .cancelTimer("progress"),
                    .completeScheduledTask(identifier: TaskApps.export, success: true),
                ]
            case .scheduledTaskSubmitFailed(let identifier, let error):
                return [
                    .record(
                        Record(
                            kind: "failed",
                            fields: [Field("identifier", .string(identifier)), Field("error", .string(error.rawValue))])
                    )
                ]
            default:
                return []
            }
        }
    }

    func run(_ version: String, _ app: Scripted, actions: [UserAction] = []) throws -> Trace {
        Trace(
            SchedulerScenarios.make(
                duration: 600, permitted: [TaskApps.export, "com.test.export.2"], actions: actions),
            ios: try Versions.parse(version), setup: .custom(app))
    }

    @Test("starts at once from the foreground and survives the Home press while it reports progress", arguments: ["26"])
    func progressKeepsItAlive(version: String) throws {
        let trace = try run(version, Self.app([Self.export], progressEvery: 10))
        #expect(trace.launches.map(\.time) == [0])
        #expect(trace.records("done").map(\.time) == [100])
        #expect(trace.metrics.terminations.isEmpty)
        #expect(trace.states(to: .suspended).first?.change.cause == "scheduledTaskEnded")
    }

    @Test("without progress it expires ≈30 s after launch (BGT-13)")
    func expiresWithoutProgress() throws {
        let trace = try run("26", Self.app([Self.export], progressEvery: nil))
        // The handler comes the TASK-12 lead (4 s on 26) before the 30 s end.
        #expect(same(trace.times { if case .scheduledTaskExpiring = $0 { true } else { false } }.first, 26))
        let kill = try #require(trace.metrics.terminations.first)
        #expect(kill.reason == .scheduledTaskTimeout)
        #expect(abs(kill.at - 30) < 0.002)
        #expect(kill.rules.contains("BGT-13"))
        #expect(trace.records("done").isEmpty)
    }

    @Test("can be submitted from the foreground only (BGT-13)")
    func foregroundOnly() throws {
        let trace = try run("26", Self.app([Self.export], progressEvery: 10, onBackground: true))
        #expect(trace.submitErrors.map(\.error) == [.unavailable])
        #expect(trace.launches.isEmpty)
    }

    @Test("does not exist before iOS 26 (BGT-13)", arguments: ["12", "17", "18"])
    func notBefore26(version: String) throws {
        let trace = try run(version, Self.app([Self.export], progressEvery: 10))
        #expect(trace.launches.isEmpty)
        #expect(trace.submitErrors.isEmpty)
        #expect(trace.decisions("commandRefused").first?.decision.rules == ["BGT-13"])
    }

    @Test("with the .fail strategy a second request fails at once instead of queueing (BGT-13)")
    func failStrategy() throws {
        var failing = Self.second
        failing.submissionStrategy = .fail
        let trace = try run("26", Self.app([Self.export, failing], progressEvery: 10))
        #expect(trace.submitErrors.map(\.identifier) == ["com.test.export.2"])
        #expect(trace.submitErrors.map(\.error) == [.unavailable])
        #expect(trace.decisions("taskRequestQueued").isEmpty)
        #expect(trace.launches.map(\.identifier) == [TaskApps.export])
    }

    @Test("a second request queues behind the first; swiping the app away cancels it (BGT-13)")
    func swipeCancelsQueued() throws {
        let queued = try run("26", Self.app([Self.export, Self.second], progressEvery: 10))
        #expect(queued.decisions("taskRequestQueued").count == 1)
        #expect(
            queued.launches.map(\.identifier) == [TaskApps.export, "com.test.export.2"],
            "the queued one starts when the first completes")
        let swiped = try run(
            "26", Self.app([Self.export, Self.second], progressEvery: 10), actions: [UserAction(at: 20, .forceQuit)])
        #expect(swiped.decisions("taskRequestsCancelled").count == 1)
        #expect(swiped.launches.map(\.identifier) == [TaskApps.export])
    }
}
