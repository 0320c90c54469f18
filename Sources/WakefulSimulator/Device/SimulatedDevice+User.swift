import Foundation
import Wakeful

extension SimulatedDevice {
    /// Carries out one scripted user action.
    mutating func perform(_ action: UserAction.Kind) {
        var fields: [Field] = []
        switch action {
        case .setLowPowerMode(let on), .setBackgroundAppRefresh(let on): fields.append(Field("on", .bool(on)))
        case .setBluetooth(let on): fields.append(Field("on", .bool(on)))
        case .wakeAccessory(let id): fields.append(Field("accessory", .string(id)))
        case .setPreciseLocation(let on): fields.append(Field("on", .bool(on)))
        case .answerAlwaysPrompt(let changeToAlways): fields.append(Field("choice", changeToAlways ? "always" : "keep"))
        case .setAuthorization(let choice): fields.append(Field("status", .string(choice.rawValue)))
        case .answerTemporaryFullAccuracy(let allow): fields.append(Field("allow", .bool(allow)))
        default: break
        }
        record(.user(action: action.name, fields: fields))
        pushes.lastUserAction = now  // the device is in use: no grouping of pushes for a while (PUSH-8)
        switch action {
        case .open: open()
        case .home: enterBackground(cause: "userPressedHome")
        case .lock: lock()
        case .unlock: unlock()
        case .glance: displayLitUp()
        case .forceQuit: forceQuit()
        case .reboot: reboot()
        case .prewarm: prewarm()
        case .memoryPressure: memoryPressure()
        case .setLowPowerMode(let on): setLowPowerMode(on)
        case .setBackgroundAppRefresh(let on): setBackgroundAppRefresh(on)
        case .wakeAccessory(let id): wakeAccessory(id)
        case .setBluetooth(let on): setBluetooth(on)
        case .grantWhenInUse, .grantAlways, .allowOnce, .deny, .answerAlwaysPrompt, .setAuthorization,
            .setPreciseLocation, .answerTemporaryFullAccuracy:
            performAuthorizationAction(action)
        }
        schedulerAfterUserAction(action)
        healthAfterUserAction(action)
    }

    /// Tapping the icon: unlocks if needed, launches or foregrounds the app, clears the force-quit
    /// flag (TERM-1).
    private mutating func open() {
        if locked { unlock() }
        if forceQuitFlag {
            forceQuitFlag = false
            decide("forceQuitFlagCleared", rules: ["TERM-1"], [Field("by", "manualLaunch")])
        }
        switch state {
        case .notRunning: launch(.user, cause: "userOpened", rules: ["STATE-1"])
        case .background, .suspended: enterForeground(cause: "userOpened")
        case .active, .inactive: break
        }
    }

    private mutating func lock() {
        guard !locked else { return }
        frontWhenLocked = state.isForeground
        locked = true
        screenOn = false
        if state.isForeground { enterBackground(cause: "userLocked") }
        lockDownGeneration += 1
        if dataProtection.passcode, !dataProtection.lockedDown {
            schedule(
                .protectedDataLockDown(generation: lockDownGeneration),
                at: now + DataProtectionGate.completeKeyDiscardDelay)
        }
    }

    /// The `complete` key goes (DATA-2); an app that runs hears it just before (DATA-4).
    mutating func protectedDataLockDown(generation: Int) {
        guard generation == lockDownGeneration, locked, !dataProtection.lockedDown else { return }
        dataProtection.lockedDown = true
        if state.isExecuting {
            process.protectedDataHeard = false
            deliver(.protectedDataWillBecomeUnavailable)
        }
        decide("protectedDataUnavailable", rules: ["DATA-2", "DATA-4"])
    }

