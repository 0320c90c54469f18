import Foundation

/// One call of an `HKObserverQuery`'s update handler: samples of ``type`` were saved or deleted.
///
/// The handler says only that something changed; the app reads what with
/// ``Command/queryHealthSamples(_:)``. It must call the completion handler the update carries,
/// ``Command/completeHealthObserverUpdate(id:)``, once, when it is done: "If you do not call this
/// block, HealthKit continues to attempt to launch your app using a backoff algorithm. If your app
/// fails to respond three times, HealthKit assumes that your app cannot receive data, and stops
/// sending you background updates" (`HKObserverQueryCompletionHandler`, HK-6).
public struct HealthObserverUpdate: Sendable, Hashable {
    /// Names this update's completion handler.
    public var id: String
    /// The observed type.
    public var type: HealthDataType

    /// Creates an update.
    public init(id: String, type: HealthDataType) {
        self.id = id
        self.type = type
    }
}

/// One HealthKit sample as the app reads it.
public struct HealthSample: Sendable, Hashable {
    /// The sample's UUID in HealthKit (in the simulator, the world's name for it).
    public var id: String
    /// Its quantity in the type's usual unit (mg/dL for glucose, steps for a step count).
    public var value: Double
    /// Its `startDate`, in the clock of the events.
    public var at: TimeInterval

    /// Creates a sample.
    public init(id: String, value: Double, at: TimeInterval) {
        self.id = id
        self.value = value
        self.at = at
    }
}

/// Why a HealthKit read failed.
public enum HealthQueryError: String, Sendable, Hashable, Codable, CaseIterable {
    /// `HKError.errorDatabaseInaccessible`: "The HealthKit data is unavailable because it's
    /// protected and the device is locked" (HK-4).
    case databaseInaccessible
}

/// The answer to ``Command/queryHealthSamples(_:)``: the samples saved since the app's last read
/// (an `HKAnchoredObjectQuery` from the anchor it kept), or why none could be read.
public struct HealthQueryResult: Sendable, Hashable {
    /// The type read.
    public var type: HealthDataType
    /// The new samples, oldest first; empty on an error.
    public var samples: [HealthSample]
    /// Why the read failed; nil when it succeeded.
    public var error: HealthQueryError?

    /// Creates a result.
    public init(type: HealthDataType, samples: [HealthSample] = [], error: HealthQueryError? = nil) {
        self.type = type
        self.samples = samples
        self.error = error
    }
}
