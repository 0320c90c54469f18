import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// ActivityKit pushes as the device takes them: shown without waking the app, within the budget,
/// in timestamp order; push-to-start and the short launch after it (LIVE-4 to LIVE-9, PUSH-8).
@Suite("Live Activities: ActivityKit pushes (LIVE-4..9, PUSH-8)", .watchdog, .cpuBound)
struct LiveActivityPushTests {
    @Test(
        "updates are shown while the app stays suspended: nothing wakes it (LIVE-8)", arguments: ["16.2", "17", "26"])
    func updatesDoNotWakeTheApp(version: String) throws {
        let pushes = (1...6).map { LiveActivityScenarios.update(at: Double($0) * 300, "step \($0)", priority: 5) }
        let trace = Trace(
            LiveActivityScenarios.make(pushes: pushes, duration: 2000), ios: try Versions.parse(version),
            setup: LiveActivityScenarios.inApp)
        #expect(trace.shownUpdates.map(\.time) == [300, 600, 900, 1200, 1500, 1800])
        #expect(trace.shownUpdates.allSatisfy { $0.appState == "suspended" })
        // Suspended once, after the grace period, and never woken.
        #expect(trace.states(to: .background).count == 1)
        #expect(trace.metrics.wakes.values.reduce(0, +) == 0)
        #expect(trace.metrics.backgroundRunningSeconds < 10)
        #expect(trace.decisions("liveActivityUpdated").allSatisfy { $0.decision.rules == ["LIVE-8"] })
    }

    @Test("the server has no token for an activity that takes no pushes (LIVE-5)")
    func noToken() throws {
        let app = Scripted("NoPush") { event, _ in
            guard case .didFinishLaunching = event else { return [] }
            return [
                .requestLiveActivity(
                    LiveActivityRequest(id: "order", attributesType: "DeliveryAttributes", receivesPushUpdates: false))
            ]
        }
        let trace = Trace(
            LiveActivityScenarios.make(pushes: [LiveActivityScenarios.update(at: 300, "x")]), ios: IOSVersion(17),
            setup: .custom(app))
        #expect(trace.decisions("liveActivityTokenIssued").isEmpty)
        #expect(trace.notShown == ["the server has no update token for \"order\": the app never received one"])
    }

    @Test(
        "priority 10 draws on a budget: 15 an hour, 60 with frequent updates the user allows (LIVE-6)",
        arguments: [
            ("17", false, true, 15), ("17", true, true, 20), ("17", true, false, 15), ("16.1", true, true, 15),
        ])
    func budget(version: String, declared: Bool, allowed: Bool, shown: Int) throws {
        let pushes = (1...20).map { LiveActivityScenarios.update(at: 100 + Double($0) * 60, "step \($0)") }
        let trace = Trace(
            LiveActivityScenarios.make(
                pushes: pushes, duration: 1600, support: LiveActivitySupport(frequentUpdates: declared),
                settings: LiveActivitySettings(frequentUpdates: allowed)),
            ios: try Versions.parse(version), setup: LiveActivityScenarios.inApp)
        #expect(trace.shownUpdates.count == shown)
        #expect(trace.notShown.count == 20 - shown)
        if shown < 20 {
            #expect(trace.decisions("liveActivityPushNotShown").first?.decision.rules == ["LIVE-6"])
        }
    }

    @Test("priority 5 draws on no budget (LIVE-6)")
    func priority5Unbudgeted() throws {
        let pushes = (1...20).map { LiveActivityScenarios.update(at: 100 + Double($0) * 60, "step \($0)", priority: 5) }
        let trace = Trace(
            LiveActivityScenarios.make(pushes: pushes, duration: 1600), ios: IOSVersion(17),
            setup: LiveActivityScenarios.inApp)
        #expect(trace.shownUpdates.count == 20)
    }

