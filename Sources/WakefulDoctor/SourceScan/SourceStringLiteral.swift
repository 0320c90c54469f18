import Foundation

/// What a string literal holds, decoded.
public struct SourceStringLiteral: Sendable, Hashable {
    /// The decoded value (escapes resolved, a multi-line string's indentation removed); nil when the
    /// literal has interpolations, whose values only exist at run time.
    public var value: String?
    /// The decoded text with each interpolation replaced by `*`: `"\(bundleID).refresh"` gives
    /// `*.refresh`. Equal to ``value`` for a literal without interpolation.
    public var pattern: String
    /// Whether the literal has at least one interpolation.
    public var isInterpolated: Bool { value == nil }

    /// Creates a literal's content.
    public init(value: String?, pattern: String) {
        self.value = value
        self.pattern = pattern
    }
}
