import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("JobScheduler: tasks, launches, pushes, wake requests, missed deadlines", .watchdog, .cpuBound)
struct JobSchedulerWakeTests {
    static let refresh = "com.wakeful.jobs.refresh"
    static let processing = "com.wakeful.jobs.processing"

    @Test("the task ends when the run completes")
    func endsOnCompletion() {
        var probe = SchedulerProbe([Job(id: "a", interval: 600)])
        let run = probe.handle(.regionExited("r"), SchedulerProbe.background(0, remaining: 30)).runs[0]
        let done = probe.handle(.jobFinished(.completed(run)), SchedulerProbe.background(1, remaining: 29))
        #expect(done.contains(.endBackgroundTask(SchedulerProbe.task1)))
        #expect(probe.scheduler.state(of: "a").lastCompleted == 1)
    }

    @Test("the expiration handler cancels the run and ends the task at once (TASK-12)")
    func endsOnExpiry() {
        var probe = SchedulerProbe([Job(id: "a", interval: 600, expectedDuration: 20, checkpointable: true)])
        let run = probe.handle(.regionExited("r"), SchedulerProbe.background(0, remaining: 30)).runs[0]
        let expiring = probe.handle(
            .backgroundTaskExpiring(SchedulerProbe.task1), SchedulerProbe.background(26, remaining: 4))
        #expect(expiring.contains(.cancelJob(job: "a", run: run.run)))
        #expect(expiring.contains(.endBackgroundTask(SchedulerProbe.task1)))
        #expect(expiring.runs.isEmpty)
    }

