import Foundation

/// Why an app in the background may keep executing: the run reasons of the policy reference's
/// derived model (§1). A bit set, because the device checks it after every step.
struct RunReasons: OptionSet {
    let rawValue: UInt16

    /// The grace after leaving the foreground (STATE-4, STATE-5).
    static let grace = RunReasons(rawValue: 1 << 0)
    /// An open background task with time left (TASK-1 to TASK-13).
    static let task = RunReasons(rawValue: 1 << 1)
    /// The ≈10 s after a system wake (LOC-12, LOC-21, BEACON-5).
    static let wakeWindow = RunReasons(rawValue: 1 << 2)
    /// Standard location updates with the location mode (LOC-1, LOC-2).
    static let location = RunReasons(rawValue: 1 << 3)
    /// Live updates with a background activity session, while the device moves (LOC-8).
    static let liveUpdates = RunReasons(rawValue: 1 << 11)
    /// Beacon ranging with the `location` mode for a while after backgrounding, under CONF-BEACON-5 only.
    static let backgroundRanging = RunReasons(rawValue: 1 << 12)
    /// An attached debugger, which disables enforcement (TASK-14, CONF-13).
    static let debugger = RunReasons(rawValue: 1 << 4)
    // Network (bits 9 and 10 are the network's).
    /// `handleEventsForBackgroundURLSession` until its completion handler is called (URLS-1, §12.3 cfg).
    static let urlSessionEvents = RunReasons(rawValue: 1 << 9)

    // Scheduled tasks (BGT)
    /// A launched background fetch or BGTask, until it completes or its time is up (BGT-2, BGT-4, BGT-5, BGT-13).
    static let scheduledTask = RunReasons(rawValue: 1 << 8)

    // Pushes: bits 5–7.
    /// A silent-push handler that has not called its completion, within its 30 s (PUSH-6).
    static let pushHandler = RunReasons(rawValue: 1 << 5)
    /// A call reported to CallKit that has not ended (VOIP-2).
    static let voipCall = RunReasons(rawValue: 1 << 6)
    /// Playback or recording with the `audio` mode (AUDIO-1).
    static let audio = RunReasons(rawValue: 1 << 7)

    /// Every reason, in a fixed order for naming.
    static let ordered: [RunReasons] = [
        .grace, .task, .wakeWindow, .location, .liveUpdates, .backgroundRanging, .debugger,
        // Pushes
        .pushHandler, .voipCall, .audio,
        // Scheduled tasks
        .scheduledTask,
        // Network
        .urlSessionEvents,
    ]

    /// The first reason in the fixed order, if any.
    var first: RunReasons? { Self.ordered.first { contains($0) } }

    /// The reasons' names, in the fixed order.
    var names: [String] { Self.ordered.filter { contains($0) }.map(\.name) }

    /// The name of a single reason, as timelines spell it.
    var name: String {
        switch self {
        case .grace: "grace"
        case .task: "task"
        case .wakeWindow: "wakeWindow"
        case .location: "location"
        case .liveUpdates: "liveUpdates"
        case .backgroundRanging: "backgroundRanging"
        // Pushes
        case .pushHandler: "pushHandler"
        case .voipCall: "voipCall"
        case .audio: "audio"
        case .scheduledTask: "scheduledTask"
        case .urlSessionEvents: "urlSessionEvents"
        default: "debugger"
        }
    }

    /// The rules behind a single reason.
    var rules: [String] {
        switch self {
        case .grace: ["STATE-4", "STATE-5"]
        case .task: ["TASK-1", "TASK-12"]
        case .wakeWindow: ["LOC-12", "LOC-21", "BEACON-5"]
        case .location: ["LOC-1", "LOC-2", "LOC-5"]
        case .liveUpdates: ["LOC-8"]
        case .backgroundRanging: ["BEACON-5", "CONF-BEACON-5"]
        // Pushes
        case .pushHandler: ["PUSH-6"]
        case .voipCall: ["VOIP-2"]
        case .audio: ["AUDIO-1"]
        case .scheduledTask: ["BGT-2", "BGT-4", "BGT-5"]
        case .urlSessionEvents: ["URLS-1"]
        default: ["TASK-14", "CONF-13"]
        }
    }
}
