import Foundation
import Wakeful

/// What the Live Activity system reads of the device when it decides.
struct LiveActivityConditions {
    /// The current simulated time.
    var now: TimeInterval
    var rules: LiveActivityRules
    /// The app's process, 0 while it has none: events reach only a process that observes them.
    var process: Int
    var appState: AppState
    /// The user force-quit the app and has not opened it since (TERM-1, LIVE-7).
    var forceQuit: Bool
    /// What the app's Info.plist declares (LIVE-1, LIVE-6).
    var app: LiveActivitySupport
    /// The user's switches in Settings (LIVE-1, LIVE-6).
    var user: LiveActivitySettings

    /// The app can take events now.
    var executing: Bool { process != 0 && appState.isExecuting }

    /// Whether the priority-10 budget is the larger one: the key declared, allowed by the user,
    /// on a release that has it (LIVE-6).
    var frequentUpdates: Bool { rules.frequentUpdatesAvailable && app.frequentUpdates && user.frequentUpdates }
}

extension SimulatedDevice {
    var liveActivityConditions: LiveActivityConditions {
        LiveActivityConditions(
            now: now, rules: policy.liveActivities, process: hasProcess ? process.number : 0, appState: state,
            forceQuit: lifecycle.forceQuitFlag, app: scenario.app.liveActivities, user: scenario.device.liveActivities)
    }
}
