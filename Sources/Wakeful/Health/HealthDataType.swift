import Foundation

/// A HealthKit sample type, named as its identifier is without the prefix: `stepCount` for
/// `HKQuantityTypeIdentifier.stepCount`, `bloodGlucose` for `.bloodGlucose`.
///
/// ```swift
/// let glucose: HealthDataType = .bloodGlucose
/// glucose.rawValue  // "bloodGlucose"
/// ```
public struct HealthDataType: RawRepresentable, Sendable, Hashable, Codable, Comparable, ExpressibleByStringLiteral {
    /// The identifier's name without `HKQuantityTypeIdentifier`.
    public var rawValue: String

    /// A type by the name of its identifier.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A type by the name of its identifier, written as a literal.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    public static func < (lhs: HealthDataType, rhs: HealthDataType) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `HKQuantityTypeIdentifier.stepCount`: on iOS delivered in the background at most hourly (HK-3).
    public static let stepCount: HealthDataType = "stepCount"
    /// `HKQuantityTypeIdentifier.bloodGlucose`: a continuous glucose monitor's readings.
    public static let bloodGlucose: HealthDataType = "bloodGlucose"
    /// `HKQuantityTypeIdentifier.heartRate`.
    public static let heartRate: HealthDataType = "heartRate"
}

/// `HKUpdateFrequency`: the most often HealthKit wakes the app for new samples of a type (HK-2).
///
/// A maximum, not a schedule: "HealthKit wakes your app only once during each time period that is
/// defined by the frequency" (`HKObserverQueryCompletionHandler`).
public enum HealthUpdateFrequency: String, Sendable, Hashable, Codable, CaseIterable {
    /// `.immediate`: a wake for every save, shortly after it.
    case immediate
    /// `.hourly`: "at most once an hour in response to changes".
    case hourly
    /// `.daily`.
    case daily
    /// `.weekly`.
    case weekly

    /// The period in which HealthKit wakes the app at most once: none for `.immediate`.
    public var period: TimeInterval {
        switch self {
        case .immediate: 0
        case .hourly: 3600
        case .daily: 86_400
        case .weekly: 604_800
        }
    }
}
