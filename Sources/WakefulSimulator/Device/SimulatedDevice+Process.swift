import Foundation
import Wakeful

/// The app's process from launch to termination: a new process, the moves between foreground
/// and background, and its end, after which only what the system keeps survives.
extension SimulatedDevice {
    /// Starts a new process for the app. A user launch goes to the foreground; any other goes
    /// straight from Not running to Background (STATE-2).
    mutating func launch(_ reason: LaunchReason, cause: String, rules: [String]) {
        let number = lifecycle.nextProcessNumber()
        let settingsEmpty = scenario.app.settings == .userDefaults && screen.dataProtection.beforeFirstUnlock
        process = AppProcess(
            number: number,
            runtime: Runtime(strategies: settingsEmpty ? [] : install.freshStrategies),
            beaconFilters: Array(
                repeating: BeaconSignalFilter(model: scenario.device.radio), count: scenario.world.beacons.count)
        )
        process.protectedDataHeard = screen.dataProtection.isProtectedDataAvailable
        process.launchReason = reason
        if settingsEmpty {
            // DATA-6: UserDefaults reads empty before the first unlock, and the process keeps the
            // empty copy: the app's "tracking on" setting reads off, so it starts no strategy.
            process.settingsReadEmpty = true
            decide("settingsReadEmpty", rules: ["DATA-6"], [Field("store", "userDefaults")])
        }
        sessionsAtLaunch()  // LOC-32
        scheduleLaunchWatchdog(foreground: reason.isForeground)  // TERM-6, STATE-7
        if reason.isForeground {
            process.beenInForeground = true  // LOC-30: what it starts now is started in the foreground
            setState(.inactive, cause: cause, rules: rules)
            deliver(.didFinishLaunching(reason))
            becomeActive()
        } else {
            tally.countRelaunch()
            setState(.background, cause: cause, rules: ["STATE-2"] + rules)
            deliver(.didFinishLaunching(reason))
        }
    }

    /// Inactive → Active; the task budget resets (§12.3 gap: assumed reset on becoming active).
    mutating func becomeActive() {
        guard hasProcess else { return }
        setState(.active, cause: "becameActive", rules: ["STATE-1"])
        if policy.execution.budgetResetsWhenActive { process.tasks.allowance = nil }
        process.sessions.inUse()  // LOC-31: sessions created in the background count from now
        lifecycle.endGrace()
        resetResumeDelay()  // URLS-3
        deliver(.didBecomeActive)
        handOverHeldPush()  // PUSH-5
    }

    /// Suspended → Background for a wake. Resuming delivers the notices the app missed (DATA-4,
    /// AUTH-5), and one of them may end the process: then false, and the wake delivers nothing.
    mutating func resume(cause: String, rules: [String]) -> Bool {
        setState(.background, cause: cause, rules: rules)
        return hasProcess && state.isExecuting
    }

    /// Active → Inactive → Background, with the grace period (STATE-4, STATE-5) and any open task
    /// becoming effective (TASK-8).
    mutating func enterBackground(cause: String) {
        guard state == .active || state == .inactive else { return }
        if state == .active {
            setState(.inactive, cause: cause, rules: ["STATE-1"])
            deliver(.willResignActive)
        }
        guard hasProcess else { return }
        setState(.background, cause: cause, rules: ["STATE-4"])
        // Leaving the foreground ends Allow Once and a temporary full-accuracy grant, and the
        // callback that says so may have ended the process (AUTH-4, AUTH-7).
        guard hasProcess, state == .background else { return }
        schedule(.reevaluate, at: lifecycle.startGrace(at: now, policy: policy))
        // CONF-BEACON-5: one iOS 13.3 log saw ranging go on for 5 min after backgrounding with the
        // `location` mode declared (beacon-ios13-bg-ranging-stops-5min); by default it ends with the
        // grace (BEACON-5).
        if let keep = policy.beacons.rangingAfterBackgrounding, !process.ranging.isEmpty,
            backgroundModes.contains(.location)
        {
            beacons.keepAppRunning(until: now + keep)
            schedule(.reevaluate, at: beacons.keepsAppRunningUntil)
        }
        if !process.tasks.open.isEmpty { grantAllowanceIfNeeded() }
        // TASK-11: on 13+ the remaining time reads DBL_MAX in the callback, though the countdown
        // of a task already open runs from now.
        lifecycle.setEnteringBackground(policy.execution.remainingUnlimitedWhileEnteringBackground)
        deliver(.didEnterBackground)
        lifecycle.setEnteringBackground(false)
        locationSessionsEnteredBackground()  // LOC-8, LOC-31
    }

    /// Background or Suspended → Inactive → Active.
    mutating func enterForeground(cause: String) {
        guard state == .background || state == .suspended else { return }
        process.beenInForeground = true  // LOC-30
        setState(.inactive, cause: cause, rules: ["STATE-1"])
        // The queued protected-data notice delivered on resuming may have ended the process.
        guard hasProcess, state == .inactive else { return }
        deliver(.willEnterForeground)
        becomeActive()
        releaseWithheldMonitorEntries()  // CLMON-4, CONF-22
        // BLE-2: in the foreground a scan listens all the time, so what is in range is found now,
        // not at the next background window.
        if !scenario.world.accessories.isEmpty { bluetoothCheck() }
    }

    /// Ends the process. Nothing of the app's memory survives; system-level monitoring does.
    mutating func terminate(_ reason: TerminationReason, code: String? = nil, rules: [String]) {
        guard hasProcess else { return }
        discardHeldPush()  // PUSH-5
        var fields: [Field] = []
        if let code { fields.append(Field("code", .string(code))) }
        tally.terminations.append(Termination(reason: reason, at: now, code: code, rules: RuleIDs.sorted(rules)))
        setState(.notRunning, cause: reason.rawValue, rules: rules, fields)
        networkProcessEnded(reason)  // URLS-5, URLS-8
        bluetoothProcessEnded(reason)  // BLE-4
        peripheralProcessEnded(reason)  // BLE-4
        if process.hasAgent { outboxLedger.noteHolding(process.agent!.agent.holdingCounts, died: true) }
        locationServices.processEnded(holding: process.sessions)  // LOC-8, LOC-32: ended only at the next launch
        process = .absent
        lifecycle.processEnded()
        beacons.processEnded()
    }

    /// True distance from the user to the trigger beacon, when the scenario has one.
    var distanceToTriggerBeacon: Double? {
        beacons.distanceToTrigger(from: world.position)
    }
}
