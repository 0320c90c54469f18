#if canImport(HealthKit) && canImport(UIKit)
    import Foundation
    import HealthKit
    import Wakeful

    /// Carries out the HealthKit commands with one `HKHealthStore` and reports what it says as events:
    /// ``Event/healthObserverUpdate(_:)`` and ``Event/healthSamplesQueried(_:)``.
    ///
    /// Only translation: ``HealthSync`` decides what to read and when to complete. The observer
    /// queries are started from `application(_:didFinishLaunchingWithOptions:)`, where the strategy
    /// issues them: "set up all your observer queries in your app delegate's
    /// application(_:didFinishLaunchingWithOptions:) method … you ensure that the queries are
    /// instantiated and ready to use before HealthKit delivers the updates" (HK-1). Each update's
    /// completion handler waits in a ``CompletionLedger`` until
    /// ``Command/completeHealthObserverUpdate(id:)``, which calls it exactly once (HK-6). Enabling
    /// background delivery needs the `com.apple.developer.healthkit.background-delivery`
    /// entitlement from iOS 15 (HK-7); reading needs `NSHealthShareUsageDescription`.
    @MainActor
    final class HealthKitAdapter {
        private let deliver: @MainActor @Sendable (Event) -> Void
        private let store = HKHealthStore()
        private var observers: [HealthDataType: HKObserverQuery] = [:]
        private var completions = CompletionLedger<HKObserverQueryCompletionHandler>()
        private var serial = 0
        private let defaults = UserDefaults.standard

        init(deliver: @escaping @MainActor @Sendable (Event) -> Void) {
            self.deliver = deliver
        }

        /// `HKHealthStore.execute(_:)` of an `HKObserverQuery`, once per type per process.
        /// https://developer.apple.com/documentation/healthkit/hkobserverquery/init(sampletype:predicate:updatehandler:)
        func startObserver(_ type: HealthDataType) -> Bool {
            guard let sampleType = Self.sampleType(type) else { return false }
            guard observers[type] == nil else { return true }
            let query = HKObserverQuery(sampleType: sampleType, predicate: nil) { [weak self] _, completion, _ in
                // The handler runs on a queue of HealthKit's; the completion is called once, on the
                // main actor, when the core says so.
                nonisolated(unsafe) let handler = completion
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { self?.received(type, completion: handler) }
                }
            }
            observers[type] = query
            store.execute(query)
            return true
        }

        private func received(_ type: HealthDataType, completion: @escaping HKObserverQueryCompletionHandler) {
            serial += 1
            let id = "\(type.rawValue)-update-\(serial)"
            completions.receive(id, handler: completion, at: ProcessInfo.processInfo.systemUptime)
            deliver(.healthObserverUpdate(HealthObserverUpdate(id: id, type: type)))
        }

        /// `enableBackgroundDelivery(for:frequency:withCompletion:)`: "The system wakes your app from
        /// the background at most once per time period specified" (HK-2).
        /// https://developer.apple.com/documentation/healthkit/hkhealthstore/enablebackgrounddelivery(for:frequency:withcompletion:)
        func enableBackgroundDelivery(_ type: HealthDataType, frequency: HealthUpdateFrequency) -> Bool {
            guard let sampleType = Self.sampleType(type) else { return false }
            store.enableBackgroundDelivery(for: sampleType, frequency: HKUpdateFrequency(frequency)) { _, _ in }
            return true
        }

        /// The `HKObserverQueryCompletionHandler`: "You must call this block as soon as you are done
        /// processing the incoming data" (HK-6); a second call for the same update does nothing.
        /// https://developer.apple.com/documentation/healthkit/hkobserverquerycompletionhandler
        func complete(_ id: String) {
            completions.complete(id)?()
        }

        /// An `HKAnchoredObjectQuery` from the anchor kept in `UserDefaults` (so a relaunched process
        /// reads on from where the last one stopped); while the phone is locked HealthKit answers
        /// `errorDatabaseInaccessible` (HK-4).
        /// https://developer.apple.com/documentation/healthkit/hkanchoredobjectquery/init(type:predicate:anchor:limit:resultshandler:)
        func query(_ type: HealthDataType) -> Bool {
            guard let sampleType = Self.sampleType(type) else { return false }
            let anchorKey = "wakeful.health.anchor.\(type.rawValue)"
            let anchor = defaults.data(forKey: anchorKey).flatMap {
                try? NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: $0)
            }
            // Without an anchor the first read would return the whole history: start from a day ago.
            let predicate =
                anchor == nil
                ? HKQuery.predicateForSamples(withStart: Date(timeIntervalSinceNow: -86_400), end: nil) : nil
            let query = HKAnchoredObjectQuery(
                type: sampleType, predicate: predicate, anchor: anchor, limit: HKObjectQueryNoLimit
            ) { [weak self] _, added, _, newAnchor, error in
                let unit = Self.unit(for: type)
                let samples = (added ?? []).compactMap { sample -> HealthSample? in
                    guard let quantity = sample as? HKQuantitySample else { return nil }
                    let value =
                        unit.map {
                            quantity.quantity.is(compatibleWith: $0) ? quantity.quantity.doubleValue(for: $0) : 0
                        } ?? 0
                    return HealthSample(
                        id: quantity.uuid.uuidString, value: value, at: quantity.startDate.timeIntervalSince1970)
                }
                let succeeded = error == nil
                let failed = (error as? HKError)?.code == .errorDatabaseInaccessible
                let saved = newAnchor.flatMap {
                    try? NSKeyedArchiver.archivedData(withRootObject: $0, requiringSecureCoding: true)
                }
                let result = HealthQueryResult(
                    type: type, samples: succeeded ? samples : [], error: failed ? .databaseInaccessible : nil)
                DispatchQueue.main.async {
                    MainActor.assumeIsolated {
                        if succeeded, let saved { self?.defaults.set(saved, forKey: anchorKey) }
                        self?.deliver(.healthSamplesQueried(result))
                    }
                }
            }
            store.execute(query)
            return true
        }

        /// The quantity type of `type`: `HKQuantityTypeIdentifier` plus the name, capitalised.
        /// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier
        nonisolated private static func sampleType(_ type: HealthDataType) -> HKQuantityType? {
            guard let first = type.rawValue.first else { return nil }
            let identifier = "HKQuantityTypeIdentifier" + first.uppercased() + type.rawValue.dropFirst()
            return HKObjectType.quantityType(forIdentifier: HKQuantityTypeIdentifier(rawValue: identifier))
        }

        /// The unit the records carry values in: steps, mg/dL, beats per minute.
        nonisolated private static func unit(for type: HealthDataType) -> HKUnit? {
            switch type {
            case .stepCount: .count()
            case .bloodGlucose: HKUnit(from: "mg/dL")
            case .heartRate: HKUnit(from: "count/min")
            default: nil
            }
        }
    }

    extension HKUpdateFrequency {
        /// https://developer.apple.com/documentation/healthkit/hkupdatefrequency
        init(_ frequency: HealthUpdateFrequency) {
            switch frequency {
            case .immediate: self = .immediate
            case .hourly: self = .hourly
            case .daily: self = .daily
            case .weekly: self = .weekly
            }
        }
    }
#endif

#if canImport(HealthKit) && canImport(UIKit)
    extension WakefulApp {
        /// The HealthKit commands (HK-1, HK-4, HK-6), noted rather than carried out where the device
        /// has no HealthKit ("call isHealthDataAvailable() before calling any other HealthKit
        /// methods", `HKHealthStore`) or the type is not a quantity type.
        /// https://developer.apple.com/documentation/healthkit/hkhealthstore/ishealthdataavailable()
        func executeHealth(_ command: Command) {
            guard HKHealthStore.isHealthDataAvailable() else {
                return notCarriedOut(command, reason: "healthDataUnavailable")
            }
            let carried: Bool
            switch command {
            case .startHealthObserverQuery(let type): carried = health.startObserver(type)
            case .enableHealthBackgroundDelivery(let type, let frequency):
                carried = health.enableBackgroundDelivery(type, frequency: frequency)
            case .completeHealthObserverUpdate(let id):
                health.complete(id)
                carried = true
            case .queryHealthSamples(let type): carried = health.query(type)
            default: carried = true
            }
            if !carried { notCarriedOut(command, reason: "notAQuantityType") }
        }
    }
#endif
