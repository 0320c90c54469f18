import Foundation
import Wakeful

/// The app's lifecycle as the system keeps it across processes (STATE-1 to STATE-8, TERM-1).
///
/// It owns the app's state and since when; the run reasons the system grants by itself, the
/// grace after leaving the foreground and the window after a wake, with the wake epoch that
/// renews the task allowance (TASK-9, TASK-10); what held the app at the last check and what
/// last woke it, so that a suspension names its cause; the force-quit flag and the Settings
/// switches (Background App Refresh, Low Power Mode) that gate wakes and launches; and the
/// counters that number processes, task allowances, timers and jetsam draws.
///
/// It reads the rest of the device only through its arguments: the time, the policy's rules,
/// the run reasons the device found. It hands back what the device carries out: when to check
/// the run reasons again, the cause and rules of a suspension, why a wake is refused, a
/// generation to stamp an agenda entry with. Recording, scheduling and delivering to the app
/// are the device's.
struct Lifecycle {
    /// The app's state.
    private(set) var state: AppState = .notRunning
    /// When the app entered ``state``: the tally's time in each state counts from here.
    private var stateSince: TimeInterval = 0
    /// Processes started so far; the latest one's number.
    private var processCount = 0
    /// Until when the grace after leaving the foreground holds the app (STATE-4, STATE-5).
    private(set) var graceUntil = -TimeInterval.infinity
    /// Until when the window after a system wake holds the app (LOC-12, LOC-21, BEACON-5).
    private(set) var windowUntil = -TimeInterval.infinity
    /// Counts wakes: the first task begun in a new epoch gets a fresh allowance (TASK-9, TASK-10).
    private var wakeEpoch = 0
    /// Background-task allowances granted so far, which outlive the process: a grant's generation.
    private var allowanceCount = 0
    /// Stamps the agenda's memory-pressure terminations; a later suspension makes earlier ones stale.
    private(set) var jetsamGeneration = 0
    /// Hands out generations to timers and job steps: one counter keeps them unique across processes.
    private var timerCount = 0
    /// The user force-quit the app and has not opened it since (TERM-1).
    private(set) var forceQuitFlag = false
    /// What held the app in the background at the last check, to say why it suspended.
    private(set) var lastRunReasons: RunReasons = []
    /// What opened the current wake window, to cite the right rule when it ends.
    private(set) var lastWakeSource: WakeSource?
    /// Set while expiration handlers run, so that a task begun in one waits for the next pass.
    private(set) var runningExpiryHandlers = false
    /// Whether `applicationDidEnterBackground` is being delivered, when `backgroundTimeRemaining`
    /// may still read DBL_MAX (TASK-11).
    private(set) var enteringBackground = false
    /// The Background App Refresh switch in Settings (BGT-12).
    private var backgroundAppRefreshSwitch: Bool
    /// Low Power Mode (BGT-12, PUSH-9).
    private(set) var lowPowerMode: Bool

    /// The lifecycle before the app first runs, with the scenario's Settings.
    init(settings: DeviceSettings) {
        backgroundAppRefreshSwitch = settings.backgroundAppRefresh
        lowPowerMode = settings.lowPowerMode
    }

    // MARK: State

    /// Moves the app to `next`; returns the seconds it spent in the state it left.
    mutating func enter(_ next: AppState, at now: TimeInterval) -> TimeInterval {
        let seconds = timeInState(at: now)
        state = next
        return seconds
    }

    /// The seconds spent in the current state up to `now`, counted afresh from then on: the
    /// tally's share when the books close.
    mutating func timeInState(at now: TimeInterval) -> TimeInterval {
        let seconds = now - stateSince
        stateSince = now
        return seconds
    }

    /// The number of a new process.
    mutating func nextProcessNumber() -> Int {
        processCount += 1
        return processCount
    }

    /// The process ended: the grace and the wake window end with it.
    mutating func processEnded() {
        graceUntil = -.infinity
        windowUntil = -.infinity
    }

