import Foundation
import Wakeful

/// The phone's display and lock, and the Data Protection that follows them: whether the display
/// is lit, whether the phone is locked and whether it has been unlocked since it restarted
/// (LOC-23, DATA-1), and when the `complete` class key goes after a lock (DATA-2). It belongs to
/// the phone and outlives the app's process.
///
/// It reads nothing of the device but what it is handed (the time, whether the app is on screen
/// at a lock) and returns ``DeviceEffect``s: the lock-down's agenda entry and the decisions of an
/// unlock. Telling the app that protected data comes or goes (DATA-4), bringing it back on screen
/// and what waited for the first unlock are the device's, from what ``unlock(into:)`` reports.
struct Screen {
    /// The display is lit: software-detected beacon regions are listened for (BEACON-2, BEACON-3)
    /// and a pending Bluetooth connect completes fast (BLE-4).
    private(set) var isLit = true
    private(set) var isLocked = false
    /// The phone has been unlocked since it restarted (LOC-23, DATA-1, DATA-8).
    private(set) var firstUnlockDone = true
    /// The app was on screen when the phone was locked: unlocking brings it back.
    private var frontWhenLocked = false
    /// Stamps the state callbacks of each time the display lights up (BEACON-4).
    private(set) var displayGeneration = 0
    /// Stamps lock-down entries: an unlock, a lock or a restart makes the older ones stale (DATA-2).
    private var lockDownGeneration = 0
    /// The phone's Data Protection, shared with the outbox each process opens (DATA-1 to DATA-4);
    /// only this type changes it.
    let dataProtection: DataProtectionGate

    /// An unlocked phone with its display lit; Data Protection is active only with a `passcode` (DATA-1).
    init(passcode: Bool) {
        dataProtection = DataProtectionGate(passcode: passcode)
    }

    /// The user locks the phone and the display goes dark; with a passcode the `complete` key goes
    /// ≈10 s later (DATA-2). False, and nothing changes, when it was locked already.
    ///
    /// - Parameter appOnScreen: Whether the app is in the foreground, to bring it back at the unlock.
    mutating func lock(appOnScreen: Bool, now: TimeInterval, into effects: inout [DeviceEffect]) -> Bool {
        guard !isLocked else { return false }
        frontWhenLocked = appOnScreen
        isLocked = true
        isLit = false
        lockDownGeneration += 1
        if dataProtection.passcode, !dataProtection.lockedDown {
            effects.append(
                .schedule(
                    .protectedDataLockDown(generation: lockDownGeneration),
                    at: now + DataProtectionGate.completeKeyDiscardDelay))
        }
        return true
    }

    /// The lock-down entry `generation` fell due: the `complete` key goes if the phone is still
    /// locked since (DATA-2). True when it went, for the device to tell the app (DATA-4).
    mutating func lockDown(generation: Int) -> Bool {
        guard generation == lockDownGeneration, isLocked, !dataProtection.lockedDown else { return false }
        dataProtection.lockedDown = true
        return true
    }

    /// What an unlock changed, for the device to act on.
    struct Unlock {
        /// The first unlock since a restart: what waited for it goes now (LOC-23, BLE-4, DATA-8).
        var first: Bool
        /// Protected data is available again (DATA-4).
        var protectedDataReturned: Bool
        /// The phone was locked with the app on screen: the app comes back to the foreground.
        var appWasOnScreen: Bool
    }

    /// The user unlocks the phone: the display lights up and the class keys are back (DATA-4).
    mutating func unlock(into effects: inout [DeviceEffect]) -> Unlock {
        let first = !firstUnlockDone
        if first {
            firstUnlockDone = true
            effects.append(.decide("firstUnlock", rules: ["LOC-23"], fields: []))
        }
        let appWasOnScreen = isLocked && frontWhenLocked
        isLocked = false
        frontWhenLocked = false
        // The unlock lights the display before the first-unlock work lets pending connects go
        // (their latency depends on it, BLE-4).
        isLit = true
        lockDownGeneration += 1
        let returned = dataProtection.lockedDown || dataProtection.beforeFirstUnlock
        if returned {
            dataProtection.lockedDown = false
            dataProtection.beforeFirstUnlock = false
            effects.append(.decide("protectedDataAvailable", rules: ["DATA-4"], fields: []))
        }
        return Unlock(first: first, protectedDataReturned: returned, appWasOnScreen: appWasOnScreen)
    }

    /// The display lights up (an unlock or a glance); returns the stamp of the state callbacks
    /// this lighting may bring (BEACON-4).
    mutating func lightUp() -> Int {
        isLit = true
        displayGeneration += 1
        return displayGeneration
    }

    /// A restart: the phone is locked and dark and has not been unlocked since (LOC-23); with a
    /// passcode no class key is there until the first unlock (DATA-1).
    mutating func restart() {
        isLocked = true
        isLit = false
        frontWhenLocked = false
        firstUnlockDone = false
        lockDownGeneration += 1
        if dataProtection.passcode {
            dataProtection.beforeFirstUnlock = true
            dataProtection.lockedDown = true
        }
    }
}
