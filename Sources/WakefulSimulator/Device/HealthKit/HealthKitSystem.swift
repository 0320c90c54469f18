import Foundation
import Wakeful

/// HealthKit as the phone runs it for the app, outliving the app's process: the samples other
/// devices save, the background delivery the app enabled per type and when each may wake it next
/// (HK-1 to HK-3, HK-8), the updates handed to the app and their completion handlers (HK-6), the
/// app's observer queries and its read anchors. Its functions read the device through
/// ``HealthKitConditions`` and return ``DeviceEffect``s; waking the app and delivering to it are the
/// device's.
struct HealthKitSystem {
    /// Every sample the world saves, in time order.
    private(set) var samples: [WorldHealthSample] = []
    /// When the app first read each sample, by the same index.
    private(set) var readAt: [TimeInterval?] = []
    /// How many of ``samples`` are saved by now.
    private var saved = 0
    /// Background delivery the app enabled, by type: the system keeps it across launches (HK-1).
    private var deliveries: [HealthDataType: Delivery] = [:]
    /// The observer queries of process ``observerProcess``: they die with it (HK-1).
    private var observers: Set<HealthDataType> = []
    private var observerProcess = 0
    /// Updates handed to the app whose completion handler has not been called, by id (HK-6).
    private var open: [String: OpenUpdate] = [:]
    private var updateSerial = 0
    /// Stamps delivery entries on the agenda; a newer plan makes older ones stale.
    private var generation = 0
    /// Until when the last delivery holds the app, so that a completion can end the hold early.
    private var holdUntil = -TimeInterval.infinity

    /// Whether the app enabled background delivery of any type.
    var hasDeliveries: Bool { !deliveries.isEmpty }

    /// Background delivery of one type.
    struct Delivery {
        var frequency: HealthUpdateFrequency
        /// New samples saved since the last update, or an unanswered update to retry.
        var pending = false
        /// When HealthKit last woke the app for the type (HK-2).
        var lastWake = -TimeInterval.infinity
        /// The earliest retry of an unanswered update (HK-6).
        var retryAt = -TimeInterval.infinity
        /// The agenda entry planned for it, if any.
        var planned: Int?
        /// Held back until an unlock or an open (HK-4).
        var held = false
        /// Updates left unanswered in a row (HK-6).
        var unanswered = 0
        /// HealthKit stopped delivering after ``HealthKitRules/unansweredBeforeStop`` (HK-6).
        var stopped = false
    }

    /// An update handed to the app, or waiting for its observer query.
    struct OpenUpdate {
        var type: HealthDataType
        /// Its number, which its handler-deadline entry carries.
        var serial: Int
        /// The process it was meant for.
        var process: Int
        /// Whether the observer query has received it.
        var delivered = false
    }

    /// The samples of `series` saved before `duration`, put on the agenda.
    mutating func plan(_ series: [HealthSampleSeries], until duration: TimeInterval, into effects: inout [DeviceEffect])
    {
        let all = series.flatMap { $0.samples(until: duration) }
        samples = all.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        readAt = Array(repeating: nil, count: samples.count)
        for index in samples.indices {
            effects.append(.schedule(.healthSampleSaved(index: index), at: samples[index].at))
        }
    }

    /// Another device saved the sample at `index`: a delivery of its type is planned (HK-1, HK-8).
    mutating func sampleSaved(_ index: Int, _ conditions: HealthKitConditions, into effects: inout [DeviceEffect]) {
        saved = max(saved, index + 1)
        let sample = samples[index]
        effects.append(
            .decide(
                "healthSampleSaved", rules: ["HK-1"],
                fields: [Field("sample", .string(sample.id)), Field("type", .string(sample.type.rawValue))]))
        guard var delivery = deliveries[sample.type], !delivery.stopped else { return }
        delivery.pending = true
        deliveries[sample.type] = delivery
        schedule(sample.type, conditions, into: &effects)
    }

    /// Plans the next wake for `type`: no earlier than the delivery delay (HK-8), one period after
    /// the last wake (HK-2, HK-3) and any retry's backoff (HK-6).
    mutating func schedule(
        _ type: HealthDataType, _ conditions: HealthKitConditions, into effects: inout [DeviceEffect]
    ) {
        guard var delivery = deliveries[type], delivery.pending, !delivery.stopped, delivery.planned == nil else {
            return
        }
        let period = conditions.rules.period(of: type, at: delivery.frequency)
        let at = max(conditions.now + conditions.rules.deliveryDelay, delivery.lastWake + period, delivery.retryAt)
        generation += 1
        delivery.planned = generation
        deliveries[type] = delivery
        effects.append(.schedule(.healthDeliveryDue(generation: generation), at: at))
    }