    private mutating func unlock() {
        let first = !firstUnlockDone
        if first {
            firstUnlockDone = true
            decide("firstUnlock", rules: ["LOC-23"])
        }
        let wasLocked = locked
        locked = false
        // The unlock lights the display before the first-unlock work below lets pending connects go
        // (their latency depends on it, BLE-4).
        screenOn = true
        lockDownGeneration += 1
        if dataProtection.lockedDown || dataProtection.beforeFirstUnlock {
            dataProtection.lockedDown = false
            dataProtection.beforeFirstUnlock = false
            decide("protectedDataAvailable", rules: ["DATA-4"])
            if state.isExecuting {
                process.protectedDataHeard = true
                deliver(.protectedDataDidBecomeAvailable)
            }
        }
        if first {
            // What waited for the first unlock goes now, after the files became readable, so a
            // relaunched app can open its store.
            scheduleWorldTick(at: now)  // crossings made while locked are reported now (LOC-23)
            bluetoothCheck()  // restoration waited for the first unlock (BLE-4)
            relaunchSessionsAfterFirstUnlock()  // DATA-8
        }
        displayLitUp()
        if wasLocked && frontWhenLocked && (state == .background || state == .suspended) {
            enterForeground(cause: "userUnlocked")
        }
        frontWhenLocked = false
    }

    /// The screen lit up: beacon regions with `notifyEntryStateOnDisplay` get a state callback
    /// about 1 s later (BEACON-4).
    private mutating func displayLitUp() {
        screenOn = true
        displayGeneration += 1
        // Software-detected beacon regions are listened for while the display is lit (BEACON-2, BEACON-3).
        if regions.contains(where: \.isBeacon) { scheduleWorldTick(at: now) }
        guard regions.contains(where: { $0.region.notifyEntryStateOnDisplay && $0.isBeacon }) else { return }
        schedule(.displayState(generation: displayGeneration), at: now + policy.beacons.displayStateDelay)
    }

    /// The app switcher swipe: the process dies and the force-quit flag is set (TERM-1).
    private mutating func forceQuit() {
        if state == .background {
            // STATE-6: an app that is executing may get applicationWillTerminate; a suspended one never does.
            deliver(.willTerminate)
        }
        terminate(.userForceQuit, rules: ["TERM-1"])
        forceQuitFlag = true
        relaunchRightAfterForceQuit()
    }

    /// A restart: the app is gone, the force-quit flag clears, and location monitoring waits for
    /// the first unlock (TERM-1, LOC-23).
    private mutating func reboot() {
        terminate(.reboot, rules: ["TERM-1", "LOC-23"])
        if forceQuitFlag && policy.termination.forceQuitFlagClearedByReboot {
            forceQuitFlag = false
            decide("forceQuitFlagCleared", rules: ["TERM-1", "PUSH-7"], [Field("by", "reboot")])
        }
        locked = true
        screenOn = false
        frontWhenLocked = false
        firstUnlockDone = false
        lockDownGeneration += 1
        if dataProtection.passcode {
            dataProtection.beforeFirstUnlock = true  // DATA-1
            dataProtection.lockedDown = true
        }
    }

    /// The system prewarms the app (DATA-9): as documented the process stops before
    /// `UIApplicationMain`, so none of the app's code that the simulator models runs, and the app
    /// still launches when the user opens it; on iOS 15 (field reports) and with CONF-DATA-9
    /// `didFinishLaunching` runs at once, in the background, possibly before the first unlock, and
    /// the process is then suspended.
    private mutating func prewarm() {
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
    private mutating func memoryPressure() {
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
    private mutating func setLowPowerMode(_ on: Bool) {
        lowPowerMode = on
        if !on { releaseHeldPush() }  // PUSH-9
        guard state.isExecuting else { return }
        deliver(.lowPowerModeChanged(on))
    }

    private mutating func setBackgroundAppRefresh(_ on: Bool) {
        backgroundAppRefreshSwitch = on
        if state.isExecuting { deliver(.backgroundRefreshStatusChanged(on ? .available : .denied)) }
    }
}

extension SimulatedDevice {
    /// A suspended app that runs again first gets the protected-data notification it missed, once,
    /// with the net change: "the system queues many relevant notifications and delivers them to the
    /// app as soon as it starts executing code again … a single notification … that reflects the net
    /// change", among them "the status of protected files changes" (App Programming Guide for iOS,
    /// Processing Queued Notifications at Wakeup Time; DATA-4).
    mutating func deliverQueuedProtectedDataNotice() {
        let available = dataProtection.isProtectedDataAvailable
        guard hasProcess, process.protectedDataHeard != available else { return }
        process.protectedDataHeard = available
        deliver(available ? .protectedDataDidBecomeAvailable : .protectedDataWillBecomeUnavailable)
    }
}
