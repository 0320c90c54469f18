import Foundation

/// Measures how long the phone's data radio is powered: while bytes move and for a tail after the
/// last byte (ENERGY-2: radios stay powered for a while after the work ends, so work should be batched).
///
/// ```swift
/// var meter = RadioMeter()
/// meter.update(busy: true, at: 0, tail: 10)
/// meter.update(busy: false, at: 2, tail: 10)
/// meter.seconds(at: 100)   // 12: 2 s of transfer plus the 10 s tail
/// ```
struct RadioMeter {
    private var busy = false
    private var periodStart: TimeInterval?
    private var tailEnds = -TimeInterval.infinity
    private var closedSeconds = 0.0

    /// Notes whether bytes are moving from `time` on.
    mutating func update(busy nowBusy: Bool, at time: TimeInterval, tail: TimeInterval) {
        if nowBusy && !busy {
            // A transfer that starts inside the previous tail continues the same powered period.
            if time > tailEnds {
                if let start = periodStart { closedSeconds += tailEnds - start }
                periodStart = time
            }
        } else if !nowBusy && busy {
            tailEnds = time + tail
        }
        busy = nowBusy
    }

    /// Radio-powered seconds up to `end`.
    func seconds(at end: TimeInterval) -> Double {
        guard let start = periodStart else { return closedSeconds }
        let stop = busy ? end : min(tailEnds, end)
        return closedSeconds + max(0, stop - start)
    }
}
