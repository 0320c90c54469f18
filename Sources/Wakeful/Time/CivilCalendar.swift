import Foundation

/// Proleptic Gregorian calendar arithmetic in whole days since 1970-01-01, with integers only
/// (H. Hinnant, "chrono-Compatible Low-Level Date Algorithms"): what the ingest wire's RFC 3339
/// times and the simulator's GPX timestamps are written and read with, so neither depends on the
/// platform's date formatters, their locale or their speed.
///
/// ```swift
/// CivilCalendar.days(year: 2026, month: 11, day: 27)   // 20_419
/// CivilCalendar.civil(fromDays: 20_419)                // (2026, 11, 27)
/// ```
public enum CivilCalendar {
    /// Days since 1970-01-01 of a date (`days_from_civil`); negative before it.
    public static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Year, month and day of a day count since 1970-01-01 (`civil_from_days`), the inverse of
    /// ``days(year:month:day:)``.
    public static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The number of days in a month of a year.
    public static func daysInMonth(_ month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
