import Foundation

/// Sends health samples (a glucose monitor's readings, a watch's steps) to the server soon after
/// they reach HealthKit, on whichever wake the configuration asks for.
///
/// The samples reach the app in three ways, one per wake source, so that they can be compared:
/// - **HealthKit background delivery** (``Options/frequency`` set): in
///   `application(_:didFinishLaunchingWithOptions:)` it starts an `HKObserverQuery` per type and
///   enables background delivery at the frequency (HK-1). Each update handler call reads the new
///   samples and then calls the completion handler, once (HK-6).
/// - **`BGAppRefreshTask`** (``Options/refreshInterval`` set): it asks for a refresh that far ahead
///   whenever it enters the background or ends a refresh, and reads on each launch (BGT-3, BGT-4).
/// - **Silent push** (``Options/readsOnPush``): a push from the server makes it read, and it
///   completes the push after the read (PUSH-6).
///
/// It also reads when the app becomes active. Each sample read becomes a record of the type's name
/// (`bloodGlucose`) with `id` (the sample's), `value` and `sampledAt`; the agent's uploader sends them
/// on the same wake. While the phone is locked HealthKit's store cannot be read
/// (`errorDatabaseInaccessible`, HK-4): the read fails, the samples stay in the store, and the
/// next read after an unlock gets them.
///
/// Cost: one short wake per delivery, refresh or push. App Review risk: low; HealthKit data needs
/// the HealthKit capability, `NSHealthShareUsageDescription` and, for background delivery from
/// iOS 15, the `com.apple.developer.healthkit.background-delivery` entitlement (HK-7).
public struct HealthSync: Strategy {
    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// The types it reads and uploads.
        public var types: [HealthDataType]
        /// The background delivery it enables for each type; nil: no observer query, no delivery.
        public var frequency: HealthUpdateFrequency?
        /// Seconds ahead it asks for a `BGAppRefreshTask`; nil: it asks for none.
        public var refreshInterval: TimeInterval?
        /// The refresh task's identifier (`BGTaskSchedulerPermittedIdentifiers`).
        public var refreshIdentifier: String
        /// Whether a silent push makes it read, completing the push afterwards.
        public var readsOnPush: Bool

        /// Creates options.
        public init(
            types: [HealthDataType] = [.bloodGlucose], frequency: HealthUpdateFrequency? = .immediate,
            refreshInterval: TimeInterval? = nil, refreshIdentifier: String = "com.wakeful.health.refresh",
            readsOnPush: Bool = false
        ) {
            self.types = types
            self.frequency = frequency
            self.refreshInterval = refreshInterval
            self.refreshIdentifier = refreshIdentifier
            self.readsOnPush = readsOnPush
        }

        /// Every key, `null` for an option that is off, so that a scenario file may turn one off.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(types, forKey: .types)
            try container.encode(frequency, forKey: .frequency)
            try container.encode(refreshInterval, forKey: .refreshInterval)
            try container.encode(refreshIdentifier, forKey: .refreshIdentifier)
            try container.encode(readsOnPush, forKey: .readsOnPush)
        }
    }

    /// The configuration.
    public var options: Options
    /// Types with a read under way.
    private var reading: Set<HealthDataType> = []
    /// Observer updates whose completion handler it owes, by type (HK-6).
    private var updates: [HealthDataType: [String]] = [:]
    /// The silent push it completes once its reads are done (PUSH-6).
    private var push: String?
    /// Its refresh launch in progress, completed once its reads are done (BGT-4).
    private var refreshing = false

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "HealthSync" }

    public var requirements: Requirements {
        var modes: [BackgroundMode] = []
        var identifiers: [String] = []
        if options.refreshInterval != nil {
            modes.append(.fetch)
            identifiers.append(options.refreshIdentifier)
        }
        if options.readsOnPush { modes.append(.remoteNotification) }
        return Requirements(backgroundModes: modes, taskIdentifiers: identifiers, usageDescriptions: [.healthShare])
    }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .didFinishLaunching:
            // HK-1: set up the observer queries at launch, so that they are there when HealthKit
            // delivers the update that launched the app.
            guard let frequency = options.frequency else { return [] }
            return options.types.flatMap { type -> [Command] in
                [.startHealthObserverQuery(type), .enableHealthBackgroundDelivery(type, frequency: frequency)]
            }
        case .didBecomeActive:
            return read(options.types)
        case .didEnterBackground:
            return requestRefresh(context)
        case .healthObserverUpdate(let update):
            updates[update.type, default: []].append(update.id)
            return read([update.type]) + completeUpdates(of: update.type)
        case .healthSamplesQueried(let result):
            reading.remove(result.type)
            let records = result.samples.map { sample in
                Command.record(
                    Record(
                        kind: result.type.rawValue,
                        fields: [
                            Field("id", .string(sample.id)), Field("value", .double(sample.value)),
                            Field("sampledAt", .double(sample.at)),
                        ]))
            }
            return records + completeUpdates(of: result.type) + completeWake(context)
        case .remoteNotification(let notification) where options.readsOnPush:
            push = notification.id
            return read(options.types) + completeWake(context)
        case .scheduledTaskLaunched(let launch) where launch.identifier == options.refreshIdentifier:
            refreshing = true
            return read(options.types) + completeWake(context)
        case .scheduledTaskExpiring(let identifier) where identifier == options.refreshIdentifier && refreshing:
            refreshing = false
            return [.completeScheduledTask(identifier: identifier, success: false)] + requestRefresh(context)
        default:
            return []
        }
    }

    /// Reads the new samples of each of `types` that has no read under way.
    private mutating func read(_ types: [HealthDataType]) -> [Command] {
        types.filter { reading.insert($0).inserted }.map(Command.queryHealthSamples)
    }

    /// Calls the completion handlers owed for `type` once no read of it is under way (HK-6).
    private mutating func completeUpdates(of type: HealthDataType) -> [Command] {
        guard !reading.contains(type), let owed = updates.removeValue(forKey: type) else { return [] }
        return owed.map(Command.completeHealthObserverUpdate(id:))
    }

    /// Completes the push or the refresh that made it read, once every read is done.
    private mutating func completeWake(_ context: Context) -> [Command] {
        guard reading.isEmpty else { return [] }
        var commands: [Command] = []
        if let id = push {
            push = nil
            commands.append(.completeRemoteNotification(id: id, result: .newData))
        }
        if refreshing {
            refreshing = false
            commands.append(.completeScheduledTask(identifier: options.refreshIdentifier, success: true))
            commands += requestRefresh(context)
        }
        return commands
    }

    /// Asks for the next refresh (BGT-3: the earliest begin date is a lower bound).
    private func requestRefresh(_ context: Context) -> [Command] {
        guard let interval = options.refreshInterval else { return [] }
        return [
            .submitTaskRequest(
                TaskRequest(
                    identifier: options.refreshIdentifier, kind: .appRefresh, earliestBeginDate: context.now + interval)
            )
        ]
    }
}

extension HealthSync.Options: RangeCheckedOptions {
    public var rangeViolations: [OptionRangeViolation] {
        [
            refreshInterval.flatMap { OptionRange.positive("refreshInterval", $0, unit: "seconds") }
        ].compactMap { $0 }
    }
}
