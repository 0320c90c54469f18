import Foundation

/// Which timeline entries become a local notification (and a sound) on the phone: the debug mode a
/// developer carries in the pocket to see, without a debugger attached (which would change what iOS
/// does, TASK-14), when iOS relaunched the app, when tracking started or stopped, and when a task's
/// time ran out — the first thing to look at when a field report says "tracking stopped".
///
/// Off by default, and off in release builds unless ``allowedInReleaseBuilds`` says otherwise;
/// rate-limited by ``DebugNotifications``, which decides each notification from the policy.
///
/// ```swift
/// var policy = DebugNotificationPolicy.fieldDebugging   // relaunch, tracking, expirations, exits; sound
/// policy.triggers.insert(.push)
/// policy.minimumInterval = 120
/// configuration.debugNotificationPolicy = policy
/// ```
public struct DebugNotificationPolicy: Sendable, Hashable, Codable {
    /// What a notification can be about.
    public enum Trigger: String, Sendable, Hashable, Codable, CaseIterable {
        /// iOS launched the app in the background (STATE-2), with the cause.
        case relaunch
        /// Location updates started: a strategy's `startUpdatingLocation` or live updates.
        case trackingStarted
        /// Location updates stopped: by a strategy, or paused by iOS (LOC-5).
        case trackingStopped
        /// A background task's or a scheduled task's time is running out (TASK-12, BGT-4).
        case taskExpiring
        /// A scheduled task launched, or its submission was refused (BGT-7, BGT-9).
        case scheduledTask
        /// A silent or VoIP push arrived (PUSH-1, VOIP-2).
        case push
        /// A region, monitor condition, significant change or visit (LOC-12, LOC-16, CLMON-3).
        case region
        /// MetricKit counted background exits: why iOS ended the app.
        case backgroundExit
        /// Anything else iOS did that ``SystemActivity`` words: a memory warning, URL-session
        /// events, a refused background task.
        case otherSystemActivity
    }

    /// The triggers that notify; empty is off.
    public var triggers: Set<Trigger>
    /// Whether each notification plays the default sound.
    public var sound: Bool
    /// Seconds before the same trigger notifies again; the ones in between are counted and named
    /// in the next notification.
    public var minimumInterval: TimeInterval
    /// The most notifications in any hour, all triggers together.
    public var maximumPerHour: Int
    /// Whether a release build notifies too. False by default: a build for the App Store must not
    /// ask for notification permission for a debugging aid.
    public var allowedInReleaseBuilds: Bool

    /// Creates a policy.
    public init(
        triggers: Set<Trigger>, sound: Bool = true, minimumInterval: TimeInterval = 60, maximumPerHour: Int = 30,
        allowedInReleaseBuilds: Bool = false
    ) {
        self.triggers = triggers
        self.sound = sound
        self.minimumInterval = max(0, minimumInterval)
        self.maximumPerHour = max(1, maximumPerHour)
        self.allowedInReleaseBuilds = allowedInReleaseBuilds
    }

    /// Nothing notifies; the default.
    public static let off = DebugNotificationPolicy(triggers: [], sound: false)
    /// What a field test needs: relaunches, tracking started and stopped, expirations and
    /// MetricKit's exits, with a sound.
    public static let fieldDebugging = DebugNotificationPolicy(
        triggers: [.relaunch, .trackingStarted, .trackingStopped, .taskExpiring, .backgroundExit])
    /// Everything iOS did and the tracking switches, silently.
    public static let everything = DebugNotificationPolicy(triggers: Set(Trigger.allCases), sound: false)

    /// Whether any trigger is on.
    public var isEnabled: Bool { !triggers.isEmpty }

    /// Whether this build notifies: enabled, and a DEBUG build or one allowed explicitly.
    public func isActive(debugBuild: Bool) -> Bool {
        isEnabled && (debugBuild || allowedInReleaseBuilds)
    }
}