    @Test("a denied task starts nothing and leaves nothing open (TASK-16)")
    func denied() {
        var probe = SchedulerProbe([Job(id: "a", interval: 600)])
        let first = probe.handle(
            .visit(
                Visit(
                    coordinate: Coordinate(latitude: 0, longitude: 0), horizontalAccuracy: 50, arrival: 0,
                    departure: nil)), SchedulerProbe.background(0))
        #expect(first.contains(.beginBackgroundTask(SchedulerProbe.task1)))
        let denied = probe.handle(.backgroundTaskDenied(SchedulerProbe.task1), SchedulerProbe.background(0))
        #expect(!denied.contains(.endBackgroundTask(SchedulerProbe.task1)), "a denied task is not ended")
        let fit = probe.handle(.timerFired(JobScheduler.fitTimer), SchedulerProbe.background(0.001))
        #expect(fit.runs.isEmpty)
        #expect(
            !fit.contains { if case .beginBackgroundTask = $0 { true } else { false } },
            "no retry loop on the same wake")
    }

    @Test("a failed run ends the task")
    func endsOnFailure() {
        var probe = SchedulerProbe([Job(id: "a", interval: 600)])
        let run = probe.handle(.regionExited("r"), SchedulerProbe.background(0, remaining: 30)).runs[0]
        let failed = probe.handle(
            .jobFinished(JobResult(job: "a", run: run.run, outcome: .failed, progress: 0, reason: "network lost")),
            SchedulerProbe.background(3, remaining: 27))
        #expect(failed.contains(.endBackgroundTask(SchedulerProbe.task1)))
    }

    @Test("in its own refresh it holds no task, fits 30 s (BGT-4) and completes the task when done")
    func ownRefresh() {
        var probe = SchedulerProbe([Job(id: "a", interval: 600, expectedDuration: 10)])
        let launched = probe.handle(
            .scheduledTaskLaunched(ScheduledTaskLaunch(identifier: Self.refresh, kind: .appRefresh)),
            SchedulerProbe.background(0))
        #expect(launched.runs.map(\.budget) == [25])
        #expect(!launched.contains { if case .beginBackgroundTask = $0 { true } else { false } })
        let done = probe.handle(.jobFinished(.completed(launched.runs[0])), SchedulerProbe.background(10))
        #expect(done.contains(.completeScheduledTask(identifier: Self.refresh, success: true)))
    }

    @Test("the refresh's expiration handler cancels the run; the task is completed unsuccessfully with its checkpoint")
    func refreshExpiry() {
        var probe = SchedulerProbe([Job(id: "a", interval: 600, expectedDuration: 10, checkpointable: true)])
        let run = probe.handle(
            .scheduledTaskLaunched(ScheduledTaskLaunch(identifier: Self.refresh, kind: .appRefresh)),
            SchedulerProbe.background(0)
        ).runs[0]
        let expiring = probe.handle(.scheduledTaskExpiring(identifier: Self.refresh), SchedulerProbe.background(3))
        #expect(expiring.contains(.cancelJob(job: "a", run: run.run)))
        let checkpoint = JobResult(job: "a", run: run.run, outcome: .checkpointed, progress: 0.3, checkpoint: "k")
        let reported = probe.handle(.jobFinished(checkpoint), SchedulerProbe.background(3))
        #expect(
            reported.contains(.completeScheduledTask(identifier: Self.refresh, success: false)),
            "completed with the checkpoint")
        #expect(reported.runs.isEmpty, "nothing new in an expiring launch")
        #expect(probe.scheduler.state(of: "a").checkpoint == "k")
    }

    @Test("after a wake it asks for a refresh at the next due time and a processing task for power jobs")
    func requestsWakes() {
        var probe = SchedulerProbe([
            Job(id: "a", interval: 900, expectedDuration: 5),
            Job(
                id: "night", interval: 86_400, expectedDuration: 300, requiresExternalPower: true, checkpointable: true),
        ])
        let run = probe.handle(.regionExited("r"), SchedulerProbe.background(0, remaining: 30)).runs[0]
        let done = probe.handle(.jobFinished(.completed(run)), SchedulerProbe.background(5, remaining: 25))
        let requests = done.submitted
        #expect(requests.map(\.identifier) == [Self.refresh, Self.processing])
        #expect(requests.first?.earliestBeginDate == 905)
        #expect(requests.last?.requiresExternalPower == true)
        #expect(
            requests.last?.earliestBeginDate == 5 + JobScheduler.blockedRetry,
            "due now but without power: asked for later")
        let again = probe.handle(.regionEntered("r"), SchedulerProbe.background(10, remaining: 30))
        #expect(again.submitted.isEmpty, "the pending requests are not earlier than needed")
    }

    @Test("a refused request is recorded and not submitted again until the app is opened")
    func refusedRequest() {
        var probe = SchedulerProbe([Job(id: "a", interval: 900)])
        let run = probe.handle(.regionExited("r"), SchedulerProbe.background(0, remaining: 30)).runs[0]
        #expect(
            !probe.handle(.jobFinished(.completed(run)), SchedulerProbe.background(1, remaining: 29)).submitted.isEmpty)
        let refused = probe.handle(
            .scheduledTaskSubmitFailed(identifier: Self.refresh, error: .unavailable),
            SchedulerProbe.background(1, remaining: 29))
        #expect(refused.records.map(\.kind) == [JobScheduler.wakeRefusedRecordKind])
        #expect(probe.handle(.regionEntered("r"), SchedulerProbe.background(2, remaining: 28)).submitted.isEmpty)
        _ = probe.handle(.didBecomeActive, SchedulerProbe.foreground(3))
        #expect(!probe.handle(.didEnterBackground, SchedulerProbe.background(4, remaining: 26)).submitted.isEmpty)
    }

    @Test("it completes the silent push when its runs are done (PUSH-6)")
    func completesPush() {
        var probe = SchedulerProbe([Job(id: "a", interval: 600)], completesPushes: true)
        let arrived = probe.handle(.remoteNotification(RemoteNotification(id: "p1")), SchedulerProbe.background(0))
        #expect(arrived.timer(JobScheduler.pushTimer)?.interval == 25)
        let fit = probe.handle(.timerFired(JobScheduler.fitTimer), SchedulerProbe.background(0.001, remaining: 30))
        let done = probe.handle(.jobFinished(.completed(fit.runs[0])), SchedulerProbe.background(1, remaining: 29))
        #expect(done.contains(.completeRemoteNotification(id: "p1", result: .newData)))
    }

    @Test(
        "a missed deadline is recorded once, with the reason it saw",
        arguments: [
            ("no wake", "no wake in the window"), ("no network", "no network"), ("too short", JobScheduler.tooShort),
        ])
    func missedDeadline(situation: String, reason: String) {
        var probe = SchedulerProbe([
            Job(id: "a", interval: 600, deadline: 300, expectedDuration: 60, requiresNetwork: true)
        ])
        let run = probe.handle(.didFinishLaunching(.user), SchedulerProbe.foreground(0)).runs[0]
        _ = probe.handle(.jobFinished(.completed(run)), SchedulerProbe.foreground(60))  // next due at 660, deadline 960
        switch situation {
        case "no network":
            _ = probe.handle(.regionEntered("r"), SchedulerProbe.background(700, remaining: 30, network: .none))
        case "too short": _ = probe.handle(.regionEntered("r"), SchedulerProbe.background(700, remaining: 30))
        default: break
        }
        let late = probe.handle(.regionExited("r"), SchedulerProbe.background(1000, remaining: 30, network: .none))
        let missed = late.records.filter { $0.kind == JobScheduler.missedRecordKind }
        #expect(missed.count == 1)
        #expect(missed.first?.fields["reason"] == .string(reason))
        #expect(missed.first?.fields["dueAt"] == .double(660))
        #expect(missed.first?.fields["deadline"] == .double(960))
        #expect(
            probe.handle(.regionEntered("r"), SchedulerProbe.background(1001, remaining: 29, network: .none)).records
                .isEmpty, "once")
    }

    @Test("a lower-priority job kept waiting is reported as preempted")
    func preempted() {
        var probe = SchedulerProbe([
            Job(id: "big", interval: 600, expectedDuration: 20, priority: .high),
            Job(id: "small", interval: 600, deadline: 30, expectedDuration: 5),
        ])
        let run = probe.handle(.regionEntered("r"), SchedulerProbe.background(0, remaining: 30)).runs[0]
        #expect(run.job == "big")
        _ = probe.handle(.backgroundTaskExpiring(SchedulerProbe.task1), SchedulerProbe.background(25, remaining: 4))
        let late = probe.handle(.regionExited("r"), SchedulerProbe.background(100, remaining: 30))
        #expect(late.records.first?.fields["reason"] == .string("preempted by higher priority"))
    }

    @Test("while the app runs without limit it keeps a timer for the next due time")
    func nextTimer() {
        var probe = SchedulerProbe([Job(id: "a", interval: 300)])
        let run = probe.handle(.didFinishLaunching(.user), SchedulerProbe.foreground(0)).runs[0]
        let done = probe.handle(.jobFinished(.completed(run)), SchedulerProbe.foreground(2))
        #expect(done.timer(JobScheduler.nextTimer)?.interval == 300)
        #expect(
            probe.handle(.timerFired(JobScheduler.nextTimer), SchedulerProbe.foreground(302)).runs.map(\.job) == ["a"])
    }

    @Test("requirements: fetch and processing modes with their identifiers")
    func requirements() {
        let scheduler = JobScheduler(
            options: .init(jobs: [Job(id: "n", interval: 86_400, requiresExternalPower: true)]))
        #expect(scheduler.requirements.backgroundModes == [.fetch, .processing])
        #expect(scheduler.requirements.taskIdentifiers == [Self.refresh, Self.processing])
        let bare = JobScheduler(options: .init(jobs: [Job(id: "a", interval: 60)], refreshIdentifier: nil))
        #expect(bare.requirements.backgroundModes.isEmpty)
    }
}
