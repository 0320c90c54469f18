import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("TaskSchedulerStatus and the debug launch: what is pending, and when a launch is refused", .watchdog, .cpuBound)
struct TaskSchedulerStatusTests {
    static let refresh = TaskSchedulerStatusTests.request("com.example.refresh", .appRefresh)
    static let sync = TaskSchedulerStatusTests.request("com.example.sync", .processing)

    static func request(_ identifier: String, _ kind: TaskRequest.Kind) -> TaskRequest {
        TaskRequest(identifier: identifier, kind: kind)
    }

    static func history(_ entries: [TimelineEntry]) -> TaskHistory { TaskHistory(entries) }

    @Test(
        "iOS's pending list gets the ledger's submission times; what the ledger thinks pending and iOS does not list is named"
    )
    func pendingAndNotListed() {
        let history = Self.history([
            TimelineEntry(time: 100, body: .command(.submitTaskRequest(Self.refresh), by: "ScheduledRefresh")),
            TimelineEntry(time: 200, body: .command(.submitTaskRequest(Self.sync), by: "ScheduledRefresh")),
        ])
        let status = TaskSchedulerStatus(at: 4000, pendingRequests: [Self.refresh], history: history)
        #expect(status.pending == [TaskSchedulerStatus.Pending(request: Self.refresh, submittedAt: 100)])
        #expect(status.isPending("com.example.refresh"))
        #expect(!status.isPending("com.example.sync"))
        #expect(status.notListed.map(\.request) == [Self.sync])
        #expect(status.sinceLastRun == nil)
        #expect(
            status.lines == [
                "pending: com.example.refresh (appRefresh, submitted 1 h 05 min ago)",
                "not listed by iOS: com.example.sync, submitted 1 h 03 min ago",
                "since last run: never ran",
            ])
    }

    @Test("the lines give each identifier's last run, its reason, duration and end")
    func lastRuns() {
        let history = Self.history([
            TimelineEntry(time: 0, body: .event(.didFinishLaunching(.scheduledTask))),
            TimelineEntry(
                time: 1,
                body: .event(
                    .scheduledTaskLaunched(ScheduledTaskLaunch(identifier: "com.example.refresh", kind: .appRefresh)))),
            TimelineEntry(time: 25, body: .event(.scheduledTaskExpiring(identifier: "com.example.refresh"))),
            TimelineEntry(
                time: 26,
                body: .command(
                    .completeScheduledTask(identifier: "com.example.refresh", success: false), by: "ScheduledRefresh")),
        ])
        let status = TaskSchedulerStatus(at: 7201, pendingRequests: [], history: history)
        #expect(status.sinceLastRun == 7200)
        #expect(
            status.lines == [
                "pending: none",
                "last run: com.example.refresh 2 h 00 min ago (relaunch, ran 25 s, expired, failed); 1 run kept",
                "since last run: 2 h 00 min",
            ])
    }

    @Test("a debug launch is refused, in iOS's words, unless a request of the identifier is pending (BGT-17)")
    func debugLaunch() {
        #expect(DebugTaskLaunch.check("com.example.refresh", pending: [Self.refresh, Self.sync]) == .launch)
        let refused = DebugTaskLaunch.check("com.example.other", pending: [Self.refresh])
        #expect(refused == .refused(.notPending(identifier: "com.example.other", pending: ["com.example.refresh"])))
        guard case .refused(let refusal) = refused else { return }
        #expect(
            refusal.message.hasPrefix("No task request with identifier com.example.other has been scheduled (BGT-17)"))
        #expect(DebugTaskLaunch.check("com.example.refresh", pending: []) != .launch)
    }

    @Test("the debug launch's timeline decisions name the identifier and the rules, and a refusal its reason")
    func debugLaunchEntries() {
        let launch = DebugTaskLaunch.launch.entry(for: "com.example.refresh", at: 5)
        #expect(
            launch.body
                == .decision(
                    SystemDecision(
                        name: "taskLaunchSimulated", rules: ["BGT-10", "BGT-17"],
                        fields: [Field("identifier", "com.example.refresh")])))
        let refused = DebugTaskLaunch.refused(.appNotRunning).entry(for: "x", at: 5)
        guard case .decision(let decision) = refused.body else {
            Issue.record("not a decision")
            return
        }
        #expect(decision.name == "taskLaunchNotSimulated")
        #expect(decision.fields.contains(Field("why", "appNotRunning")))
    }
}

@Suite("PendingTaskList: what getPendingTaskRequests answered, in the timeline", .watchdog)
struct PendingTaskListTests {
    @Test("the entry names each pending request with its kind, in iOS's order, and says none when none is")
    func entry() throws {
        let refresh = TaskRequest(identifier: "com.example.refresh", kind: .appRefresh)
        let sync = TaskRequest(identifier: "com.example.sync", kind: .processing)
        let entry = PendingTaskList.entry([refresh, sync], at: 42)
        #expect(entry.time == 42)
        guard case .decision(let decision) = entry.body else { Issue.record("not a decision: \(entry)"); return }
        #expect(decision.name == PendingTaskList.decisionName)
        #expect(decision.fields["count"] == .int(2))
        #expect(
            decision.fields["pending"] == .string("com.example.refresh (appRefresh), com.example.sync (processing)"))
        guard case .decision(let empty) = PendingTaskList.entry([], at: 0).body else { return }
        #expect(empty.fields["pending"] == .string("none"))
        // A line of the timeline like any other: it reads back as written.
        var buffer = JSONLinesBuffer()
        buffer.append(entry)
        let decoded = try TimelineDecoder.decode(line: buffer.bytes.dropLast(), file: "", lineNumber: 1)
        #expect(decoded == entry)
    }
}
