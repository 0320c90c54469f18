import Foundation

/// RFC 3339 times on the ingest wire: `2026-11-21T07:45:51.123Z`, always UTC with milliseconds.
///
/// Written and read with integer calendar arithmetic (``CivilCalendar``), not with
/// `DateFormatter` or `ISO8601DateFormatter`: those depend on the locale and calendar settings of
/// the process, allocate, and are slow on the hot path of an upload. Years 0001 to 9999 only, as
/// RFC 3339 allows.
///
/// ```swift
/// RFC3339Time.string(fromSecondsSince1970: 1_763_711_151.123)  // "2025-11-21T07:45:51.123Z"
/// RFC3339Time.secondsSince1970(parsing: "2025-11-21T08:45:51.123+01:00")  // 1_763_711_151.123
/// ```
public enum RFC3339Time {
    /// The first millisecond RFC 3339 can write: 0001-01-01T00:00:00.000Z.
    static let earliestMilliseconds: Int64 = -62_135_596_800_000
    /// The last millisecond RFC 3339 can write: 9999-12-31T23:59:59.999Z.
    static let latestMilliseconds: Int64 = 253_402_300_799_999

    /// The time as `YYYY-MM-DDTHH:MM:SS.mmmZ`, rounded to the nearest millisecond; nil when it is not
    /// finite or falls outside the years 0001 to 9999.
    public static func string(fromSecondsSince1970 seconds: TimeInterval) -> String? {
        var bytes: [UInt8] = []
        guard append(secondsSince1970: seconds, to: &bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the 24 bytes of `YYYY-MM-DDTHH:MM:SS.mmmZ`; false (appending nothing) when the
    /// time cannot be written.
    static func append(secondsSince1970 seconds: TimeInterval, to bytes: inout [UInt8]) -> Bool {
        guard seconds.isFinite else { return false }
        let scaled = (seconds * 1000).rounded()
        guard scaled >= Double(earliestMilliseconds), scaled <= Double(latestMilliseconds) else { return false }
        let milliseconds = Int64(scaled)
        let (days, millisecondOfDay) = floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = CivilCalendar.civil(fromDays: days)
        let secondOfDay = millisecondOfDay / 1000
        appendDigits(year, count: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(month, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(day, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(secondOfDay / 3600, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay / 60 % 60, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendDigits(millisecondOfDay % 1000, count: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
        return true
    }

    /// Reads an RFC 3339 `date-time` (`T` or `t`, `Z`, `z` or an offset `±HH:MM`, an optional
    /// fraction of any length, of which the first six digits count); nil when the text is not one.
    ///
    /// The result is exact for millisecond fractions: it is the double nearest to the written
    /// decimal, so what ``string(fromSecondsSince1970:)`` writes reads back as the same value.
    public static func secondsSince1970(parsing text: String) -> TimeInterval? {
        var reader = DigitReader(bytes: Array(text.utf8))
        guard let year = reader.digits(4), reader.skip("-"), let month = reader.digits(2), reader.skip("-"),
            let day = reader.digits(2), reader.skipEither("T", "t"), let hour = reader.digits(2), reader.skip(":"),
            let minute = reader.digits(2), reader.skip(":"), let second = reader.digits(2)
        else { return nil }
        guard year >= 1, (1...12).contains(month), day >= 1, day <= CivilCalendar.daysInMonth(month, year: year),
            hour <= 23, minute <= 59, second <= 60  // 60: a leap second, counted into the next minute
        else { return nil }
        var fraction: Int64 = 0
        var fractionDigits = 0
        if reader.skip(".") {
            let start = reader.index
            while let digit = reader.digit() {
                if fractionDigits < 6 {
                    fraction = fraction * 10 + digit
                    fractionDigits += 1
                }
            }
            guard reader.index > start else { return nil }
        }
        var offsetSeconds: Int64 = 0
        if !reader.skipEither("Z", "z") {
            let sign: Int64
            if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
            guard let offsetHours = reader.digits(2), reader.skip(":"), let offsetMinutes = reader.digits(2),
                offsetHours <= 23, offsetMinutes <= 59
            else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        }
        guard reader.isAtEnd else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let whole = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        var scale: Int64 = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        // One division of two exact integers: the nearest double to the written decimal.
        return Double(whole * scale + fraction) / Double(scale)
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    private static func appendDigits(_ value: Int64, count: Int, to bytes: inout [UInt8]) {
        var divisor: Int64 = 1
        for _ in 1..<count { divisor *= 10 }
        var remaining = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(remaining / divisor))
            remaining %= divisor
            divisor /= 10
        }
    }
}

/// Reads fixed-width fields of ASCII digits and punctuation.
private struct DigitReader {
    let bytes: [UInt8]
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    mutating func digit() -> Int64? {
        guard index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else {
            return nil
        }
        defer { index += 1 }
        return Int64(bytes[index] - UInt8(ascii: "0"))
    }

    mutating func digits(_ count: Int) -> Int64? {
        var value: Int64 = 0
        for _ in 0..<count {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func skipEither(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
        skip(first) || skip(second)
    }
}