    // MARK: Counters

    /// The generation of a new memory-pressure draw; earlier ones are stale from now (STATE-3).
    mutating func nextJetsamGeneration() -> Int {
        jetsamGeneration += 1
        return jetsamGeneration
    }

    /// The generation of a new timer or job step.
    mutating func nextTimerGeneration() -> Int {
        timerCount += 1
        return timerCount
    }

    // MARK: Background tasks

    /// Grants the open tasks' allowance when none is in force for the current wake epoch, the
    /// next in the run's count of grants (TASK-7 to TASK-10, see ``BackgroundTasks``).
    ///
    /// - Parameter keptRunning: Whether a mode keeps the app running on its own (TASK-10).
    mutating func grantAllowance(
        to tasks: inout BackgroundTasks, at now: TimeInterval, keptRunning: Bool, policy: BackgroundPolicy,
        into effects: inout [DeviceEffect]
    ) {
        tasks.grantIfNeeded(
            grants: &allowanceCount, epoch: wakeEpoch, at: now, windowUntil: windowUntil, keptRunning: keptRunning,
            policy: policy, into: &effects)
    }

    /// Notes that expiration handlers start to run; false when they already do, so that a task
    /// begun inside one waits for the next pass (TASK-12).
    mutating func beginExpiryHandlers() -> Bool {
        guard !runningExpiryHandlers else { return false }
        runningExpiryHandlers = true
        return true
    }

    /// The expiration handlers' pass is over.
    mutating func endExpiryHandlers() {
        runningExpiryHandlers = false
    }

    /// Sets whether `backgroundTimeRemaining` reads DBL_MAX because `applicationDidEnterBackground`
    /// is being delivered (TASK-11).
    mutating func setEnteringBackground(_ entering: Bool) {
        enteringBackground = entering
    }

    // MARK: Grace

    /// The app left the foreground: the grace starts (STATE-4, STATE-5). Returns its end, when the
    /// device checks the run reasons again.
    mutating func startGrace(at now: TimeInterval, policy: BackgroundPolicy) -> TimeInterval {
        graceUntil = now + policy.execution.graceAfterBackground
        return graceUntil
    }

    /// The app became active: the grace no longer holds it.
    mutating func endGrace() {
        graceUntil = -.infinity
    }

    // MARK: Wakes

    /// The system wakes the app for `source`: a new wake epoch (TASK-9, TASK-10), whose window's
    /// end cites `source`'s rules.
    mutating func wake(by source: WakeSource) {
        wakeEpoch += 1
        lastWakeSource = source
    }

    /// A new wake epoch without a new wake: a scheduled task launched into an app already running
    /// in the background (TASK-10).
    mutating func startWakeEpoch() {
        wakeEpoch += 1
    }

    /// Opens (or extends) the ≈10 s window after a wake for ``lastWakeSource`` (LOC-12, LOC-21,
    /// BLE-1). Returns its end, when the device checks the run reasons again.
    mutating func openWakeWindow(at now: TimeInterval, policy: BackgroundPolicy) -> TimeInterval {
        let window =
            switch lastWakeSource {
            // BEACON-5 gives beacon events their own figure; both are ≈10 s today.
            case .beaconRegion?, .display?: policy.beacons.rangingWindow
            case .bluetooth?: policy.bluetooth.wakeWindow  // BLE-1
            default: policy.execution.wakeEventWindow
            }
        return extendWindow(to: now + window)
    }

    /// Extends the wake window to at least `end`; returns the window's end.
    mutating func extendWindow(to end: TimeInterval) -> TimeInterval {
        windowUntil = max(windowUntil, end)
        return windowUntil
    }

    // MARK: Suspension

    /// Notes what holds the app now, for the next check to say which reason ended.
    mutating func noteRunReasons(_ reasons: RunReasons) {
        lastRunReasons = reasons
    }

