import Foundation
import Wakeful

/// The scripted user's actions: opening the app, Home, locking and unlocking, a glance at the
/// lock screen. Those on the app's lifecycle and the Settings are in
/// `SimulatedDevice+LifecycleActions`.
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
    }

    /// Tapping the icon: unlocks if needed, launches or foregrounds the app, clears the force-quit
    /// flag (TERM-1).
    private mutating func open() {
        if screen.isLocked { unlock() }
        if lifecycle.clearForceQuitFlag() {
            decide("forceQuitFlagCleared", rules: ["TERM-1"], [Field("by", "manualLaunch")])
        }
        switch state {
        case .notRunning: launch(.user, cause: "userOpened", rules: ["STATE-1"])
        case .background, .suspended: enterForeground(cause: "userOpened")
        case .active, .inactive: break
        }
    }

    private mutating func lock() {
        var effects: [DeviceEffect] = []
        guard screen.lock(appOnScreen: state.isForeground, now: now, into: &effects) else { return }
        if state.isForeground { enterBackground(cause: "userLocked") }
        carryOut(effects)  // the key's discard (DATA-2) goes on the agenda after the move to the background
    }

    /// The `complete` key goes (DATA-2); an app that runs hears it just before (DATA-4).
    mutating func protectedDataLockDown(generation: Int) {
        guard screen.lockDown(generation: generation) else { return }
        if state.isExecuting {
            process.protectedDataHeard = false
            deliver(.protectedDataWillBecomeUnavailable)
        }
        decide("protectedDataUnavailable", rules: ["DATA-2", "DATA-4"])
    }

    private mutating func unlock() {
        var effects: [DeviceEffect] = []
        let unlock = screen.unlock(into: &effects)
        carryOut(effects)
        if unlock.protectedDataReturned, state.isExecuting {
            process.protectedDataHeard = true
            deliver(.protectedDataDidBecomeAvailable)
        }
        if unlock.first {
            // What waited for the first unlock goes now, after the files became readable, so a
            // relaunched app can open its store.
            scheduleWorldTick(at: now)  // crossings made while locked are reported now (LOC-23)
            bluetoothCheck()  // restoration waited for the first unlock (BLE-4)
            relaunchSessionsAfterFirstUnlock()  // DATA-8
        }
        displayLitUp()
        if unlock.appWasOnScreen && (state == .background || state == .suspended) {
            enterForeground(cause: "userUnlocked")
        }
    }

    /// The screen lit up: beacon regions with `notifyEntryStateOnDisplay` get a state callback
    /// about 1 s later (BEACON-4).
    private mutating func displayLitUp() {
        let generation = screen.lightUp()
        // Software-detected beacon regions are listened for while the display is lit (BEACON-2, BEACON-3).
        if geofences.regions.contains(where: \.isBeacon) { scheduleWorldTick(at: now) }
        guard geofences.regions.contains(where: { $0.region.notifyEntryStateOnDisplay && $0.isBeacon }) else { return }
        schedule(.displayState(generation: generation), at: now + policy.beacons.displayStateDelay)
    }
}

extension SimulatedDevice {
    /// A suspended app that runs again first gets the protected-data notification it missed, once,
    /// with the net change: "the system queues many relevant notifications and delivers them to the
    /// app as soon as it starts executing code again … a single notification … that reflects the net
    /// change", among them "the status of protected files changes" (App Programming Guide for iOS,
    /// Processing Queued Notifications at Wakeup Time; DATA-4).
    mutating func deliverQueuedProtectedDataNotice() {
        let available = screen.dataProtection.isProtectedDataAvailable
        guard hasProcess, process.protectedDataHeard != available else { return }
        process.protectedDataHeard = available
        deliver(available ? .protectedDataDidBecomeAvailable : .protectedDataWillBecomeUnavailable)
    }
}
