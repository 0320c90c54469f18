import Foundation
import Wakeful

/// What woke or relaunched the app.
public enum WakeSource: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// A circular region crossing (LOC-21).
    case region
    /// A beacon region entry or exit (BEACON-1, BEACON-5).
    case beaconRegion
    /// A beacon-region state callback when the screen lit up (BEACON-4).
    case display
    /// The significant-change service (LOC-12).
    case significantChange
    /// An arrival or departure from the visits service (LOC-16).
    case visit
    // Pushes
    /// A silent push (PUSH-1 to PUSH-9).
    case push
    /// A PushKit VoIP push (VOIP-2).
    case voipPush
    /// The legacy VoIP keep-alive handler (VOIP-1).
    case voipKeepAlive
    /// A push-to-start push started a Live Activity (LIVE-7).
    case liveActivity
    // Scheduled tasks (BGT)
    /// A background fetch or a `BGTaskScheduler` task (BGT-2 to BGT-13).
    case scheduledTask
    // Network
    /// Background URL-session events: every task of a session finished (URLS-1).
    case urlSession
    /// A Core Bluetooth delegate event (BLE-1), or state restoration (BLE-4).
    case bluetooth
    /// HealthKit background delivery of new samples (HK-5).
    case healthKit

    public static func < (lhs: WakeSource, rhs: WakeSource) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The rules that give the app its ≈10 s after a wake from this source.
    var windowRules: [String] {
        switch self {
        case .region: ["LOC-21"]
        case .beaconRegion: ["BEACON-5", "LOC-21"]
        case .display: ["BEACON-4"]
        case .significantChange: ["LOC-12"]
        case .visit: ["LOC-16", "LOC-21"]
        // Pushes
        case .push: ["PUSH-6"]
        case .voipPush: ["VOIP-2"]
        case .voipKeepAlive: ["VOIP-1"]
        case .liveActivity: ["LIVE-7"]
        case .scheduledTask: ["BGT-2", "BGT-4", "BGT-5"]
        case .urlSession: ["URLS-1"]
        case .bluetooth: ["BLE-1"]
        case .healthKit: ["HK-5"]
        }
    }

    /// What woke the app, in words.
    public var phrase: String {
        switch self {
        case .region: "a geofence crossing"
        case .beaconRegion: "the beacon-region event"
        case .display: "the beacon-state callback when the screen lit up"
        case .significantChange: "a significant location change"
        case .visit: "a visit"
        // Pushes
        case .push: "a silent push"
        case .voipPush: "a VoIP push"
        case .voipKeepAlive: "the VoIP keep-alive handler"
        case .liveActivity: "a Live Activity started by push"
        case .scheduledTask: "a scheduled background task"
        case .urlSession: "background URL-session events"
        case .bluetooth: "a Bluetooth event"
        case .healthKit: "a HealthKit background delivery"
        }
    }

    /// The launch reason a relaunch from this source carries.
    var launchReason: LaunchReason {
        switch self {
        case .region, .beaconRegion, .display: .region
        case .significantChange: .significantChange
        case .visit: .visit
        // Pushes
        case .push: .remoteNotification
        case .voipPush, .voipKeepAlive: .voipPush
        case .liveActivity: .liveActivity
        case .scheduledTask: .scheduledTask
        case .urlSession: .urlSession
        case .bluetooth: .bluetooth
        case .healthKit: .healthKit
        }
    }

    /// Whether the location service produces it (authorization and Background App Refresh gates, LOC-16, LOC-22).
    var isLocation: Bool {
        switch self {
        case .region, .beaconRegion, .display, .significantChange, .visit: true
        case .urlSession, .bluetooth, .push, .voipPush, .voipKeepAlive, .scheduledTask, .healthKit, .liveActivity:
            false
        }
    }
}

/// Why the app was terminated.
public enum TerminationReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// A background task was still open when its time ran out (TASK-13).
    case taskAssertionTimeout
    /// More than about 1000 task assertions at once (TASK-15).
    case tooManyTasks
    /// Removed while suspended to free memory (STATE-3).
    case memoryPressure
    /// Swiped away by the user (TERM-1).
    case userForceQuit
    /// The phone restarted.
    case reboot
    /// Relaunched after a force-quit and killed again (CONF-5b).
    case relaunchAfterForceQuit
    /// CPU use above the limit averaged over the window, in the background (TERM-4).
    case cpuLimit
    /// Too many wake-ups in the monitor's window (TERM-5).
    case wakeupLimit
    /// A launch that outlasted the watchdog's wall-clock or CPU allowance: `0x8badf00d` (TERM-6, STATE-7).
    case launchWatchdog
    // Pushes
    /// A silent-push handler did not call its completion within 30 s (PUSH-6).
    case pushHandlerTimeout
    /// A VoIP push's callback reported no call to CallKit, iOS 13+ (VOIP-2).
    case callKitNotReported
    // Scheduled tasks (BGT)
    /// A `BGTaskScheduler` task not completed when its time ran out (BGT-4, BGT-5, BGT-13, TASK-13).
    case scheduledTaskTimeout
    /// A background fetch whose completion handler was not called within 30 s (BGT-2, TERM-6).
    case backgroundFetchTimeout
    // Network
    /// `handleEventsForBackgroundURLSession` not completed in time (URLS-7, TERM-6 `0x2182bad3`).
    case urlSessionHandlerTimeout
    // Outbox
    /// Suspended while a database write held its file lock: `0xdead10cc` (TERM-6).
    case suspendedWithLockedFile
    /// Killed by the crash-injection harness (``ChaosPlan``, or a crash injected in the outbox).
    case injectedCrash
    // Motion
    /// Used Core Motion without `NSMotionUsageDescription` in Info.plist (MOTION-2).
    case missingUsageDescription
}

/// One termination in a run.
public struct Termination: Sendable, Hashable, Codable {
    /// Why.
    public var reason: TerminationReason
    /// Simulated seconds.
    public var at: TimeInterval
    /// The exception code iOS reports, when there is one (TERM-6).
    public var code: String?
    /// The rules behind it.
    public var rules: [String]
}
