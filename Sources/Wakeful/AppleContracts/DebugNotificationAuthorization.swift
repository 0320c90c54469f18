import Foundation

/// When the debug mode may ask for notification permission, and when it may post.
///
/// UNUserNotificationCenter.h: "User authorization is required for applications to notify the user
/// using UNUserNotificationCenter via both local and remote notifications." Asking shows a prompt
/// the user answers once; an app that did not ask for debug notifications must never show it, and
/// a prompt asked for while the app is in the background is one the user is not there to answer.
/// So: nothing unless the policy is active in this build; ask only while the app is in front and
/// the status is `notDetermined` (UNNotificationSettings.h: "The user has not yet made a choice"),
/// once per process; post only with a status that allows it. ``Gate`` holds what the debug mode
/// wants to post until the status is known (the relaunch it is most wanted for comes before the
/// status can be read) or the user answered.
///
/// ```swift
/// var gate = DebugNotificationAuthorization.Gate(active: true, sound: true)
/// gate.offer(note)                                       // nil: held, the status is not known yet
/// gate.settle(.notDetermined, inForeground: true)        // (post: [], ask: true)
/// gate.settle(.authorized, inForeground: true)           // (post: [note], ask: false)
/// ```
public enum DebugNotificationAuthorization: Sendable, Hashable {
    /// Do nothing: the debug mode is off in this build, or the user said no.
    case off
    /// Ask for permission now (`requestAuthorization`), with sound when the policy plays one.
    case ask(sound: Bool)
    /// Permission is not determined and the app is in the background: ask when it comes to the front.
    case waitForForeground
    /// Permission is there: post.
    case post

    /// `UNAuthorizationStatus`.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// "The user has not yet made a choice regarding whether the application may post user notifications."
        case notDetermined
        /// "The application is not authorized to post user notifications."
        case denied
        /// "The application is authorized to post user notifications."
        case authorized
        /// "The application is authorized to post non-interruptive user notifications."
        case provisional
        /// "The application is temporarily authorized to post notifications. Only available to app clips."
        case ephemeral
    }

    /// The step for a policy that is `active` in this build, the current `status`, and whether the
    /// app is in the foreground.
    public static func step(active: Bool, sound: Bool = false, status: Status, inForeground: Bool) -> Self {
        guard active else { return .off }
        switch status {
        case .authorized, .provisional, .ephemeral: return .post
        case .denied: return .off
        case .notDetermined: return inForeground ? .ask(sound: sound) : .waitForForeground
        }
    }

    /// What the debug mode of one process posts, asks and holds, as the status becomes known.
    public struct Gate: Sendable, Hashable {
        /// Whether the policy is active in this build.
        public let active: Bool
        /// Whether the policy plays a sound, so permission for sounds is asked too.
        public let sound: Bool
        /// The status last read or answered; nil before the first read.
        public private(set) var status: Status?
        /// Whether permission was asked for in this process.
        public private(set) var asked = false
        /// Notifications held until the status allows posting, the newest ``holdLimit``.
        public private(set) var held: [DebugNotification] = []
        /// How many notifications are held at most.
        public static let holdLimit = 10

        /// The gate of a new process.
        public init(active: Bool, sound: Bool) {
            self.active = active
            self.sound = sound
        }

        /// A notification the debug mode wants to post: returned when it may be posted now, else
        /// held (status unknown, or the user has not answered) or dropped (off, denied).
        public mutating func offer(_ notification: DebugNotification) -> DebugNotification? {
            guard active else { return nil }
            switch status.map({ DebugNotificationAuthorization.step(active: true, status: $0, inForeground: false) }) {
            case .post?: return notification
            case .off?: return nil
            case .ask?, .waitForForeground?, nil:
                held.append(notification)
                if held.count > Self.holdLimit { held.removeFirst(held.count - Self.holdLimit) }
                return nil
            }
        }

        /// The status was read (`getNotificationSettings`) or answered (`requestAuthorization`):
        /// what to post now, and whether to ask for permission now (at most once per process, and
        /// only in the foreground).
        public mutating func settle(_ status: Status, inForeground: Bool) -> (post: [DebugNotification], ask: Bool) {
            guard active else { return ([], false) }
            self.status = status
            switch DebugNotificationAuthorization.step(
                active: true, sound: sound, status: status, inForeground: inForeground)
            {
            case .post:
                defer { held = [] }
                return (held, false)
            case .off:
                held = []
                return ([], false)
            case .ask:
                guard !asked else { return ([], false) }
                asked = true
                return ([], true)
            case .waitForForeground:
                return ([], false)
            }
        }

        /// Whether the status should be read again now that the app came to the front: permission
        /// is undetermined and was not asked for yet.
        public var wantsForeground: Bool { active && status == .notDetermined && !asked }
    }
}
