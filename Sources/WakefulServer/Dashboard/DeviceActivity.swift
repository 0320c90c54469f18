import Foundation
import Wakeful

/// What a device did in a window, lane by lane, as its uploaded records and timeline entries say:
/// the one input of every lane of the swimlane chart and of the gap table, so that none of them
/// derives a state, a wake or a gap of its own.
///
/// The app cannot see its own suspension (STATE-1) nor a termination while suspended (STATE-3),
/// and its timeline holds only what it saw (events and commands, ``TimelineUpload``), so the
/// suspended and not-running spans are inferred: see
/// ``DeviceActivity/extract(records:prelude:window:lifeStart:pushes:)``.
struct DeviceActivity: Sendable {
    /// App state spans, in time order, without overlaps, inside the window and after ``lifeStart``.
    var states: [StateSpan] = []
    /// Every wake in the window, in time order.
    var wakes: [WakeMark] = []
    /// Background tasks and scheduled (BGTaskScheduler) tasks.
    var tasks: [TaskSpan] = []
    /// Job runs of the job scheduler.
    var jobs: [JobSpan] = []
    /// Stretches without any record, longest first, each with the state the state lane draws over it.
    var gaps: [DashboardGap] = []
    /// The recording times of data records (every kind but the timeline's) with a plausible clock.
    var recordTimes: [TimeInterval] = []
    /// The window's timeline entries with a plausible clock, readable or not.
    var timelineEntries = 0
    /// The recording times of every record with a plausible clock, timeline entries included, in
    /// storage order `(recorded_at, seq)`: the device's activity.
    var activityTimes: [TimeInterval] = []
    /// Batches as the server stored them (records with one `received_at`).
    var uploads: [UploadMark] = []
    /// Silent and VoIP pushes the app reported receiving.
    var pushesReceived: [PushMark] = []
    /// Push attempts the server made (APNs), when the server has them.
    var pushAttempts: [DashboardPush] = []
    /// The decoded timeline entries the state was derived from, those read before the window
    /// (to carry its state in) included, with `time` in seconds since 1970, in storage order.
    var entries: [TimelineEntry] = []
    /// Timeline records of the window this server version could not read (a newer app's entries, say).
    var unreadableEntries = 0
    /// Records of the window whose device clock was far off their receipt: left out of every lane.
    var clockFlags = ClockFlags()
    /// The newest `run` header read: the app's setup as its agent last started.
    var header: TimelineHeader?
    /// Where the lanes begin: the window's start, or the device's first sign of life when later.
    var lifeStart: TimeInterval = 0
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
    case healthKit = "HealthKit"
    case other

    /// Whether every `event` of this kind is a wake of its own, even when the app was running: each
    /// is one delivery iOS launches or resumes the app for. The others (ranging, location fixes,
    /// foreground notifications …) stream while the app runs and count only when they resume it.
    static func isDiscrete(_ event: Event) -> Bool {
        switch event {
        case .scheduledTaskLaunched, .remoteNotification, .voipPush, .significantLocationChange, .visit, .regionEntered,
            .regionExited, .monitorEvent,
            .urlSessionEvents, .healthObserverUpdate:
            true
        default: false
        }
    }

    /// The source of a wake that starts with `event`, or nil for events that only a running app gets.
    init?(_ event: Event) {
        switch event {
        case .didFinishLaunching(let reason): self.init(reason)
        case .willEnterForeground, .didBecomeActive: self = .user
        case .regionEntered, .regionExited, .regionStateDetermined, .beaconsRanged, .monitorEvent: self = .region
        case .significantLocationChange: self = .significantChange
        case .visit: self = .visit
        case .locationsUpdated, .locationUpdatesResumed, .liveLocationUpdate: self = .location
        case .remoteNotification, .liveActivityStarted: self = .push  // LIVE-7: a push-to-start's wake
        case .voipPush: self = .voipPush
        case .scheduledTaskLaunched: self = .scheduledTask
        case .urlSessionEvents, .urlSessionTaskCompleted: self = .urlSession
        case .bluetooth: self = .bluetooth
        case .healthObserverUpdate: self = .healthKit
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
        case .prewarm: self = .other  // DATA-9: the system's own start, not a wake for anything
        case .healthKit: self = .healthKit
        case .liveActivity: self = .push  // LIVE-7: launched after a push-to-start
        }
    }
}

/// One wake: a timeline entry (or a record) by which iOS ran the app.
struct WakeMark: Sendable, Hashable {
    /// What the wake did to the app.
    enum Effect: String, Sendable, Hashable {
        /// The app was launched: it was not running before.
        case relaunched
        /// The app was suspended (or its state unknown) and ran again.
        case resumed
        /// Delivered to an app already running (a scheduled task launched while a location
        /// session kept it awake, say): still a wake by its source, but the state does not change.
        case delivered
    }

    var time: TimeInterval
    var source: WakeSource
    /// The entry that showed it, e.g. `regionExited home`.
    var detail: String
    var effect: Effect

    /// Whether the app was launched (it was not running before).
    var relaunch: Bool { effect == .relaunched }
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
