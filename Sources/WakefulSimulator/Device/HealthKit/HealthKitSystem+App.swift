import Foundation
import Wakeful

/// What the app asks of HealthKit: background delivery per type (HK-1, HK-2, HK-7), observer
/// queries (HK-1) and reads from its anchor (HK-4).
extension HealthKitSystem {
    /// `enableBackgroundDelivery(for:frequency:withCompletion:)`: kept by the system across launches.
    /// Enabling a stopped type again restores it (assumption: nothing documents a lasting block).
    mutating func enable(
        _ type: HealthDataType, frequency: HealthUpdateFrequency, _ conditions: HealthKitConditions,
        into effects: inout [DeviceEffect]
    ) {
        func refuse(_ why: String, _ rules: [String]) {
            effects.append(
                .decide(
                    "commandRefused", rules: rules,
                    fields: [Field("command", "enableHealthBackgroundDelivery"), Field("why", .string(why))]))
        }
        guard conditions.rules.backgroundDeliveryAvailable else { return refuse("no HealthKit before iOS 8", ["HK-1"]) }
        if conditions.rules.entitlementRequired && !conditions.entitlement {
            return refuse("no com.apple.developer.healthkit.background-delivery entitlement (iOS 15+)", ["HK-7"])
        }
        if let current = deliveries[type], current.frequency == frequency, !current.stopped { return }
        var delivery = deliveries[type] ?? Delivery(frequency: frequency)
        delivery.frequency = frequency
        delivery.stopped = false
        delivery.unanswered = 0
        deliveries[type] = delivery
        effects.append(
            .decide(
                "healthBackgroundDeliveryEnabled", rules: ["HK-1", "HK-2"],
                fields: [Field("type", .string(type.rawValue)), Field("frequency", .string(frequency.rawValue))]))
    }

    /// `HKHealthStore.execute(_:)` of an `HKObserverQuery` in process `process`: the updates waiting
    /// for it, which it receives now (HK-1).
    mutating func startObserver(_ type: HealthDataType, process: Int) -> [String] {
        if observerProcess != process {
            observers = []
            observerProcess = process
        }
        observers.insert(type)
        return takeWaiting(for: type, process: process)
    }

    /// Whether process `process` has an observer query of `type`.
    func observing(_ type: HealthDataType, process: Int) -> Bool {
        observerProcess == process && observers.contains(type)
    }

    /// An `HKAnchoredObjectQuery` from the app's anchor: the saved samples of `type` it has not read,
    /// or `errorDatabaseInaccessible` while the store is protected (HK-4). The anchor moves past what
    /// it returns, as the app keeps it.
    mutating func read(
        _ type: HealthDataType, _ conditions: HealthKitConditions, into effects: inout [DeviceEffect]
    ) -> HealthQueryResult {
        if !conditions.storeReadable && !conditions.rules.deliversWhileLocked {
            effects.append(
                .decide(
                    "healthStoreLocked", rules: ["HK-4", "DATA-2"], fields: [Field("type", .string(type.rawValue))]))
            return HealthQueryResult(type: type, error: .databaseInaccessible)
        }
        var found: [HealthSample] = []
        for index in 0..<saved where readAt[index] == nil && samples[index].type == type {
            readAt[index] = conditions.now
            found.append(HealthSample(id: samples[index].id, value: samples[index].value, at: samples[index].at))
        }
        return HealthQueryResult(type: type, samples: found)
    }
}
