import Foundation
import Wakeful

/// Everything that lives in the app's process and dies with it: the runtime with the strategies'
/// state, open background tasks, standard location updates, ranging, timers.
///
/// Region monitoring and the significant-change service belong to the system and survive
/// termination; they live on the device instead.
struct AppProcess {
    /// Identifies this process among relaunches.
    let number: Int
    /// The app's code.
    var runtime: Runtime
    /// The app's settings read empty at launch (UserDefaults before the first unlock, DATA-6), and
    /// stay so for this process: it started none of its strategies.
    var settingsReadEmpty = false
    /// The process has been in the foreground (it was opened by the user, or launched in the
    /// background and opened since): updates it starts keep the app running (LOC-30).
    var beenInForeground = false
    /// Why the process was started: a process launched by a silent push may not get `CLMonitor`
    /// entries until it has been in the foreground (CLMON-4, CONF-22).
    var launchReason = LaunchReason.user
    /// The `CLMonitor`s this process opened: one instance per name (CLMON-2).
    var openMonitors: Set<String> = []
    /// Open background tasks and the allowance they share (TASK).
    var tasks = BackgroundTasks()
    /// Standard location updates, when started.
    var location: StandardLocationSession? {
        // Kept as a flag too: the run-reason check reads it on every step, and reading through the
        // optional session would copy it, string and all.
        didSet { locationKeepsAppRunning = location.map { $0.keepsAppRunning && !$0.paused } ?? false }
    }
    /// Whether standard updates currently keep the app running (LOC-1, LOC-2, LOC-5).
    private(set) var locationKeepsAppRunning = false
    /// Live updates, when started (LOC-8).
    var liveUpdates: LiveUpdatesState?
    /// The `CLBackgroundActivitySession` and `CLServiceSession` the process holds (LOC-8, LOC-9).
    var sessions = LocationSessions()
    /// Activity updates, when started (MOTION-4), and the index of the last change delivered.
    var activityUpdates: Int?
    /// Whether this process has heard the Motion & Fitness status (MOTION-2).
    var motionStatusReported = false
    /// Beacon-ranging requests.
    var ranging: [BeaconIdentityConstraint] = []
    /// One smoothing filter per world beacon, reset when ranging pauses.
    var beaconFilters: [BeaconSignalFilter]
    /// Timers the app set.
    var timers: [TimerState] = []
    /// The CPU utilisation the app declared (`setCPULoad`), 0 to 1.
    var cpuLoad = 0.0
    /// When the launch watchdog kills this process's launch, and whether by the CPU allowance
    /// (TERM-6, STATE-7); nil when the launch finishes in time.
    var launchKill: (at: TimeInterval, byCPU: Bool)?
    /// The effective load from each moment on (0 while not executing), for the CPU monitor's window.
    var cpuHistory: [(time: TimeInterval, load: Double)] = []
    /// Timer firings in the background per second, for the wake-up monitor (a ring of seconds).
    var wakeupBuckets: [Int] = []
    var wakeupSecond = 0
    var wakeupTotal = 0

    // Pushes (PUSH, VOIP, AUDIO).

    /// Silent-push handlers that have not called their completion (PUSH-6).
    var pushHandlers: [PushHandlerState] = []
    /// Set while the callback of a VoIP push runs, until the app reports a call (VOIP-2).
    var voipPushAwaitingCall: String?
    /// Calls reported to CallKit and not ended (VOIP-2).
    var calls: [String] = []
    /// Audio playback, when started (AUDIO-1).
    var audio: AudioPlayback?
    /// The `setKeepAliveTimeout` interval, when one was accepted (VOIP-1).
    var keepAliveInterval: TimeInterval?
    /// Launched fetches and BGTasks not yet completed (BGT).
    var scheduledTasks: [RunningScheduledTask] = []
    /// The job run in progress, or its result waiting for the app to execute.
    var job: JobExecution?

    // Outbox

    /// The app's agent (strategies, jobs, outbox, uploader), when the app has one; it is created
    /// on the process's first event, when the outbox is opened. Boxed: the agent is large, and the
    /// process is read on every step.
    var agent: AgentBox?
    /// Whether ``agent`` is set; a flag because reading the optional copies the agent on every event.
    var hasAgent = false
    /// Whether protected data was available as far as this process knows: read at launch, then
    /// from the notifications it got (DATA-4).
    var protectedDataHeard = true
    /// The permission this process last heard of through `locationManagerDidChangeAuthorization`
    /// (AUTH-5); nil until it creates its location manager, at its first authorization request.
    var permissionHeard: LocationPermission?

    /// No process: the app is not running.
    static var absent: AppProcess { AppProcess(number: 0, runtime: Runtime(strategies: []), beaconFilters: []) }
}

/// Standard location updates as the app configured them.
struct StandardLocationSession {
    var request: LocationRequest
    /// Whether updates keep the app running in the background (LOC-1, LOC-2, LOC-4).
    var keepsAppRunning: Bool
    /// Why they do not, for the timeline.
    var limitation: String?
    /// Where the last delivered fix was taken.
    var lastDelivered: LocalPoint?
    /// Paused by the system after the device stood still (LOC-5).
    var paused = false
    /// When the last reduced-accuracy fix was delivered: they come ≈4 times an hour (AUTH-6).
    var lastCoarseFix: TimeInterval?
}

/// A timer the app set.
struct TimerState {
    var request: TimerRequest
    var fireAt: TimeInterval
    var generation: Int
    /// It fell due while the app was suspended and fires when the app runs again.
    var overdue = false
}

/// The app's agent, held by reference so that the process stays small.
final class AgentBox {
    var agent: Agent

    init(_ agent: Agent) {
        self.agent = agent
    }
}