    @Test("an update older than the content shown is ignored; an ended activity takes none (LIVE-9)")
    func ordering() throws {
        let pushes = [
            LiveActivityScenarios.update(at: 300, "new"),
            LiveActivityScenarios.update(at: 400, "old", timestamp: 200),
            LiveActivityScenarios.end(at: 500),
            LiveActivityScenarios.update(at: 600, "after"),
        ]
        let trace = Trace(
            LiveActivityScenarios.make(pushes: pushes), ios: IOSVersion(17), setup: LiveActivityScenarios.inApp)
        #expect(trace.shownUpdates.map(\.time) == [300])
        #expect(
            trace.notShown == [
                "its timestamp is older than the content shown", "the activity has ended; it takes no updates",
            ])
        #expect(trace.decisions("liveActivityEnded").map(\.time) == [500])
    }

    @Test("a priority-5 update to a phone idle for 30 min comes 7–10 min late (PUSH-8)")
    func grouping() throws {
        let trace = Trace(
            LiveActivityScenarios.make(pushes: [LiveActivityScenarios.update(at: 2400, "late", priority: 5)]),
            ios: IOSVersion(17), setup: LiveActivityScenarios.inApp)
        let shown = try #require(trace.shownUpdates.first)
        #expect(shown.time >= 2400 + 420 && shown.time <= 2400 + 600)
        #expect(trace.decisions("pushGrouped").count == 1)
    }

    @Test(
        "push-to-start needs iOS 17.2 and the token the app received (LIVE-4)",
        arguments: [("17", false), ("17.2", true), ("26", true)])
    func pushToStart(version: String, starts: Bool) throws {
        let pushes = [LiveActivityScenarios.start(at: 300), LiveActivityScenarios.update(at: 600, "cooking")]
        let trace = Trace(
            LiveActivityScenarios.make(pushes: pushes), ios: try Versions.parse(version),
            setup: LiveActivityScenarios.byPush)
        #expect(trace.decisions("liveActivityStarted").map(\.time) == (starts ? [300] : []))
        #expect(trace.shownUpdates.map(\.time) == (starts ? [600] : []))
        if !starts {
            #expect(trace.notShown.first == "push-to-start needs iOS 17.2")
        }
    }

    @Test("an app that never observed the push-to-start token gets no push-started activity (LIVE-4)")
    func pushToStartWithoutToken() throws {
        let trace = Trace(
            LiveActivityScenarios.make(pushes: [LiveActivityScenarios.start(at: 300, activity: "second")]),
            ios: IOSVersion(17, 2), setup: LiveActivityScenarios.inApp)
        #expect(trace.decisions("liveActivityPushToStartTokenIssued").isEmpty)
        #expect(
            trace.notShown == [
                "the server has no push-to-start token: the app never received one (pushToStartTokenUpdates)"
            ])
    }

    @Test("after a push-to-start the app runs a few seconds to take the activity and its token (LIVE-7)")
    func shortLaunch() throws {
        let trace = Trace(
            LiveActivityScenarios.make(pushes: [LiveActivityScenarios.start(at: 300)]), ios: IOSVersion(17, 2),
            setup: LiveActivityScenarios.byPush)
        let wake = try #require(trace.states(to: .background).last)
        #expect(same(wake.time, 300) && wake.change.cause == "liveActivityWake" && wake.change.rules == ["LIVE-7"])
        let suspension = try #require(trace.states(to: .suspended).last)
        #expect(same(suspension.time, 310))
        #expect(suspension.change.rules.contains("LIVE-7"))
        let tokens = trace.records(LiveActivityTracking.tokenRecord).filter { $0.record.fields["type"] == "update" }
        #expect(tokens.map(\.time) == [301])
        #expect(trace.metrics.wakes["liveActivity"] == 1)
    }

    @Test("a terminated app is launched; a force-quit one is not, and its server gets no token (LIVE-7)")
    func launchAndForceQuit() throws {
        let pushes = [LiveActivityScenarios.start(at: 300), LiveActivityScenarios.update(at: 600, "cooking")]
        let killed = Trace(
            LiveActivityScenarios.make(pushes: pushes, actions: [UserAction(at: 200, .memoryPressure)]),
            ios: IOSVersion(17, 2), setup: LiveActivityScenarios.byPush)
        #expect(killed.events { $0 == .didFinishLaunching(.liveActivity) }.map(\.time) == [300])
        #expect(killed.shownUpdates.map(\.time) == [600])
        let quit = Trace(
            LiveActivityScenarios.make(pushes: pushes, actions: [UserAction(at: 200, .forceQuit)]),
            ios: IOSVersion(17, 2), setup: LiveActivityScenarios.byPush)
        #expect(quit.decisions("liveActivityStarted").map(\.time) == [300])
        #expect(quit.decisions("liveActivityLaunchRefused").map(\.time) == [300])
        #expect(quit.notShown == ["the server has no update token for \"order\": the app never received one"])
    }

    @Test("more than 10 push-to-start pushes within the hour start nothing more (LIVE-4)")
    func pushToStartBudget() throws {
        var pushes: [ScheduledPush] = []
        for index in 1...11 {
            pushes.append(LiveActivityScenarios.start(at: Double(index) * 100, activity: "a\(index)"))
            pushes.append(
                LiveActivityScenarios.end(at: Double(index) * 100 + 50, activity: "a\(index)", dismissalDate: 0))
        }
        let trace = Trace(
            LiveActivityScenarios.make(pushes: pushes, duration: 2000), ios: IOSVersion(17, 2),
            setup: .custom(LiveActivityTracking(options: .init(activity: "a1", start: .push))))
        #expect(trace.decisions("liveActivityStarted").count == 10)
        #expect(trace.notShown.first == "push-to-start budget exceeded: 10 within the hour")
    }
}
