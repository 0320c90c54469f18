import Foundation
import Wakeful

/// What a device did in a window, lane by lane, as its uploaded records and timeline entries say:
/// the input of the swimlane chart and of the gap table.
///
/// The app cannot see its own suspension (STATE-1) nor a termination while suspended (STATE-3),
/// and its timeline holds only what it saw (events and commands, ``TimelineUpload``), so the
/// suspended and not-running spans are inferred: see ``DeviceActivity/extract(records:window:pushes:)``.
struct DeviceActivity: Sendable {
    /// App state spans, in time order, without overlaps.
    var states: [StateSpan] = []
    /// Moments the app started executing, by what woke it.
    var wakes: [WakeMark] = []
    /// Background tasks and scheduled (BGTaskScheduler) tasks.
    var tasks: [TaskSpan] = []
    /// Job runs of the job scheduler.
    var jobs: [JobSpan] = []
    /// The recording times of data records (every kind but the timeline's).
    var recordTimes: [TimeInterval] = []
    /// The recording times of every record, timeline entries included, sorted: the device's activity.
    var activityTimes: [TimeInterval] = []
    /// Batches as the server stored them (records with one `received_at`).
    var uploads: [UploadMark] = []
    /// Silent and VoIP pushes the app reported receiving.
    var pushesReceived: [PushMark] = []
    /// Push attempts the server made (APNs), when the server has them.
    var pushAttempts: [DashboardPush] = []
    /// The decoded timeline entries with `time` in seconds since 1970, in time order.
    var entries: [TimelineEntry] = []
    /// Timeline records this server version could not read (a newer app's entries, say).
    var unreadableEntries = 0
}

/// An app state as the dashboard can tell it from the app's own timeline.
enum ObservedState: String, Sendable, Hashable, CaseIterable {
    case foreground
    case background
    case suspended
    case notRunning = "not running"
}

/// A stretch in one state.
struct StateSpan: Sendable, Hashable {
    var start: TimeInterval
    var end: TimeInterval
    var state: ObservedState
    /// How the dashboard knows, for the tooltip.
    var note: String
}

/// What woke the app, one row of the wakes lane each.
enum WakeSource: String, Sendable, Hashable, CaseIterable {
    case user
    case region
    case significantChange = "significant change"
    case visit
    case location
    case push
    case voipPush = "VoIP push"
    case scheduledTask = "BGTask / fetch"
    case urlSession = "URL session"
    case bluetooth
    case other

    /// The source of a wake that starts with `event`, or nil for events that only a running app gets.
    init?(_ event: Event) {
        switch event {
        case .didFinishLaunching(let reason): self.init(reason)
        case .willEnterForeground, .didBecomeActive: self = .user
        case .regionEntered, .regionExited, .regionStateDetermined, .beaconsRanged: self = .region
        case .significantLocationChange: self = .significantChange
        case .visit: self = .visit
        case .locationsUpdated, .locationUpdatesResumed: self = .location
        case .remoteNotification: self = .push
        case .voipPush: self = .voipPush
        case .scheduledTaskLaunched: self = .scheduledTask
        case .urlSessionEvents, .urlSessionTaskCompleted: self = .urlSession
        case .bluetooth: self = .bluetooth
        default: return nil
        }
    }

    /// The source of a launch for `reason`.
    init(_ reason: LaunchReason) {
        switch reason {
        case .user: self = .user
        case .significantChange: self = .significantChange
        case .visit: self = .visit
        case .region: self = .region
        case .remoteNotification: self = .push
        case .voipPush: self = .voipPush
        case .scheduledTask: self = .scheduledTask
        case .urlSession: self = .urlSession
        case .bluetooth: self = .bluetooth
        }
    }
}

/// One wake.
struct WakeMark: Sendable, Hashable {
    var time: TimeInterval
    var source: WakeSource
    /// The entry that showed it, e.g. `regionExited home`.
    var detail: String
    /// Whether the app was launched (it was not running before).
    var relaunch: Bool
}

/// A background task or a scheduled task, begin to end.
struct TaskSpan: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case background, scheduled }
    enum Ending: String, Sendable, Hashable {
        case ended, expired, denied
        /// No end in the timeline: still open at the window's end, or the app was terminated.
        case open
    }

    var start: TimeInterval
    var end: TimeInterval
    var name: String
    var kind: Kind
    var ending: Ending
}

/// One run of a job.
struct JobSpan: Sendable, Hashable {
    var start: TimeInterval
    var end: TimeInterval
    var job: String
    var run: Int
    /// `completed`, `checkpointed`, `failed`, or nil when no end was recorded.
    var outcome: JobOutcome?
    var reason: String?
}

/// One stored batch: the records that share a `received_at`.
struct UploadMark: Sendable, Hashable {
    var receivedAt: TimeInterval
    var count: Int
    var oldestRecordedAt: TimeInterval
    var newestRecordedAt: TimeInterval
}

/// A push the app reported.
struct PushMark: Sendable, Hashable {
    var time: TimeInterval
    var id: String
    var voip: Bool
}
