import Foundation

/// What iOS did, in a sentence, for the timeline entries that are the system's doing: a launch in
/// the background and why, the end of background time, a scheduled task run or refused, a wake
/// by a push, a region, a visit or a URL session, and a background exit MetricKit reported.
///
/// The app's debug mode (`WakefulApp.Configuration.debugNotificationPolicy`, ``DebugNotifications``)
/// shows them as local notifications, so a developer walking with a phone in the pocket sees what
/// iOS did without a debugger attached (which would change it); the demo's timeline screen shows
/// them too.
public struct SystemActivity: Sendable, Hashable {
    /// A short title: what kind of thing iOS did.
    public var title: String
    /// The sentence, with the identifiers involved and the rules behind it.
    public var detail: String

    /// Creates an activity.
    public init(title: String, detail: String) {
        self.title = title
        self.detail = detail
    }

    /// What iOS did in `entry`, or nil when the entry is the app's own doing (a command, a
    /// foreground transition, a job) or not worth interrupting a developer for.
    public init?(_ entry: TimelineEntry) {
        switch entry.body {
        case .event(let event):
            guard let activity = Self.describe(event) else { return nil }
            self = activity
        case .decision(let decision) where decision.name == BackgroundExitReport.decisionName:
            let counts = decision.fields.filter { $0.key != "periodStart" && $0.key != "periodEnd" }
                .map { "\($0.key) \($0.value)" }
            self.init(
                title: "iOS ended the app in the background",
                detail:
                    "MetricKit's count of background exits: \(counts.joined(separator: ", "))\(Self.rules(decision.rules))."
            )
        default:
            return nil
        }
    }

    private static func describe(_ event: Event) -> SystemActivity? {
        switch event {
        case .didFinishLaunching(let reason) where !reason.isForeground:
            SystemActivity(
                title: "Launched in the background",
                detail: "iOS launched the app for \(launchCause(reason)) (STATE-2).")
        case .backgroundTaskExpiring(let id):
            SystemActivity(
                title: "Background time is up",
                detail: "iOS called the expiration handler of \(id): end it now or the app is killed (TASK-13).")
        case .backgroundTaskDenied(let id):
            SystemActivity(title: "Background task refused", detail: "iOS gave \(id) no time: the app has none left.")
        case .scheduledTaskLaunched(let launch):
            SystemActivity(title: "Scheduled task", detail: "iOS ran the \(launch.kind) task \(launch.identifier).")
        case .scheduledTaskExpiring(let identifier):
            SystemActivity(
                title: "Scheduled task ending", detail: "iOS is ending the task \(identifier) before it completed.")
        case .scheduledTaskSubmitFailed(let identifier, let error):
            SystemActivity(
                title: "Task not scheduled", detail: "iOS refused to schedule \(identifier): \(error.rawValue) (BGT-9)."
            )
        case .remoteNotification:
            SystemActivity(title: "Silent push", detail: "iOS delivered a background push to the app (PUSH-1).")
        case .voipPush:
            SystemActivity(title: "VoIP push", detail: "iOS delivered a PushKit VoIP push (VOIP-2).")
        case .regionEntered(let region):
            SystemActivity(title: "Region entered", detail: "iOS reported entering \(region) (LOC-16).")
        case .regionExited(let region):
            SystemActivity(title: "Region exited", detail: "iOS reported leaving \(region) (LOC-16).")
        case .monitorEvent(let event):
            SystemActivity(
                title: "Monitor condition \(event.state.rawValue)",
                detail: event.conditionLimitExceeded
                    ? "iOS will not monitor \(event.id): the app has too many conditions (CLMON-1)."
                    : "iOS reported \(event.id) of the monitor \(event.monitor) \(event.state.rawValue) (CLMON-3).")
        case .monitorOpenFailed(let name, let reason):
            SystemActivity(
                title: "Monitor not opened",
                detail: "iOS did not open the monitor \(name): \(reason.rawValue) (CLMON-2).")
        case .significantLocationChange:
            SystemActivity(
                title: "Significant location change", detail: "iOS reported a move of about 500 m or more (LOC-12).")
        case .visit:
            SystemActivity(title: "Visit", detail: "iOS reported an arrival or a departure (LOC-16).")
        case .urlSessionEvents(let session):
            SystemActivity(
                title: "Transfers finished",
                detail: "iOS woke the app for the background URL session \(session) (URLS-1).")
        case .locationUpdatesPaused:
            SystemActivity(
                title: "Location paused",
                detail:
                    "iOS paused location updates after the phone seemed still; they do not resume by themselves in the background (LOC-5)."
            )
        case .memoryWarning:
            SystemActivity(
                title: "Memory warning", detail: "iOS is short of memory; a suspended app may be ended next.")
        case .locationRequestFailed(let failure):
            SystemActivity(
                title: "No location",
                detail: "iOS could not give the one-shot fix the app asked for: \(failure.rawValue).")
        default:
            nil
        }
    }

    private static func launchCause(_ reason: LaunchReason) -> String {
        switch reason {
        case .user: "the user"
        case .significantChange: "a significant location change"
        case .visit: "a visit"
        case .region: "a region or beacon event"
        case .remoteNotification: "a silent push"
        case .voipPush: "a VoIP push"
        case .scheduledTask: "a scheduled background task"
        case .urlSession: "background URL-session events"
        case .bluetooth: "a Bluetooth accessory (state restoration)"
        case .prewarm: "prewarming, before the user opened it (DATA-9)"
        case .healthKit: "HealthKit background delivery of new samples (HK-5)"
        case .liveActivity: "a Live Activity a push started, to hand over its token (LIVE-7)"
        }
    }

    private static func rules(_ ids: [String]) -> String { ids.isEmpty ? "" : " (\(ids.joined(separator: ", ")))" }
}
