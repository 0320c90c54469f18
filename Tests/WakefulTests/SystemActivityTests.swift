import Testing
import Wakeful
import WakefulTestSupport

@Suite("SystemActivity: what iOS did, in a sentence", .watchdog, .cpuBound)
struct SystemActivityTests {
    static func event(_ event: Event) -> TimelineEntry { TimelineEntry(time: 0, body: .event(event)) }

    @Test("a launch in the background names its cause; a user's launch is not iOS's doing")
    func launches() throws {
        let region = try #require(SystemActivity(Self.event(.didFinishLaunching(.region))))
        #expect(region.title == "Launched in the background")
        #expect(region.detail == "iOS launched the app for a region or beacon event (STATE-2).")
        #expect(SystemActivity(Self.event(.didFinishLaunching(.user))) == nil)
        for reason in LaunchReason.allCases where !reason.isForeground {
            #expect(SystemActivity(Self.event(.didFinishLaunching(reason))) != nil, "\(reason)")
        }
    }

    @Test("the end of background time, a refused schedule and a scheduled run are described with their identifiers")
    func tasks() throws {
        let expiring = try #require(
            SystemActivity(Self.event(.backgroundTaskExpiring(BackgroundTaskID(owner: "TaskExtension", serial: 2)))))
        #expect(expiring.detail.contains("TASK-13"))
        let refused = try #require(
            SystemActivity(
                Self.event(.scheduledTaskSubmitFailed(identifier: "com.example.refresh", error: .notPermitted))))
        #expect(refused.detail == "iOS refused to schedule com.example.refresh: notPermitted (BGT-9).")
        let ran = try #require(
            SystemActivity(
                Self.event(
                    .scheduledTaskLaunched(ScheduledTaskLaunch(identifier: "com.example.refresh", kind: .appRefresh)))))
        #expect(ran.detail.contains("com.example.refresh"))
    }

    @Test("the app's own doing is not reported: commands, foreground transitions, a user's action")
    func notSystem() {
        #expect(SystemActivity(Self.event(.didBecomeActive)) == nil)
        #expect(
            SystemActivity(
                TimelineEntry(
                    time: 0, body: .command(.endBackgroundTask(BackgroundTaskID(owner: "A", serial: 1)), by: "A")))
                == nil)
        #expect(SystemActivity(TimelineEntry(time: 0, body: .user(action: "open", fields: []))) == nil)
    }

    @Test("MetricKit's background exits are reported with their counts and rules")
    func exits() throws {
        let decision = SystemDecision(
            name: BackgroundExitReport.decisionName, rules: ["TASK-13"],
            fields: [Field("periodStart", 1), Field("backgroundTaskAssertionTimeout", 2)])
        let activity = try #require(SystemActivity(TimelineEntry(time: 0, body: .decision(decision))))
        #expect(activity.detail == "MetricKit's count of background exits: backgroundTaskAssertionTimeout 2 (TASK-13).")
    }
}
