import Foundation
import Wakeful

/// What HealthKit reads of the device when it decides.
struct HealthKitConditions {
    /// The current simulated time.
    var now: TimeInterval
    var rules: HealthKitRules
    /// The store can be read: it is protected like a file of class `complete`, so not from about
    /// 10 s after a lock until the unlock, nor before the first unlock (HK-4, DATA-2).
    var storeReadable: Bool
    /// The user force-quit the app and has not opened it since (TERM-1).
    var forceQuit: Bool
    /// The app is signed with `com.apple.developer.healthkit.background-delivery` (HK-7).
    var entitlement: Bool
    /// The number of the app's process, 0 while it has none.
    var process: Int

    /// Why HealthKit holds a delivery back now, with the rules; nil when it may wake the app.
    var holdBack: (why: String, rules: [String])? {
        if !storeReadable && !rules.deliversWhileLocked { return ("the phone is locked", ["HK-4", "DATA-2"]) }
        if forceQuit && !rules.deliveredAfterForceQuit { return ("force-quit by the user", ["HK-5", "TERM-1"]) }
        return nil
    }
}

extension SimulatedDevice {
    var healthKitConditions: HealthKitConditions {
        HealthKitConditions(
            now: now, rules: policy.healthKit, storeReadable: screen.dataProtection.isProtectedDataAvailable,
            forceQuit: lifecycle.forceQuitFlag, entitlement: scenario.app.healthKitBackgroundDeliveryEntitlement,
            process: process.number)
    }
}
