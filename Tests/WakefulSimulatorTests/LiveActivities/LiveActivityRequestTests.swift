import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Starting, updating and ending a Live Activity from the app, and its life (LIVE-1, LIVE-2,
/// LIVE-3, LIVE-5, LIVE-10).
@Suite("Live Activities: the app's requests and the activity's life (LIVE-1..3, LIVE-5, LIVE-10)", .watchdog, .cpuBound)
struct LiveActivityRequestTests {
    /// Requests `order` when told (at launch in the foreground, or 2 s into the background), and
    /// records what it hears.
    static func requester(inBackground: Bool = false, count: Int = 1, staleAfter: TimeInterval? = nil) -> Scripted {
        Scripted("Requester") { event, context in
            func requests() -> [Command] {
                (1...count).map { index in
                    .requestLiveActivity(
                        LiveActivityRequest(
                            id: count == 1 ? "order" : "order-\(index)", attributesType: "DeliveryAttributes",
                            contentState: [Field("status", "placed")],
                            staleDate: staleAfter.map { context.now + $0 }))
                }
            }
            switch event {
            case .didFinishLaunching where !inBackground: return requests()
            case .didEnterBackground where inBackground: return [.setTimer(TimerRequest(id: "late", interval: 2))]
            case .timerFired("late"): return requests()
            case .liveActivityRequestFailed(let id, let error):
                return [
                    .record(
                        Record(
                            kind: "failed", fields: [Field("id", .string(id)), Field("error", .string(error.rawValue))])
                    )
                ]
            case .liveActivityPushToken(let activity, _):
                return [.record(Record(kind: "token", fields: [Field("activity", .string(activity))]))]
            case .liveActivityStateChanged(let activity, let state):
                return [
                    .record(
                        Record(
                            kind: "state",
                            fields: [Field("activity", .string(activity)), Field("state", .string(state.rawValue))]))
                ]
            default: return []
            }
        }
    }

    static func failures(_ trace: Trace) -> [String] {
        trace.records("failed").compactMap { $0.record.fields["error"]?.description }
    }

    @Test(
        "Live Activities exist from iOS 16.1 (LIVE-1)",
        arguments: [("15", false), ("16.0", false), ("16.1", true), ("17", true), ("26", true)])
    func availability(version: String, starts: Bool) throws {
        let trace = Trace(
            LiveActivityScenarios.make(), ios: try Versions.parse(version), setup: .custom(Self.requester()))
        #expect(trace.decisions("liveActivityStarted").count == (starts ? 1 : 0))
        #expect(Self.failures(trace) == (starts ? [] : ["unsupported"]))
    }

    @Test("without NSSupportsLiveActivities or with the user's switch off, no start (LIVE-1)")
    func entitlementAndSettings() throws {
        let unentitled = Trace(
            LiveActivityScenarios.make(support: LiveActivitySupport(supported: false)), ios: IOSVersion(17),
            setup: .custom(Self.requester()))
        #expect(Self.failures(unentitled) == ["unentitled"])
        let denied = Trace(
            LiveActivityScenarios.make(settings: LiveActivitySettings(allowed: false)), ios: IOSVersion(17),
            setup: .custom(Self.requester()))
        #expect(Self.failures(denied) == ["denied"])
        #expect(denied.decisions("liveActivityRequestRefused").first?.decision.rules == ["LIVE-1"])
    }

    @Test("a start from the background throws visibility (LIVE-2)", arguments: ["16.2", "17", "26"])
    func onlyInTheForeground(version: String) throws {
        let trace = Trace(
            LiveActivityScenarios.make(), ios: try Versions.parse(version),
            setup: .custom(Self.requester(inBackground: true)))
        #expect(Self.failures(trace) == ["visibility"])
        let refusal = try #require(trace.decisions("liveActivityRequestRefused").first)
        #expect(refusal.decision.rules == ["LIVE-2"])
        #expect(same(refusal.time, 62))
    }

    @Test("at most 5 at once: the sixth is targetMaximumExceeded (LIVE-1)")
    func maximum() throws {
        let trace = Trace(LiveActivityScenarios.make(), ios: IOSVersion(17), setup: .custom(Self.requester(count: 6)))
        #expect(trace.decisions("liveActivityStarted").count == 5)
        #expect(Self.failures(trace) == ["targetMaximumExceeded"])
    }

    @Test("the update token comes a second after the start and reaches the app (LIVE-5)")
    func token() throws {
        let trace = Trace(LiveActivityScenarios.make(), ios: IOSVersion(17), setup: .custom(Self.requester()))
        let issued = try #require(trace.decisions("liveActivityTokenIssued").first)
        #expect(same(issued.time, 1))
        let token = try #require(issued.decision.fields["token"]?.description)
        #expect(token.count == 64 && token.allSatisfy(\.isHexDigit))
        #expect(trace.records("token").map(\.time) == [1])
    }

    @Test("the system ends it after 8 hours and removes it 4 hours later (LIVE-3)")
    func lifetime() throws {
        let trace = Trace(
            LiveActivityScenarios.make(duration: 13 * 3600), ios: IOSVersion(17), setup: .custom(Self.requester()))
        let ended = try #require(trace.decisions("liveActivityEnded").first)
        #expect(same(ended.time, 8 * 3600))
        #expect(ended.decision.fields["by"] == "limit" && ended.decision.rules == ["LIVE-3"])
        #expect(trace.decisions("liveActivityRemoved").map(\.time) == [12 * 3600])
        // The app, suspended, hears of neither (LIVE-8).
        #expect(trace.records("state").isEmpty)
    }

    @Test("an end push's dismissal date is capped at 4 hours; none keeps it 4 hours (LIVE-3)")
    func dismissal() throws {
        let capped = Trace(
            LiveActivityScenarios.make(
                pushes: [LiveActivityScenarios.end(at: 600, dismissalDate: 600 + 6 * 3600)], duration: 6 * 3600),
            ios: IOSVersion(17), setup: LiveActivityScenarios.inApp)
        #expect(capped.decisions("liveActivityRemoved").map(\.time) == [600 + 4 * 3600])
        let soon = Trace(
            LiveActivityScenarios.make(pushes: [LiveActivityScenarios.end(at: 600, dismissalDate: 900)]),
            ios: IOSVersion(17), setup: LiveActivityScenarios.inApp)
        #expect(soon.decisions("liveActivityRemoved").map(\.time) == [900])
    }

    @Test("at its stale date the activity goes stale; a new stale date makes it active again (LIVE-10)")
    func stale() throws {
        let pushes = [LiveActivityScenarios.update(at: 1000, "on the way", staleDate: 2000)]
        let trace = Trace(
            LiveActivityScenarios.make(pushes: pushes), ios: IOSVersion(17),
            setup: .custom(Self.requester(staleAfter: 600)))
        #expect(trace.decisions("liveActivityStale").map(\.time) == [600, 2000])
        #expect(trace.decisions("liveActivityStale").first?.decision.rules == ["LIVE-10"])
    }

    @Test("updating and ending from the app are allowed in the background (LIVE-2)")
    func appUpdatesInTheBackground() throws {
        let app = Scripted("Updater") { event, _ in
            switch event {
            case .didFinishLaunching:
                return [.requestLiveActivity(LiveActivityRequest(id: "order", attributesType: "DeliveryAttributes"))]
            case .didEnterBackground:
                return [
                    .updateLiveActivity(id: "order", contentState: [Field("status", "cooking")], staleDate: nil),
                    .endLiveActivity(id: "order", contentState: [], dismissal: .immediate),
                    .updateLiveActivity(id: "order", contentState: [Field("status", "late")], staleDate: nil),
                ]
            default: return []
            }
        }
        let trace = Trace(LiveActivityScenarios.make(), ios: IOSVersion(17), setup: .custom(app))
        #expect(trace.shownUpdates.map(\.appState) == ["background"])
        #expect(trace.decisions("liveActivityRemoved").map(\.time) == [60])
        let refused = try #require(trace.decisions("commandRefused").first)
        #expect(refused.decision.rules == ["LIVE-9"])
    }
}
