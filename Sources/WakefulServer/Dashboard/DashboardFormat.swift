import Foundation
import Wakeful

/// How the dashboard writes times (UTC, to the second) and durations.
enum DashboardFormat {
    /// `2026-11-21 07:45:51`.
    static func time(_ seconds: TimeInterval) -> String {
        guard let text = RFC3339Time.string(fromSecondsSince1970: seconds.rounded(.down)) else { return "—" }
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(8))
    }

    /// `07:45` or `07:45:51`: a tick or a time within a known day.
    static func clock(_ seconds: TimeInterval, withSeconds: Bool = false) -> String {
        String(time(seconds).dropFirst(11).prefix(withSeconds ? 8 : 5))
    }

    /// `2026-11-21`.
    static func day(_ seconds: TimeInterval) -> String { String(time(seconds).prefix(10)) }

    /// `2026-11-21T07:45:51Z`: a value for a `from`/`to` parameter.
    static func parameter(_ seconds: TimeInterval) -> String {
        (RFC3339Time.string(fromSecondsSince1970: seconds.rounded(.down)).map { String($0.prefix(19)) + "Z" }) ?? ""
    }

    /// `45 s`, `12 min`, `3 h 20 min`, `2 d 4 h`.
    static func duration(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite else { return "—" }
        let total = Int(seconds.rounded())
        if total < 60 {
            return seconds < 10 && seconds != seconds.rounded() ? String(format: "%.1f s", seconds) : "\(total) s"
        }
        let minutes = total / 60
        if minutes < 60 {
            return total % 60 == 0 || minutes >= 10 ? "\(minutes) min" : "\(minutes) min \(total % 60) s"
        }
        let hours = minutes / 60
        if hours < 48 { return minutes % 60 == 0 ? "\(hours) h" : "\(hours) h \(minutes % 60) min" }
        let days = hours / 24
        if days < 365 { return hours % 24 == 0 ? "\(days) d" : "\(days) d \(hours % 24) h" }
        return String(format: "%.1f years", seconds / (365.25 * 86400))
    }

    /// An upload lag (received − recorded): a duration, or a flag when it is beyond what a device
    /// clock that agrees with the server can give (a record dated year 0001 or 9999), so that one
    /// bad clock never reads as "2025.9 years" of lag. HTML.
    static func lag(_ seconds: TimeInterval?) -> String {
        guard let seconds else { return "—" }
        guard let offset = DeviceClock.offset(recordedAt: -seconds, receivedAt: 0) else { return duration(seconds) }
        return
            #"<span class="flag" title="a record is dated \#(DeviceClock.describe(offset)) from its receipt">device clock off</span>"#
    }
}
