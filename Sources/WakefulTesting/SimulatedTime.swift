import Foundation

/// Simulated times and durations as failure messages print them.
enum SimulatedTime {
    /// `42 s`, `12.5 s`, `3 min 05 s`, `2 h 04 min 10 s`: to the second, or to the millisecond
    /// under a minute when the time has a fraction.
    static func describe(_ seconds: TimeInterval) -> String {
        if seconds < 60 {
            let rounded = (seconds * 1000).rounded() / 1000
            return rounded == rounded.rounded() ? "\(Int(rounded)) s" : "\(rounded) s"
        }
        let whole = Int(seconds.rounded())
        let (hours, minutes, rest) = (whole / 3600, whole % 3600 / 60, whole % 60)
        if hours == 0 { return String(format: "%d min %02d s", minutes, rest) }
        return String(format: "%d h %02d min %02d s", hours, minutes, rest)
    }

    /// Seconds in a `Duration`, attoseconds included.
    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    /// Simulated seconds as a `Duration`, to the nanosecond: the form the public API gives times in.
    static func duration(_ seconds: TimeInterval) -> Duration {
        .nanoseconds(Int64((seconds * 1e9).rounded()))
    }
}
