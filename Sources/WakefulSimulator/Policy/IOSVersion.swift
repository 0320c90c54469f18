import Foundation

/// An iOS release number such as 8, 12.4 or 15.3.1, used to pick a ``BackgroundPolicy``.
///
/// Versions compare component by component, so `IOSVersion(7, 0, 6) < IOSVersion(7, 1)`, and
/// `"7.0"` equals `"7"`. The text form keeps the components a parsed version was given, so a
/// user who asks for `7.0` reads `7.0` in every report and not `7`, which 7.1 would also match;
/// a version made from numbers drops trailing zero components: `IOSVersion(12, 0, 0)` is `"12"`,
/// `IOSVersion(12, 4)` is `"12.4"`, `IOSVersion(12, 0, 1)` is `"12.0.1"`.
///
/// ```swift
/// let version = IOSVersion(parsing: "15.3.1")!   // 15.3.1
/// version.family                                 // .iOS13to18
/// ```
///
/// In scenario files and JSON the version is encoded as that string.
public struct IOSVersion: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The major release number, e.g. `15` in 15.3.1.
    public var major: Int
    /// The minor release number, e.g. `3` in 15.3.1.
    public var minor: Int
    /// The patch release number, e.g. `1` in 15.3.1.
    public var patch: Int
    /// How many components the text form shows at least: as many as were parsed, else 1.
    private var shownComponents = 1

    /// The oldest major release the reference covers (the iOS 6 column also holds rules for iOS 4–6).
    public static let minimumMajor = 4

    /// The form ``init(parsing:)`` accepts, for error messages.
    public static let expectedForm =
        "an iOS version of 1 to 3 dot-separated non-negative integers with major ≥ \(minimumMajor), "
        + "e.g. \"8\", \"12.4\" or \"15.3.1\""

    /// Creates a version from its numeric components.
    ///
    /// - Parameters:
    ///   - major: The major release, e.g. `15`.
    ///   - minor: The minor release; defaults to 0.
    ///   - patch: The patch release; defaults to 0.
    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses `"8"`, `"12.4"` or `"15.3.1"`.
    ///
    /// Returns `nil` for anything else: an empty string, letters, signs, whitespace, empty or
    /// zero-padded components (`"12..4"`, `"12.04"`), more than three components, or a major
    /// release below 4.
    ///
    /// - Parameter text: The version text.
    public init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard let number = Self.component(part) else { return nil }
            numbers.append(number)
        }
        while numbers.count < 3 { numbers.append(0) }
        guard numbers[0] >= Self.minimumMajor else { return nil }
        self.init(numbers[0], numbers[1], numbers[2])
        shownComponents = parts.count
    }

    /// Parses one component: ASCII digits only, no leading zero unless the component is "0".
    private static func component(_ part: Substring) -> Int? {
        guard !part.isEmpty, part.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        guard part == "0" || part.first != "0" else { return nil }
        return Int(part)
    }

    /// The iOS family whose rules govern this version (19–25 do not exist and map to ``IOSFamily/iOS26``).
    public var family: IOSFamily { IOSFamily(major: major) }

    /// The version text: `"8"`, `"12.4"`, `"15.3.1"`, and `"7.0"` when parsed from `"7.0"`.
    public var description: String {
        if patch != 0 || shownComponents == 3 { return "\(major).\(minor).\(patch)" }
        if minor != 0 || shownComponents == 2 { return "\(major).\(minor)" }
        return "\(major)"
    }

    /// Equal when the numbers are: `7.0` is `7`, however it was written.
    public static func == (lhs: IOSVersion, rhs: IOSVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) == (rhs.major, rhs.minor, rhs.patch)
    }

    /// Hashes the numbers only, as ``==`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
    }

    /// Orders versions by major, then minor, then patch.
    public static func < (lhs: IOSVersion, rhs: IOSVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// Decodes a version from its string form; a malformed string throws `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let version = IOSVersion(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Invalid iOS version \"\(text)\": expected \(Self.expectedForm)."
            )
        }
        self = version
    }

    /// Encodes the version as its ``description`` string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