    /// The planned wake stamped `generation` fell due: the type to deliver, or nil when it is stale
    /// or held back (HK-4, HK-5).
    mutating func due(_ generation: Int, _ conditions: HealthKitConditions, into effects: inout [DeviceEffect])
        -> HealthDataType?
    {
        guard let type = deliveries.first(where: { $0.value.planned == generation })?.key,
            var delivery = deliveries[type]
        else { return nil }
        delivery.planned = nil
        defer { deliveries[type] = delivery }
        guard delivery.pending, !delivery.stopped else { return nil }
        if let (why, rules) = conditions.holdBack {
            if !delivery.held {
                delivery.held = true
                effects.append(.suppressedWake(.healthKit))
                effects.append(.refusedWake(why: why, rules: rules))
                effects.append(
                    .decide(
                        "healthDeliveryHeld", rules: rules,
                        fields: [Field("type", .string(type.rawValue)), Field("why", .string(why))]))
            }
            return nil
        }
        delivery.held = false
        delivery.pending = false
        delivery.lastWake = conditions.now
        return type
    }

    /// Plans again every delivery held back, after the user unlocked or opened the app (HK-4).
    mutating func release(_ conditions: HealthKitConditions, into effects: inout [DeviceEffect]) {
        guard conditions.holdBack == nil else { return }
        for type in deliveries.keys.sorted() where deliveries[type]?.held == true {
            deliveries[type]?.held = false
            schedule(type, conditions, into: &effects)
        }
    }

    /// A wake for an update holds the app for the handler's time from now (HK-5); returns the end.
    mutating func hold(at now: TimeInterval, rules: HealthKitRules) -> TimeInterval {
        holdUntil = now + rules.handlerTime
        return holdUntil
    }

    /// Opens an update of `type` for the app's process, its completion due within the handler's
    /// time. Returns its id, and whether the process's observer query receives it now; otherwise it
    /// waits for one (HK-1).
    mutating func openUpdate(
        _ type: HealthDataType, _ conditions: HealthKitConditions, into effects: inout [DeviceEffect]
    ) -> (id: String, observed: Bool) {
        updateSerial += 1
        let id = "\(type.rawValue)-update-\(updateSerial)"
        let observed = observing(type, process: conditions.process)
        open[id] = OpenUpdate(type: type, serial: updateSerial, process: conditions.process, delivered: observed)
        effects.append(
            .decide("healthUpdateDelivered", rules: ["HK-1", "HK-5"], fields: [Field("id", .string(id))]))
        effects.append(
            .schedule(.healthHandlerDeadline(update: updateSerial), at: conditions.now + conditions.rules.handlerTime))
        return (id, observed)
    }

    /// The updates waiting for an observer query of `type` in process `process`, now marked delivered.
    private mutating func takeWaiting(for type: HealthDataType, process: Int) -> [String] {
        let ids = open.filter { !$0.value.delivered && $0.value.type == type && $0.value.process == process }.keys
            .sorted()
        for id in ids { open[id]?.delivered = true }
        return ids
    }

    /// The app called the completion handler of update `id` (HK-6). Returns the end of the hold
    /// the last wake set when no update is left open, so that the device may end it now.
    mutating func complete(_ id: String, into effects: inout [DeviceEffect]) -> TimeInterval? {
        guard let update = open.removeValue(forKey: id) else {
            effects.append(.decide("completeUnknownHealthUpdate", rules: ["HK-6"], fields: [Field("id", .string(id))]))
            return nil
        }
        deliveries[update.type]?.unanswered = 0
        deliveries[update.type]?.retryAt = -.infinity
        effects.append(.decide("healthUpdateCompleted", rules: ["HK-6"], fields: [Field("id", .string(id))]))
        return open.isEmpty ? holdUntil : nil
    }

    /// The handler's time for update number `serial` is up: unanswered, it is retried with backoff,
    /// and after ``HealthKitRules/unansweredBeforeStop`` in a row delivery of the type stops (HK-6).
    mutating func handlerDeadline(_ serial: Int, _ conditions: HealthKitConditions, into effects: inout [DeviceEffect])
    {
        guard let id = open.first(where: { $0.value.serial == serial })?.key, let update = open.removeValue(forKey: id),
            var delivery = deliveries[update.type]
        else { return }
        delivery.unanswered += 1
        let limit = conditions.rules.unansweredBeforeStop
        var fields = [Field("id", .string(id)), Field("unanswered", .int(delivery.unanswered))]
        if delivery.unanswered >= limit {
            delivery.stopped = true
            delivery.pending = false
            deliveries[update.type] = delivery
            fields.append(Field("type", .string(update.type.rawValue)))
            effects.append(.decide("healthBackgroundDeliveryStopped", rules: ["HK-6"], fields: fields))
            return
        }
        let backoff = conditions.rules.retryDelay * Double(1 << (delivery.unanswered - 1))
        delivery.retryAt = conditions.now + backoff
        delivery.pending = true
        deliveries[update.type] = delivery
        fields.append(Field("retryIn", .double(backoff)))
        effects.append(.decide("healthUpdateUnanswered", rules: ["HK-6"], fields: fields))
        schedule(update.type, conditions, into: &effects)
    }
}

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
    private func observing(_ type: HealthDataType, process: Int) -> Bool {
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
