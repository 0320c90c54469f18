import Foundation

/// When an app wants to track: windows by weekday and time of day, as Radar's
/// `startTrackingAfter`/`stopTrackingAfter` and transistorsoft's `schedule` offer.
///
/// ```swift
/// let workdays = TrackingSchedule(windows: [
///     .init(days: [.monday, .tuesday, .wednesday, .thursday, .friday], start: "08:00", end: "18:00")
/// ])
/// workdays.isActive(at: LocalTime(weekday: .monday, secondOfDay: 9 * 3600))   // true
/// ```
///
/// A window whose end is not after its start runs through midnight into the next day; the days are
/// the days it starts on. Overlapping windows merge. The schedule only says when tracking is
/// wanted: when the switch happens on a phone is up to iOS, which runs the app's code only when it
/// wakes it (see ``ScheduledTracking``).
public struct TrackingSchedule: Sendable, Hashable, Codable {
    /// One window: from `start` to `end` on each of `days`.
    public struct Window: Sendable, Hashable, Codable {
        /// The days the window starts on.
        public var days: [Weekday]
        /// The start, `"HH:MM"` local time.
        public var start: ClockTime
        /// The end, `"HH:MM"` local time; not after `start` means the next day.
        public var end: ClockTime

        /// Creates a window.
        public init(days: [Weekday], start: ClockTime, end: ClockTime) {
            self.days = days
            self.start = start
            self.end = end
        }

        /// Its spans in seconds of the week, each start below ``LocalTime/week``; an end may pass it.
        var spans: [(start: TimeInterval, end: TimeInterval)] {
            let length =
                end.seconds > start.seconds ? end.seconds - start.seconds : end.seconds + 86_400 - start.seconds
            return days.map { day in
                let from = Double(day.index) * 86_400 + start.seconds
                return (from, from + length)
            }
        }
    }

    /// The windows.
    public var windows: [Window]

    /// Creates a schedule.
    public init(windows: [Window]) {
        self.windows = windows
    }

    /// Whether tracking is wanted at `time`.
    public func isActive(at time: LocalTime) -> Bool {
        let t = time.secondOfWeek
        // A span that passes the end of the week covers the start of the next one too.
        return spans.contains {
            ($0.start <= t && t < $0.end) || ($0.start <= t + LocalTime.week && t + LocalTime.week < $0.end)
        }
    }

    /// Seconds from `time` to the next moment the schedule switches, on or off; nil when it never does.
    public func untilNextSwitch(after time: LocalTime) -> TimeInterval? {
        let active = isActive(at: time)
        // The next edge whose crossing changes the answer (merged windows hide inner ones).
        return edgeDistances(from: time, ahead: true).first { isActive(at: time.advanced(by: $0)) != active }
    }

    /// Seconds since the schedule last switched to its answer at `time` (how late a switch made
    /// now is); nil when it never switches.
    public func sinceLastSwitch(at time: LocalTime) -> TimeInterval? {
        let active = isActive(at: time)
        // The latest edge at or before `time` with the other answer just before it.
        return edgeDistances(from: time, ahead: false).first { behind in
            isActive(at: time.advanced(by: -behind)) == active
                && isActive(at: time.advanced(by: -behind - 1)) != active
        }
    }

    private var spans: [(start: TimeInterval, end: TimeInterval)] { windows.flatMap(\.spans) }

    /// Seconds from `time` to every window edge, ahead (more than 0, up to a week) or behind
    /// (0 up to a week), nearest first.
    private func edgeDistances(from time: LocalTime, ahead: Bool) -> [TimeInterval] {
        let t = time.secondOfWeek
        return spans.flatMap { [$0.start, $0.end] }.map { edge in
            let distance = (ahead ? edge - t : t - edge).truncatingRemainder(dividingBy: LocalTime.week)
            return distance < 0 || (ahead && distance == 0) ? distance + LocalTime.week : distance
        }.sorted()
    }
}

/// A local time of day written `"HH:MM"` (24-hour), as in a schedule.
public struct ClockTime: Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// Seconds since midnight.
    public var seconds: TimeInterval

    /// Parses `"HH:MM"`; nil for anything else (hours 0–23, minutes 0–59).
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2, let hours = Int(parts[0]),
            let minutes = Int(parts[1]), (0..<24).contains(hours), (0..<60).contains(minutes)
        else { return nil }
        seconds = Double(hours * 3600 + minutes * 60)
    }

    /// A literal such as `"08:00"`; a malformed literal is a programming error.
    public init(stringLiteral value: String) {
        guard let time = ClockTime(value) else { preconditionFailure("\"\(value)\" is not HH:MM") }
        self = time
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = ClockTime(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\": expected a time of day as \"HH:MM\", 00:00 to 23:59")
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public var description: String {
        let minutes = Int(seconds) / 60
        return String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }
}

extension LocalTime {
    /// The local time `seconds` later (earlier when negative), wrapping around the week.
    func advanced(by seconds: TimeInterval) -> LocalTime {
        var t = (secondOfWeek + seconds).truncatingRemainder(dividingBy: LocalTime.week)
        if t < 0 { t += LocalTime.week }
        let day = Int(t / 86_400)
        return LocalTime(weekday: Weekday.allCases[day], secondOfDay: t - Double(day) * 86_400)
    }
}
