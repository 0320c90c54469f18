import Foundation

/// A day of the week, Monday first (ISO 8601).
public enum Weekday: String, Sendable, Hashable, Codable, CaseIterable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// 0 for Monday up to 6 for Sunday.
    public var index: Int { Self.allCases.firstIndex(of: self)! }

    /// The day `days` after this one (negative: before).
    public func advanced(by days: Int) -> Weekday {
        Self.allCases[((index + days) % 7 + 7) % 7]
    }
}

/// The local wall-clock time where the phone is: the weekday and the seconds since midnight.
///
/// The platform fills it into ``Context/localTime`` with each event (on a device from the user's
/// calendar and time zone, in the simulator from the scenario's `startHour` and `startDay`), so a
/// strategy that acts by time of day never reads a clock.
public struct LocalTime: Sendable, Hashable {
    /// Seconds in a week.
    public static let week: TimeInterval = 7 * 86_400

    /// The day of the week.
    public var weekday: Weekday
    /// Seconds since local midnight, 0 up to 86,400.
    public var secondOfDay: TimeInterval

    /// Creates a local time.
    public init(weekday: Weekday, secondOfDay: TimeInterval) {
        self.weekday = weekday
        self.secondOfDay = secondOfDay
    }

    /// Seconds since Monday 00:00 of the same week, 0 up to ``week``.
    public var secondOfWeek: TimeInterval { Double(weekday.index) * 86_400 + secondOfDay }
}

extension LocalTime {
    /// The local time of `date` in `calendar` (its time zone), as a device fills ``Context/localTime``.
    public init(_ date: Date, calendar: Calendar) {
        let parts = calendar.dateComponents([.weekday, .hour, .minute, .second, .nanosecond], from: date)
        // Calendar weekdays run 1 (Sunday) to 7 (Saturday); Monday is index 0 here.
        let weekday = Weekday.allCases[((parts.weekday ?? 2) + 5) % 7]
        let seconds = (parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)
        self.init(weekday: weekday, secondOfDay: Double(seconds) + Double(parts.nanosecond ?? 0) / 1e9)
    }
}
