import Foundation
import Testing
import Wakeful
import WakefulSimulator

// Helpers for the Live Activity suites: scenarios with ActivityKit pushes and small apps.

enum LiveActivityScenarios {
    /// The user opens the app at 0, presses Home at `home` and locks the phone 5 s later; the
    /// server sends `pushes`.
    static func make(
        pushes: [ScheduledPush] = [], duration: TimeInterval = 4000, home: TimeInterval = 60,
        support: LiveActivitySupport = LiveActivitySupport(), settings: LiveActivitySettings = LiveActivitySettings(),
        actions: [UserAction] = []
    ) -> Scenario {
        var device = DeviceSettings()
        device.liveActivities = settings
        var scenario = Scenarios.make(
            duration: duration, home: home, device: device, actions: [UserAction(at: home + 5, .lock)] + actions)
        scenario.app.liveActivities = support
        scenario.world.pushes = pushes
        return scenario
    }

    /// An update of `activity` at `time`.
    static func update(
        at time: TimeInterval, _ status: String, priority: Int = 10, id: String? = nil, activity: String = "order",
        staleDate: TimeInterval? = nil, timestamp: TimeInterval? = nil
    ) -> ScheduledPush {
        ScheduledPush(
            at: time, type: .liveactivity, priority: priority, id: id ?? "u\(Int(time))",
            liveActivity: LiveActivityPayload(
                event: .update, activity: activity, contentState: [Field("status", .string(status))],
                staleDate: staleDate, timestamp: timestamp))
    }

    /// A push-to-start of `activity` at `time`.
    static func start(at time: TimeInterval, activity: String = "order", id: String? = nil) -> ScheduledPush {
        ScheduledPush(
            at: time, type: .liveactivity, priority: 10, id: id,
            liveActivity: LiveActivityPayload(
                event: .start, activity: activity, attributesType: "DeliveryAttributes",
                contentState: [Field("status", "preparing")]))
    }

    /// An end of `activity` at `time`.
    static func end(at time: TimeInterval, activity: String = "order", dismissalDate: TimeInterval? = nil)
        -> ScheduledPush
    {
        ScheduledPush(
            at: time, type: .liveactivity, priority: 10, id: "end",
            liveActivity: LiveActivityPayload(
                event: .end, activity: activity, contentState: [Field("status", "delivered")],
                dismissalDate: dismissalDate))
    }

    /// The app as the built-in delivery scenario has it: the activity started in the app.
    static var inApp: StrategySetup { .custom(LiveActivityTracking()) }
    /// The activity started by push.
    static var byPush: StrategySetup { .custom(LiveActivityTracking(options: .init(start: .push))) }
}

extension Trace {
    /// The times of `liveActivityUpdated` decisions with the app's state then.
    var shownUpdates: [(time: TimeInterval, appState: String)] {
        decisions("liveActivityUpdated").map { ($0.time, $0.decision.fields["appState"]?.description ?? "") }
    }

    /// The `why` of every `liveActivityPushNotShown` decision.
    var notShown: [String] {
        decisions("liveActivityPushNotShown").compactMap { $0.decision.fields["why"]?.description }
    }
}
