import Foundation

/// A local notification the debug mode posts: what it is about and its words.
public struct DebugNotification: Sendable, Hashable {
    /// What it is about.
    public var trigger: DebugNotificationPolicy.Trigger
    /// The notification's title.
    public var title: String
    /// The notification's body.
    public var body: String
    /// Whether it plays the default sound.
    public var sound: Bool
    /// The time of the timeline entry behind it.
    public var time: TimeInterval
    /// Notifications held back by the rate limits since the last one posted.
    public var heldBack: Int

    /// Creates a notification.
    public init(
        trigger: DebugNotificationPolicy.Trigger, title: String, body: String, sound: Bool, time: TimeInterval,
        heldBack: Int
    ) {
        self.trigger = trigger
        self.title = title
        self.body = body
        self.sound = sound
        self.time = time
        self.heldBack = heldBack
    }
}

/// Decides, entry by entry, which timeline entries the debug mode posts, under a
/// ``DebugNotificationPolicy`` and its rate limits: a state machine the device adapter feeds every
/// entry and the simulator can run over a timeline, with the same answers.
///
/// Tracking is notified as a change: a strategy that calls `startUpdatingLocation` again while
/// updates run notifies nothing. The rate limits count entry times, the clock of the timeline.
///
/// ```swift
/// var notifications = DebugNotifications(policy: .fieldDebugging, debugBuild: true)
/// for entry in timeline { if let note = notifications.admit(entry) { post(note) } }
/// ```
public struct DebugNotifications: Sendable, Hashable {
    /// The policy in force.
    public let policy: DebugNotificationPolicy
    /// Whether the app is a DEBUG build.
    public let debugBuild: Bool
    /// When each trigger last notified.
    private var lastPosted: [DebugNotificationPolicy.Trigger: TimeInterval] = [:]
    /// The times of the notifications of the last hour, oldest first.
    private var lastHour: [TimeInterval] = []
    /// Whether location updates run, as the timeline tells.
    private var tracking = false
    /// Notifications held back since the last one posted.
    public private(set) var heldBack = 0

    /// Creates the state of a new process.
    public init(policy: DebugNotificationPolicy, debugBuild: Bool) {
        self.policy = policy
        self.debugBuild = debugBuild
    }

    /// Whether anything can be posted at all: ``DebugNotificationPolicy/isActive(debugBuild:)``.
    public var isActive: Bool { policy.isActive(debugBuild: debugBuild) }

    /// The notification `entry` calls for now, or nil: not a trigger of the policy, inactive, or
    /// held back by the rate limits.
    public mutating func admit(_ entry: TimelineEntry) -> DebugNotification? {
        guard let described = describe(entry) else { return nil }
        let (trigger, title, body) = described
        guard isActive, policy.triggers.contains(trigger) else { return nil }
        let time = entry.time
        lastHour.removeAll { $0 <= time - 3600 }
        if let last = lastPosted[trigger], time - last < policy.minimumInterval {
            heldBack += 1
            return nil
        }
        guard lastHour.count < policy.maximumPerHour else {
            heldBack += 1
            return nil
        }
        lastPosted[trigger] = time
        lastHour.append(time)
        let held = heldBack
        heldBack = 0
        let more = held == 0 ? "" : " (\(held) more held back since the last notification)"
        return DebugNotification(
            trigger: trigger, title: title, body: body + more, sound: policy.sound, time: time, heldBack: held)
    }

    /// The trigger and words of `entry`, updating the tracking state; nil when it is no trigger.
    private mutating func describe(_ entry: TimelineEntry) -> (DebugNotificationPolicy.Trigger, String, String)? {
        switch entry.body {
        case .command(let command, let owner):
            switch command {
            case .startUpdatingLocation, .startLiveUpdates:
                guard !tracking else { return nil }
                tracking = true
                return (.trackingStarted, "Tracking started", "\(owner) started location updates (\(command.name)).")
            case .stopUpdatingLocation, .stopLiveUpdates:
                guard tracking else { return nil }
                tracking = false
                return (.trackingStopped, "Tracking stopped", "\(owner) stopped location updates (\(command.name)).")
            default:
                return nil
            }
        case .event(.didFinishLaunching):
            // A new process: whatever ran before ended with the old one.
            tracking = false
        case .event(.locationUpdatesPaused):
            guard tracking else { return nil }
            tracking = false
        case .event(.locationUpdatesResumed):
            guard !tracking else { return nil }
            tracking = true
            return (.trackingStarted, "Tracking resumed", "iOS resumed the paused location updates (LOC-5).")
        default:
            break
        }
        guard let activity = SystemActivity(entry) else { return nil }
        return (Self.trigger(of: entry), activity.title, activity.detail)
    }

    /// The trigger of an entry ``SystemActivity`` words.
    private static func trigger(of entry: TimelineEntry) -> DebugNotificationPolicy.Trigger {
        guard case .event(let event) = entry.body else { return .backgroundExit }
        switch event {
        case .didFinishLaunching: return .relaunch
        case .locationUpdatesPaused: return .trackingStopped
        case .backgroundTaskExpiring, .scheduledTaskExpiring: return .taskExpiring
        case .scheduledTaskLaunched, .scheduledTaskSubmitFailed: return .scheduledTask
        case .remoteNotification, .voipPush: return .push
        case .regionEntered, .regionExited, .monitorEvent, .monitorOpenFailed, .significantLocationChange, .visit:
            return .region
        default: return .otherSystemActivity
        }
    }
}
