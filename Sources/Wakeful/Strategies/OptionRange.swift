import Foundation

/// A numeric option outside the values its strategy works with.
public struct OptionRangeViolation: Sendable, Hashable, CustomStringConvertible {
    /// The option's key, as in scenario files.
    public var key: String
    /// The value given.
    public var value: Double
    /// The values accepted, e.g. "a number of seconds > 0".
    public var expected: String

    /// Creates a violation.
    public init(key: String, value: Double, expected: String) {
        self.key = key
        self.value = value
        self.expected = expected
    }

    public var description: String { "\(key): \(message)" }

    /// What is wrong without the key, for an error that names the field itself.
    public var message: String { "\(valueText) is out of range; expected \(expected)" }

    /// The value as written in a file: `0`, `-3`, `0.5`.
    public var valueText: String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// Options whose numbers have a range: a strategy given a zero period or a negative byte count
/// would spin or send nothing, so such options are refused where they are read, not run.
public protocol RangeCheckedOptions {
    /// Every option outside its range, in key order; empty when all fit.
    var rangeViolations: [OptionRangeViolation] { get }
}

/// The range checks the strategies' options share.
public enum OptionRange {
    /// `value > 0`: a period or size that must be positive.
    public static func positive(_ key: String, _ value: Double, unit: String) -> OptionRangeViolation? {
        value > 0 && value.isFinite
            ? nil : OptionRangeViolation(key: key, value: value, expected: "a number of \(unit) > 0")
    }

    /// `value >= 0`: a delay or duration that may be zero.
    public static func nonNegative(_ key: String, _ value: Double, unit: String) -> OptionRangeViolation? {
        value >= 0 && value.isFinite
            ? nil : OptionRangeViolation(key: key, value: value, expected: "a number of \(unit) ≥ 0")
    }

    /// A `desiredAccuracy` in metres: ≥ 0, or Core Location's negative constants
    /// (-1 `kCLLocationAccuracyBest`, -2 `kCLLocationAccuracyBestForNavigation`).
    public static func accuracy(_ key: String, _ value: Double) -> OptionRangeViolation? {
        value >= -2 && value.isFinite
            ? nil
            : OptionRangeViolation(
                key: key, value: value,
                expected: "metres ≥ 0, -1 (kCLLocationAccuracyBest) or -2 (kCLLocationAccuracyBestForNavigation)")
    }

    /// A `distanceFilter` in metres: ≥ 0, or -1 `kCLDistanceFilterNone`.
    public static func distanceFilter(_ key: String, _ value: Double) -> OptionRangeViolation? {
        value >= -1 && value.isFinite
            ? nil
            : OptionRangeViolation(
                key: key, value: value, expected: "metres ≥ 0, or -1 (kCLDistanceFilterNone)")
    }
}
