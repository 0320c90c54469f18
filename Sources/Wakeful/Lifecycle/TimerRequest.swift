import Foundation

/// Names one timer the app set.
public struct TimerID: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
}

/// A timer on the main run loop.
///
/// Like `Timer` on a device, it fires only while the app executes: a timer that falls due while the
/// app is suspended fires once when the app next runs, and a repeating timer then keeps its phase.
public struct TimerRequest: Sendable, Hashable, Codable {
    /// The timer's name; setting a timer with the same name replaces it.
    public var id: TimerID
    /// Seconds from now until it fires.
    public var interval: TimeInterval
    /// Whether it fires again every `interval` seconds.
    public var repeats: Bool

    /// The shortest interval a `Timer` runs at: Foundation replaces an interval of 0 or less with
    /// 0.1 ms ("If seconds is less than or equal to 0.0, this method chooses the nonnegative value of
    /// 0.0001 seconds instead", `Timer.scheduledTimer(withTimeInterval:repeats:block:)`).
    public static let minimumInterval: TimeInterval = 0.0001

    /// The shortest timer Wakeful's own parts (the job scheduler, the uploader) set for a time
    /// ahead: 1 ms, the simulator's clock resolution. A due time less than that ahead comes back
    /// as now when the timer fires, and a timer set again for it would fire without the clock
    /// moving, until iOS kills the app for its wake-ups (TERM-5).
    public static let resolution: TimeInterval = 0.001

    /// A one-shot timer for the time `due`, set at `now`: never shorter than ``resolution``, so
    /// it fires after the clock has moved.
    public init(id: TimerID, due: TimeInterval, now: TimeInterval) {
        self.init(id: id, interval: max(due - now, Self.resolution))
    }

    /// The interval the timer really runs at.
    public var effectiveInterval: TimeInterval { max(interval, Self.minimumInterval) }

    /// Creates a timer request.
    public init(id: TimerID, interval: TimeInterval, repeats: Bool = false) {
        self.id = id
        self.interval = interval
        self.repeats = repeats
    }
}
