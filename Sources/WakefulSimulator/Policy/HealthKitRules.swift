import Foundation
import Wakeful

/// HealthKit background delivery (HK): observer queries, the update frequencies, the completion
/// handler's contract and what Data Protection does to the store (see SimulatorRules, "HealthKit
/// background delivery").
///
/// ```swift
/// HealthKitRules.defaults(for: IOSVersion(17)).hourlyTypes           // ["stepCount", …] (HK-3)
/// HealthKitRules.defaults(for: IOSVersion(14)).entitlementRequired   // false (HK-7)
/// ```
public struct HealthKitRules: Sendable, Hashable {
    /// Whether `enableBackgroundDelivery(for:frequency:withCompletion:)` exists (HK-1).
    public var backgroundDeliveryAvailable: Bool
    /// Types HealthKit delivers at most hourly whatever frequency the app asks for (HK-3).
    public var hourlyTypes: [String]
    /// Seconds from a save to the wake that delivers it, when nothing else holds it back: "immediate"
    /// is not real time (HK-8).
    public var deliveryDelay: TimeInterval
    /// Whether deliveries and reads go on while the phone is locked (HK-4).
    public var deliversWhileLocked: Bool
    /// Seconds HealthKit gives the app to call the observer query's completion handler (HK-5).
    public var handlerTime: TimeInterval
    /// Seconds before the first retry of an unanswered update; each further one doubles it (HK-6).
    public var retryDelay: TimeInterval
    /// Unanswered updates after which HealthKit stops background delivery of the type (HK-6).
    public var unansweredBeforeStop: Int
    /// Whether enabling background delivery needs the
    /// `com.apple.developer.healthkit.background-delivery` entitlement (HK-7).
    public var entitlementRequired: Bool
    /// Whether HealthKit still launches an app the user force-quit (HK-5, TERM-1).
    public var deliveredAfterForceQuit: Bool

    /// The defaults for `version`.
    ///
    /// - Parameter version: The simulated iOS release.
    /// - Returns: The HealthKit rules the default profile uses on that release.
    public static func defaults(for version: IOSVersion) -> HealthKitRules {
        HealthKitRules(
            // HK-1: HKUpdateFrequency and background delivery from iOS 8.0 (documented).
            backgroundDeliveryAvailable: version >= IOSVersion(8),
            // HK-3: "on iOS, stepCount samples have an hourly maximum frequency" (documented); active
            // energy and walking/running distance hourly too in a field test on 9.2 (observed).
            hourlyTypes: ["stepCount", "activeEnergyBurned", "distanceWalkingRunning"],
            // HK-8: "immediate DOES NOT mean real-time but rather some time shortly after" (field
            // report); the figure is an assumption.
            deliveryDelay: 20,
            // HK-4: errorDatabaseInaccessible "occurs when your app queries for HealthKit data while
            // the device is locked" (documented); deliveries wait for the unlock (field reports).
            deliversWhileLocked: false,
            // HK-5: no iOS figure; watchOS allows 15 s of wall clock (DTS, forum thread 781261).
            // Assumption: the 30 s of a silent push's handler (PUSH-6).
            handlerTime: 30,
            // HK-6: "a backoff algorithm" with no figures; assumption: 5 min, doubling.
            retryDelay: 300,
            // HK-6: "If your app fails to respond three times … stops sending you background
            // updates" (documented).
            unansweredBeforeStop: 3,
            // HK-7: the entitlement key exists from iOS 15.0 (documented).
            entitlementRequired: version >= IOSVersion(15),
            // HK-5: delivered to an app "force-killed by the user" in a field test on 9.2 (observed);
            // carried to later releases as an assumption.
            deliveredAfterForceQuit: true
        )
    }

    /// The period within which the app is woken at most once for `type` at `frequency` (HK-2, HK-3).
    func period(of type: HealthDataType, at frequency: HealthUpdateFrequency) -> TimeInterval {
        hourlyTypes.contains(type.rawValue) ? max(frequency.period, 3600) : frequency.period
    }
}
