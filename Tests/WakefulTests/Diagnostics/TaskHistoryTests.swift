import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("TaskHistory: submissions, launches and their ends, from timeline entries", .watchdog, .cpuBound)
struct TaskHistoryTests {
    static let refresh = TaskRequest(identifier: "com.example.refresh", kind: .appRefresh, earliestBeginDate: 900)
    static let sync = TaskRequest(identifier: "com.example.sync", kind: .processing, requiresExternalPower: true)

    static func event(_ event: Event, at time: TimeInterval) -> TimelineEntry {
        TimelineEntry(time: time, body: .event(event))
    }

    static func command(_ command: Command, at time: TimeInterval, by owner: String = "ScheduledRefresh")
        -> TimelineEntry
    {
        TimelineEntry(time: time, body: .command(command, by: owner))
    }

    static func launched(_ request: TaskRequest, at time: TimeInterval) -> TimelineEntry {
        event(
            .scheduledTaskLaunched(ScheduledTaskLaunch(identifier: request.identifier, kind: request.kind.launchKind)),
            at: time)
    }

    @Test("an accepted submission is pending until its launch; the launch ends with its completion and duration")
    func submitLaunchComplete() throws {
        var history = TaskHistory()
        let changed = history.record(Self.command(.submitTaskRequest(Self.refresh), at: 10))
        #expect(changed)
        #expect(history.believedPending.map(\.request) == [Self.refresh])
        #expect(history.believedPending.first?.by == "ScheduledRefresh")
        history.record(Self.event(.didEnterBackground, at: 20))
        history.record(Self.launched(Self.refresh, at: 1000))
        #expect(history.believedPending.isEmpty)
        #expect(history.submissions.first?.fate == .launched(at: 1000))
        history.record(
            Self.command(.completeScheduledTask(identifier: Self.refresh.identifier, success: true), at: 1012.5))
        let launch = try #require(history.lastLaunch(of: Self.refresh.identifier))
        #expect(launch.reason == .background)
        #expect(launch.outcome == .succeeded)
        #expect(launch.duration == 12.5)
        #expect(history.sinceLastRun(of: Self.refresh.identifier, at: 1600) == 600)
        #expect(history.sinceLastRun(of: Self.sync.identifier, at: 1600) == nil)
    }

    @Test("a refusal marks the submission with its error, and the request it would have replaced stays pending")
    func refusalRestoresTheReplaced() {
        var history = TaskHistory()
        history.record(Self.command(.submitTaskRequest(Self.refresh), at: 10))
        history.record(Self.command(.submitTaskRequest(Self.refresh), at: 20))
        #expect(history.submissions.map(\.fate) == [.replaced(at: 20), .pending])
        history.record(
            Self.event(.scheduledTaskSubmitFailed(identifier: Self.refresh.identifier, error: .unavailable), at: 20))
        #expect(history.submissions.map(\.fate) == [.pending, .refused(.unavailable)])
        #expect(history.submissions.last?.error == .unavailable)
        #expect(history.believedPending.map(\.at) == [10])
    }

    @Test("a cancelled request is no longer pending; cancelling nothing changes nothing")
    func cancel() {
        var history = TaskHistory()
        history.record(Self.command(.submitTaskRequest(Self.sync), at: 10))
        let nothing = history.record(Self.command(.cancelTaskRequest(identifier: "other"), at: 11))
        let cancelled = history.record(Self.command(.cancelTaskRequest(identifier: Self.sync.identifier), at: 12))
        #expect(!nothing)
        #expect(cancelled)
        #expect(history.submissions.first?.fate == .cancelled(at: 12))
        #expect(history.believedPending.isEmpty)
    }

