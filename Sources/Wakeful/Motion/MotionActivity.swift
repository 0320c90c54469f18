import Foundation

/// What Core Motion says the user is doing (a `CMMotionActivity`).
///
/// The kinds are not exclusive (MOTION-1): a car stopped at a light is ``Kinds-swift.struct/automotive``
/// and ``Kinds-swift.struct/stationary`` at once. Each activity carries a confidence and the time it
/// started; an update reports a change of activity, a history query returns the activities of a span.
///
/// ```swift
/// let atTheLight = MotionActivity(kinds: [.automotive, .stationary], confidence: .high, start: 120)
/// atTheLight.isMoving          // true: automotive outweighs the stop
/// atTheLight.description       // "automotive+stationary"
/// ```
public struct MotionActivity: Sendable, Hashable, Codable {
    /// The activity flags of `CMMotionActivity` (MOTION-1); `unknown` when the coprocessor cannot tell.
    public struct Kinds: OptionSet, Sendable, Hashable, Codable {
        public let rawValue: Int

        public init(rawValue: Int) { self.rawValue = rawValue }

        /// `stationary`.
        public static let stationary = Kinds(rawValue: 1 << 0)
        /// `walking`.
        public static let walking = Kinds(rawValue: 1 << 1)
        /// `running`.
        public static let running = Kinds(rawValue: 1 << 2)
        /// `cycling` (iOS 8+).
        public static let cycling = Kinds(rawValue: 1 << 3)
        /// `automotive`.
        public static let automotive = Kinds(rawValue: 1 << 4)
        /// `unknown`.
        public static let unknown = Kinds(rawValue: 1 << 5)

        /// Every flag by its name, in the order `CMMotionActivity` declares them.
        public static let named: [(name: String, kind: Kinds)] = [
            ("stationary", .stationary), ("walking", .walking), ("running", .running), ("cycling", .cycling),
            ("automotive", .automotive), ("unknown", .unknown),
        ]

        /// The flags that mean the user travels.
        public static let moving: Kinds = [.walking, .running, .cycling, .automotive]
    }

    /// The flags set.
    public var kinds: Kinds
    /// How sure the coprocessor is (`CMMotionActivityConfidence`).
    public var confidence: MotionConfidence
    /// When the activity started, in the runtime's seconds (`startDate`).
    public var start: TimeInterval

    /// Creates an activity.
    public init(kinds: Kinds, confidence: MotionConfidence, start: TimeInterval) {
        self.kinds = kinds
        self.confidence = confidence
        self.start = start
    }

    /// Whether any travelling flag is set (walking, running, cycling or automotive).
    public var isMoving: Bool { !kinds.intersection(.moving).isEmpty }

    /// Whether the user is still: the stationary flag with no travelling flag.
    public var isStill: Bool { kinds.contains(.stationary) && !isMoving }

    /// The flag names joined by `+`, e.g. `automotive+stationary`; `none` when no flag is set.
    public var description: String {
        let names = Kinds.named.filter { kinds.contains($0.kind) }.map(\.name)
        return names.isEmpty ? "none" : names.joined(separator: "+")
    }

    /// Parses ``description``'s form; nil when a name is not a flag.
    public static func kinds(parsing text: String) -> Kinds? {
        if text == "none" { return [] }
        var kinds: Kinds = []
        for name in text.split(separator: "+") {
            guard let flag = Kinds.named.first(where: { $0.name == name }) else { return nil }
            kinds.insert(flag.kind)
        }
        return kinds
    }
}

/// `CMMotionActivityConfidence` (MOTION-1).
public enum MotionConfidence: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case low, medium, high

    public static func < (lhs: MotionConfidence, rhs: MotionConfidence) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// `CMAuthorizationStatus` for Motion & Fitness (MOTION-2; the status exists from iOS 11).
public enum MotionAuthorization: String, Sendable, Hashable, Codable, CaseIterable {
    /// Not asked yet: the first use shows the prompt.
    case notDetermined
    /// Restricted by policy (parental controls, MDM).
    case restricted
    /// The user said no, or turned Motion & Fitness off.
    case denied
    /// Granted.
    case authorized

    /// Whether activity updates and queries are answered.
    public var allowsActivity: Bool { self == .authorized }
}

/// The answer to ``Command/queryActivityHistory(from:to:)``: the activities that started in the
/// span, or why there are none.
public struct MotionActivityHistory: Sendable, Hashable, Codable {
    /// The start of the span asked for.
    public var from: TimeInterval
    /// Its end.
    public var to: TimeInterval
    /// The activities in time order; the first may have started before `from` (the one in progress then).
    public var activities: [MotionActivity]
    /// Why the query failed (`CMErrorMotionActivityNotAuthorized`, `…NotAvailable`); nil on success.
    public var error: MotionQueryError?

    /// Creates an answer.
    public init(from: TimeInterval, to: TimeInterval, activities: [MotionActivity], error: MotionQueryError? = nil) {
        self.from = from
        self.to = to
        self.activities = activities
        self.error = error
    }
}

/// Why Core Motion refused a query or updates.
public enum MotionQueryError: String, Sendable, Hashable, Codable, CaseIterable {
    /// `CMErrorMotionActivityNotAuthorized` (MOTION-2).
    case notAuthorized
    /// `CMErrorMotionActivityNotAvailable`: no coprocessor (`isActivityAvailable` false, MOTION-1).
    case notAvailable
}
