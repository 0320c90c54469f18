import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("ScheduledRefresh", .watchdog, .cpuBound)
struct ScheduledRefreshTests {
    static let refreshID = "com.wakeful.refresh"
    static let syncID = "com.wakeful.sync"

    @Test("requirements: fetch and processing modes, both identifiers (BGT-9)")
    func requirements() {
        let strategy = ScheduledRefresh()
        #expect(strategy.name == "ScheduledRefresh")
        #expect(strategy.requirements.backgroundModes == [.fetch, .processing])
        #expect(strategy.requirements.taskIdentifiers == [Self.refreshID, Self.syncID])
        var options = ScheduledRefresh.Options()
        options.schedulesProcessing = false
        #expect(ScheduledRefresh(options: options).requirements.backgroundModes == [.fetch])
        #expect(ScheduledRefresh(options: options).requirements.taskIdentifiers == [Self.refreshID])
    }

    @Test("sets the fetch interval at launch and submits both requests on entering the background")
    func submits() {
        var strategy = ScheduledRefresh()
        #expect(
            strategy.handle(.didFinishLaunching(.user), in: Contexts.foreground()) == [
                .setMinimumBackgroundFetchInterval(3600)
            ])
        #expect(
            strategy.handle(.didEnterBackground, in: Contexts.background(100)) == [
                .submitTaskRequest(TaskRequest(identifier: Self.refreshID, kind: .appRefresh, earliestBeginDate: 3700)),
                .submitTaskRequest(
                    TaskRequest(
                        identifier: Self.syncID, kind: .processing, earliestBeginDate: nil, requiresExternalPower: true,
                        requiresNetworkConnectivity: true)),
            ])
    }

    @Test("a refresh launch works, records, completes and resubmits")
    func refreshLaunch() {
        var strategy = ScheduledRefresh()
        let launch = Event.scheduledTaskLaunched(ScheduledTaskLaunch(identifier: Self.refreshID, kind: .appRefresh))
        #expect(
            strategy.handle(launch, in: Contexts.background(1000)) == [
                .setTimer(TimerRequest(id: ScheduledRefresh.refreshWork, interval: 5))
            ])
        #expect(
            strategy.handle(.timerFired(ScheduledRefresh.refreshWork), in: Contexts.background(1005)) == [
                .record(Record(kind: "refresh", fields: [Field("via", "appRefresh")])),
                .completeScheduledTask(identifier: Self.refreshID, success: true),
                .submitTaskRequest(TaskRequest(identifier: Self.refreshID, kind: .appRefresh, earliestBeginDate: 4605)),
            ])
    }

    @Test("a fetch launch completes through the fetch handler and does not resubmit")
    func fetchLaunch() {
        var strategy = ScheduledRefresh()
        _ = strategy.handle(
            .scheduledTaskLaunched(ScheduledTaskLaunch(identifier: "fetch", kind: .backgroundFetch)),
            in: Contexts.background(10))
        #expect(
            strategy.handle(.timerFired(ScheduledRefresh.refreshWork), in: Contexts.background(15)) == [
                .record(Record(kind: "refresh", fields: [Field("via", "backgroundFetch")])),
                .completeBackgroundFetch(result: .newData),
            ])
    }

    @Test("a processing launch syncs and completes; expiry stops it unsuccessfully")
    func processing() {
        var strategy = ScheduledRefresh()
        let launch = Event.scheduledTaskLaunched(ScheduledTaskLaunch(identifier: Self.syncID, kind: .processing))
        #expect(
            strategy.handle(launch, in: Contexts.background(0)) == [
                .setTimer(TimerRequest(id: ScheduledRefresh.syncWork, interval: 120))
            ])
        #expect(
            strategy.handle(.timerFired(ScheduledRefresh.syncWork), in: Contexts.background(120)) == [
                .record(Record(kind: "sync")), .completeScheduledTask(identifier: Self.syncID, success: true),
            ])
        _ = strategy.handle(launch, in: Contexts.background(200))
        #expect(
            strategy.handle(.scheduledTaskExpiring(identifier: Self.syncID), in: Contexts.background(499)) == [
                .record(Record(kind: "taskExpired", fields: [Field("identifier", .string(Self.syncID))])),
                .cancelTimer(ScheduledRefresh.syncWork),
                .completeScheduledTask(identifier: Self.syncID, success: false),
            ])
        #expect(strategy.handle(.timerFired(ScheduledRefresh.syncWork), in: Contexts.background(500)).isEmpty)
    }

    @Test("unknown launches and expiries are ignored; submit errors are recorded")
    func others() {
        var strategy = ScheduledRefresh()
        #expect(
            strategy.handle(
                .scheduledTaskLaunched(ScheduledTaskLaunch(identifier: "other", kind: .appRefresh)),
                in: Contexts.background()
            ).isEmpty)
        #expect(strategy.handle(.scheduledTaskExpiring(identifier: "other"), in: Contexts.background()).isEmpty)
        #expect(
            strategy.handle(
                .scheduledTaskSubmitFailed(identifier: Self.refreshID, error: .unavailable), in: Contexts.background())
                == [
                    .record(
                        Record(
                            kind: "submitFailed",
                            fields: [Field("identifier", .string(Self.refreshID)), Field("error", "unavailable")]))
                ])
    }
}