    @Test(
        "each launch's reason: iOS started the process for it, the app was in the background, on screen, or the debug helper asked"
    )
    func reasons() {
        var history = TaskHistory()
        history.record(Self.event(.didFinishLaunching(.scheduledTask), at: 0))
        history.record(Self.launched(Self.refresh, at: 0.2))
        history.record(Self.launched(Self.sync, at: 100))  // same process, later: not what started it
        history.record(Self.event(.didFinishLaunching(.remoteNotification), at: 200))
        history.record(Self.event(.remoteNotification(RemoteNotification(id: "p")), at: 200))
        history.record(Self.launched(Self.refresh, at: 210))  // the push started the process
        history.record(Self.event(.didFinishLaunching(.user), at: 300))
        history.record(Self.launched(Self.sync, at: 310))
        history.record(Self.event(.didEnterBackground, at: 320))
        history.record(
            TimelineEntry(
                time: 330,
                body: .decision(
                    SystemDecision(
                        name: DebugTaskLaunch.decisionName, fields: [Field("identifier", "com.example.refresh")]))))
        history.record(Self.launched(Self.refresh, at: 330))
        #expect(history.launches.map(\.reason) == [.relaunch, .background, .background, .foreground, .simulated])
    }

    @Test("a launch still running when a new process starts ended with its process; an expiration is kept")
    func processEndAndExpiry() throws {
        var history = TaskHistory()
        history.record(Self.event(.didFinishLaunching(.scheduledTask), at: 0))
        history.record(Self.launched(Self.refresh, at: 0))
        history.record(Self.event(.scheduledTaskExpiring(identifier: Self.refresh.identifier), at: 26))
        history.record(Self.event(.didFinishLaunching(.user), at: 4000))
        let launch = try #require(history.launches.first)
        #expect(launch.expiredAt == 26)
        #expect(launch.outcome == .processEnded)
        #expect(launch.duration == nil)  // a device learns of the end only at the next launch
        #expect(history.expirations == [launch])
        // The simulator's state line says when.
        var simulated = TaskHistory()
        simulated.record(Self.launched(Self.refresh, at: 0))
        simulated.record(
            TimelineEntry(
                time: 30, body: .state(StateChange(from: .background, to: .notRunning, cause: "scheduledTaskTimeout"))))
        #expect(simulated.launches.first?.duration == 30)
    }

    @Test("a fetch ends with its completion handler's result")
    func fetch() {
        var history = TaskHistory()
        history.record(
            Self.event(.scheduledTaskLaunched(ScheduledTaskLaunch(identifier: "fetch", kind: .backgroundFetch)), at: 5))
        history.record(Self.command(.completeBackgroundFetch(result: .failed), at: 9))
        #expect(history.launches.first?.outcome == .failed)
        #expect(history.launches.first?.duration == 4)
    }

    @Test("the ledger keeps the newest submissions and launches within its limit and counts the rest")
    func bounded() {
        var history = TaskHistory(limit: 3)
        for index in 0..<5 {
            history.record(Self.command(.submitTaskRequest(Self.refresh), at: Double(index) * 100))
            history.record(Self.launched(Self.refresh, at: Double(index) * 100 + 50))
        }
        #expect(history.submissions.count == 3)
        #expect(history.launches.map(\.at) == [250, 350, 450])
        #expect(history.droppedSubmissions == 2)
        #expect(history.droppedLaunches == 2)
        #expect(history.submissions.map(\.number) == [3, 4, 5])
    }

    @Test("the simulator's refusal on a release without BGTaskScheduler reads as unavailable")
    func classMissing() {
        var history = TaskHistory()
        history.record(Self.command(.submitTaskRequest(Self.refresh), at: 1))
        history.record(
            TimelineEntry(
                time: 1,
                body: .decision(
                    SystemDecision(
                        name: "commandRefused", rules: ["BGT-4", "BGT-9"],
                        fields: [Field("command", "submitTaskRequest"), Field("identifier", "com.example.refresh")]))))
        #expect(history.submissions.first?.error == .unavailable)
    }

    @Test("the ledger survives a process: it encodes and decodes to the same value, state included")
    func codable() throws {
        var history = TaskHistory()
        history.record(Self.event(.didFinishLaunching(.scheduledTask), at: 0))
        history.record(Self.command(.submitTaskRequest(Self.sync), at: 1))
        let data = try JSONEncoder().encode(history)
        var decoded = try JSONDecoder().decode(TaskHistory.self, from: data)
        #expect(decoded == history)
        decoded.record(Self.launched(Self.sync, at: 2))
        history.record(Self.launched(Self.sync, at: 2))
        #expect(decoded == history)
        #expect(decoded.launches.first?.reason == .relaunch)
    }
}
