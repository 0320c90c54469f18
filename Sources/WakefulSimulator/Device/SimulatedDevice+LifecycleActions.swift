import Foundation
import Wakeful

/// The user's and the system's actions on the app's lifecycle (TERM-1, STATE-3, STATE-8, DATA-9)
/// and the Settings switches (BGT-12), as ``perform(_:)`` carries them out.
extension SimulatedDevice {
    /// The app switcher swipe: the process dies and the force-quit flag is set (TERM-1).
    mutating func forceQuit() {
        if state == .background {
            // STATE-6: an app that is executing may get applicationWillTerminate; a suspended one never does.
            deliver(.willTerminate)
        }
        terminate(.userForceQuit, rules: ["TERM-1"])
        lifecycle.setForceQuitFlag()
        relaunchRightAfterForceQuit()
    }

    /// A restart: the app is gone, the force-quit flag clears, and location monitoring waits for
    /// the first unlock (TERM-1, LOC-23).
    mutating func reboot() {
        terminate(.reboot, rules: ["TERM-1", "LOC-23"])
        if policy.termination.forceQuitFlagClearedByReboot, lifecycle.clearForceQuitFlag() {
            decide("forceQuitFlagCleared", rules: ["TERM-1", "PUSH-7"], [Field("by", "reboot")])
        }
        screen.restart()  // DATA-1
    }

    /// The system prewarms the app (DATA-9): as documented the process stops before
    /// `UIApplicationMain`, so none of the app's code that the simulator models runs, and the app
    /// still launches when the user opens it; on iOS 15 (field reports) and with CONF-DATA-9
    /// `didFinishLaunching` runs at once, in the background, possibly before the first unlock, and
    /// the process is then suspended.
    mutating func prewarm() {
        guard policy.execution.prewarmAvailable else {
            return decide("prewarmNotAvailable", rules: ["DATA-9"], [Field("why", "no prewarming before iOS 15")])
        }
        guard !hasProcess else { return }
        let runsLaunch = policy.execution.prewarmRunsLaunch
        // iOS 15 runs the launch by default (DATA-9's field reports); later releases only by variant.
        let rules = policy.variants.contains(.prewarmRunsLaunch) ? ["DATA-9", "CONF-DATA-9"] : ["DATA-9"]
        decide("prewarmed", rules: rules, [Field("launchCallbacks", .bool(runsLaunch))])
        guard runsLaunch else { return }
        launch(.prewarm, cause: "prewarmed", rules: rules)
        // Nothing keeps a prewarmed process running once its launch code returns.
        if hasProcess, state == .background, runReasons.isEmpty {
            setState(.suspended, cause: "prewarmEnded", rules: ["STATE-1", "DATA-9"])
        }
    }

    /// Memory pressure: a suspended app is removed without a callback (STATE-3); a running one
    /// gets a memory warning (STATE-8).
    mutating func memoryPressure() {
        switch state {
        case .suspended: terminate(.memoryPressure, rules: ["STATE-3"])
        case .background, .active, .inactive: deliver(.memoryWarning)
        case .notRunning: break
        }
    }

    /// BGT-12: from iOS 9 Low Power Mode stops background launches and `submit` (see
    /// ``backgroundRefreshAvailable``), but the status the app reads stays the Settings switch's:
    /// on 14.1 `backgroundRefreshStatus` still read Available with Low Power Mode on (obs:
    /// bgt-lpm-refresh-status-stays-available, an API return value), so no
    /// `backgroundRefreshStatusChanged` is sent.
    mutating func setLowPowerMode(_ on: Bool) {
        lifecycle.setLowPowerMode(on)
        if !on { releaseHeldPush() }  // PUSH-9
        guard state.isExecuting else { return }
        deliver(.lowPowerModeChanged(on))
    }

    mutating func setBackgroundAppRefresh(_ on: Bool) {
        lifecycle.setBackgroundAppRefresh(on)
        if state.isExecuting { deliver(.backgroundRefreshStatusChanged(on ? .available : .denied)) }
    }
}
