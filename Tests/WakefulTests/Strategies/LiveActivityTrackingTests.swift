import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// ``LiveActivityTracking`` as a pure state machine (LIVE-2, LIVE-4, LIVE-5).
@Suite("LiveActivityTracking", .watchdog, .cpuBound)
struct LiveActivityTrackingTests {
    @Test("in the app: observes at launch, requests once on screen, records its token")
    func inApp() {
        var strategy = LiveActivityTracking(
            options: .init(attributes: ["restaurant": "Roma"], contentState: ["status": "placed"], staleAfter: 600))
        #expect(
            strategy.handle(.didFinishLaunching(.user), in: Contexts.inactive(0)) == [
                .observeLiveActivities(attributesType: "DeliveryAttributes", pushToStart: false)
            ])
        let request = strategy.handle(.didBecomeActive, in: Contexts.foreground(2))
        #expect(
            request == [
                .requestLiveActivity(
                    LiveActivityRequest(
                        id: "order", attributesType: "DeliveryAttributes", attributes: [Field("restaurant", "Roma")],
                        contentState: [Field("status", "placed")], staleDate: 602))
            ])
        // Back on screen later: no second request.
        #expect(strategy.handle(.didBecomeActive, in: Contexts.foreground(90)).isEmpty)
        let token = strategy.handle(
            .liveActivityPushToken(activity: "order", token: "ab"), in: Contexts.background(3))
        #expect(token.records.map(\.kind) == [LiveActivityTracking.tokenRecord])
        #expect(token.records.first?.fields["type"] == "update")
        // Another activity's token is not this one's.
        #expect(
            strategy.handle(.liveActivityPushToken(activity: "other", token: "cd"), in: Contexts.background(4)).isEmpty)
    }

    @Test("in the app: an activity already running is not requested again")
    func knownActivity() {
        var strategy = LiveActivityTracking()
        let started = strategy.handle(
            .liveActivityStarted(
                LiveActivityStart(activity: "order", attributesType: "DeliveryAttributes", origin: .push)),
            in: Contexts.inactive(0))
        #expect(started.records.first?.fields["origin"] == "push")
        #expect(strategy.activityKnown)
        #expect(strategy.handle(.didBecomeActive, in: Contexts.foreground(1)).isEmpty)
    }

    @Test("by push: observes the push-to-start token, never requests, records failures and states")
    func byPush() {
        var strategy = LiveActivityTracking(options: .init(start: .push))
        #expect(
            strategy.handle(.didFinishLaunching(.liveActivity), in: Contexts.background(0)) == [
                .observeLiveActivities(attributesType: "DeliveryAttributes", pushToStart: true)
            ])
        #expect(strategy.handle(.didBecomeActive, in: Contexts.foreground(1)).isEmpty)
        let token = strategy.handle(.liveActivityPushToStartToken("ef"), in: Contexts.background(2))
        #expect(token.records.first?.fields["type"] == "pushToStart")
        let failed = strategy.handle(
            .liveActivityRequestFailed(id: "order", error: .visibility), in: Contexts.background(3))
        #expect(failed.records.first?.fields["error"] == "visibility")
        let ended = strategy.handle(
            .liveActivityStateChanged(activity: "order", state: .ended), in: Contexts.background(4))
        #expect(ended.records.first?.fields["phase"] == "ended")
    }

    @Test("a negative staleAfter is refused")
    func options() {
        #expect(LiveActivityTracking.Options(staleAfter: -1).rangeViolations.map(\.key) == ["staleAfter"])
        #expect(LiveActivityTracking.Options().rangeViolations.isEmpty)
    }
}