    /// The cause and rules of the suspension of a background app that nothing holds any more: the
    /// reason that held it at the last check ended (STATE-1). A task's end adds the family's budget
    /// rules and reads `taskExpired` when the expiration handlers ran (`tasksWarned`); a wake
    /// window's cites the rules of what had woken the app.
    func suspension(tasksWarned: Bool, family: IOSFamily) -> (cause: String, rules: [String]) {
        let ended = lastRunReasons.first ?? .grace
        var rules = ["STATE-1"] + ended.rules
        var cause = "\(ended.name)Ended"
        if ended == .task {
            rules += BackgroundTasks.budgetRules(family)
            // Ended in its expiration handler (the time ran out) or by the app before that.
            if tasksWarned { cause = "taskExpired" }
        }
        if ended == .wakeWindow, let source = lastWakeSource { rules = ["STATE-1"] + source.windowRules }
        return (cause, rules)
    }

    // MARK: Force-quit

    /// The user swiped the app away: the flag stands until they open it again or, where the
    /// release says so, a reboot (TERM-1).
    mutating func setForceQuitFlag() {
        forceQuitFlag = true
    }

    /// Clears the force-quit flag; returns whether it stood.
    mutating func clearForceQuitFlag() -> Bool {
        defer { forceQuitFlag = false }
        return forceQuitFlag
    }

    /// Why the force-quit flag keeps a location event from relaunching the app, where the
    /// release says so (LOC-25 to LOC-29, CONF-5).
    func forceQuitBlocksLocationRelaunch(_ policy: BackgroundPolicy) -> (why: String, rules: [String])? {
        guard forceQuitFlag else { return nil }
        switch policy.location.forceQuitRelaunch {
        case .noRelaunch:
            return ("no location relaunch after a force-quit on iOS \(policy.version)", ["TERM-1", "LOC-29", "CONF-5"])
        case .relaunch, .relaunchThenTerminate, .relaunchImmediately: return nil
        }
    }

    // MARK: Settings

    /// The user turns Low Power Mode on or off in Settings.
    mutating func setLowPowerMode(_ on: Bool) {
        lowPowerMode = on
    }

    /// The user turns the Background App Refresh switch on or off in Settings.
    mutating func setBackgroundAppRefresh(_ on: Bool) {
        backgroundAppRefreshSwitch = on
    }

    /// Effective Background App Refresh: the switch, turned off by Low Power Mode from iOS 9 (BGT-12).
    func backgroundRefreshAvailable(_ rules: SchedulerRules) -> Bool {
        backgroundAppRefreshSwitch && !(lowPowerMode && rules.lowPowerModeDisablesBackgroundRefresh)
    }

    /// Why Background App Refresh, off, keeps `source` from waking the app, if it does (LOC-22,
    /// CONF-9, BGT-12).
    func refreshBlocker(_ source: WakeSource, policy: BackgroundPolicy) -> (why: String, rules: [String])? {
        guard !backgroundRefreshAvailable(policy.scheduler) else { return nil }
        switch source {
        case .region, .beaconRegion, .display:
            if policy.location.backgroundRefreshOffBlocksRegionWakes {
                return ("backgroundAppRefresh off", lowPowerMode ? ["LOC-22", "BGT-12"] : ["LOC-22"])
            }
        case .significantChange, .visit:
            if policy.location.backgroundRefreshOffBlocksSignificantChangeAndVisitWakes {
                return ("backgroundAppRefresh off", lowPowerMode ? ["CONF-9", "BGT-12"] : ["CONF-9"])
            }
        // Pushes have their own gates (SimulatedDevice+Push, +VoIP).
        case .push, .voipPush, .voipKeepAlive: break
        case .scheduledTask: break  // gated by TaskScheduler+Planning
        case .urlSession, .bluetooth: break  // not gated by Background App Refresh
        }
        return nil
    }
}
