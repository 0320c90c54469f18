import Foundation
import Wakeful

/// A small, allocation-light ISO 8601 date-time reader for GPX `<time>` values.
///
/// Accepts `YYYY-MM-DDThh:mm:ss`, optionally followed by a fraction (`.250` or `,250`, any number
/// of digits) and a zone (`Z`, `±hh:mm`, `±hhmm` or `±hh`); without a zone the time is taken as UTC,
/// which is what GPX requires anyway. `T` may be lower case or a space. Written by hand so results
/// do not depend on the platform's date formatter.
enum ISO8601Timestamp {
    /// The form accepted, for error messages.
    static let expectedForm =
        "an ISO 8601 date-time such as 2024-05-01T12:00:00Z or 2024-05-01T12:00:00.250+02:00"

    /// Seconds since 1970-01-01T00:00:00Z, or nil when `text` is not an accepted date-time.
    static func secondsSince1970(_ text: String) -> TimeInterval? {
        var reader = Reader(Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8))
        guard
            let year = reader.number(digits: 4), reader.skip("-"),
            let month = reader.number(digits: 2), reader.skip("-"),
            let day = reader.number(digits: 2),
            reader.skip("T") || reader.skip("t") || reader.skip(" "),
            let hour = reader.number(digits: 2), reader.skip(":"),
            let minute = reader.number(digits: 2), reader.skip(":"),
            let second = reader.number(digits: 2)
        else { return nil }
        guard (1...12).contains(month),
            (1...Int(CivilCalendar.daysInMonth(Int64(month), year: Int64(year)))).contains(day),
            hour < 24 || (hour == 24 && minute == 0 && second == 0),
            minute < 60, second <= 60
        else { return nil }

        var fraction = 0.0
        if reader.skip(".") || reader.skip(",") {
            var scale = 0.1
            var digits = 0
            while let digit = reader.digit() {
                fraction += Double(digit) * scale
                scale /= 10
                digits += 1
            }
            guard digits > 0 else { return nil }
        }

        var offsetSeconds = 0
        if reader.skip("Z") || reader.skip("z") {
            // UTC
        } else if let sign = reader.sign() {
            guard let zoneHour = reader.number(digits: 2), zoneHour < 24 else { return nil }
            var zoneMinute = 0
            if reader.skip(":") {
                guard let minutes = reader.number(digits: 2) else { return nil }
                zoneMinute = minutes
            } else if let minutes = reader.number(digits: 2) {
                zoneMinute = minutes
            }
            guard zoneMinute < 60 else { return nil }
            offsetSeconds = sign * (zoneHour * 3600 + zoneMinute * 60)
        }
        guard reader.isAtEnd else { return nil }

        let days = Int(CivilCalendar.days(year: Int64(year), month: Int64(month), day: Int64(day)))
        let wholeSeconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return TimeInterval(wholeSeconds) + fraction
    }

    /// Formats seconds since 1970 as `2024-05-01T12:00:00.25Z` (fraction only when non-zero), for messages.
    static func format(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite else { return "\(seconds)" }
        let whole = seconds.rounded(.down)
        let days = Int((whole / 86_400).rounded(.down))
        let secondOfDay = Int(whole) - days * 86_400
        let (year, month, day) = CivilCalendar.civil(fromDays: Int64(days))
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text =
            "\(pad(Int(year), 4))-\(pad(Int(month), 2))-\(pad(Int(day), 2))T"
            + "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        let fraction = seconds - whole
        if fraction > 0 {
            // Up to millisecond precision, trailing zeros dropped.
            var millis = String(pad(Int((fraction * 1000).rounded()), 3))
            while millis.hasSuffix("0") { millis.removeLast() }
            if !millis.isEmpty { text += "." + millis }
        }
        return text + "Z"
    }

    /// A cursor over ASCII bytes.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
                return nil
            }
            defer { index += 1 }
            return Int(bytes[index] - UInt8(ascii: "0"))
        }

        mutating func number(digits count: Int) -> Int? {
            let start = index
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else {
                    index = start
                    return nil
                }
                value = value * 10 + digit
            }
            return value
        }

        /// +1 for "+", -1 for "-", nil when there is no sign.
        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
