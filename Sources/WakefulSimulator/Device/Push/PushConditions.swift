import Foundation
import Wakeful

/// What the push system reads of the device when it decides.
struct PushConditions {
    /// The current simulated time.
    var now: TimeInterval
    var push: PushRules
    var voip: VoIPRules
    var version: IOSVersion
    var appState: AppState
    /// `UIBackgroundModes` declares `remote-notification`.
    var remoteNotificationDeclared: Bool
    /// `UIBackgroundModes` declares `voip`.
    var voipDeclared: Bool
    /// The user force-quit the app and has not opened it since (TERM-1).
    var forceQuit: Bool
    var lowPowerMode: Bool
    /// The phone restarted and has not been unlocked since (DATA-1, DATA-8).
    var beforeFirstUnlock: Bool
    /// A debugger is attached (CONF-13): the silent-push throttle is off (push-debugger-disables-throttle).
    var debuggerAttached = false

    /// The app is on screen: pushes reach it at once, outside the budget.
    var foreground: Bool { appState.isForeground }

    /// PUSH-9, CONF-11: Low Power Mode (iOS 9+) holds silent pushes back.
    var lowPowerModeHoldsPushes: Bool {
        lowPowerMode && push.suppressedInLowPowerMode && version >= IOSVersion(9)
    }
}

extension SimulatedDevice {
    var pushConditions: PushConditions {
        PushConditions(
            now: now, push: policy.push, voip: policy.voip, version: policy.version, appState: state,
            remoteNotificationDeclared: backgroundModes.contains(.remoteNotification),
            voipDeclared: backgroundModes.contains(.voip),
            forceQuit: lifecycle.forceQuitFlag, lowPowerMode: lifecycle.lowPowerMode,
            beforeFirstUnlock: !screen.firstUnlockDone,
            debuggerAttached: policy.debuggerAttached)
    }
}
