import Foundation
import Wakeful

/// Whether a record's time, read from the device's clock, can be trusted, judged against the
/// server's clock when it was stored (`received_at`).
///
/// A record cannot be recorded after it was received, and an outbox keeps records for a week by
/// default (`RetentionPolicy.maxAge`), so a record far outside those bounds comes from a device
/// clock that was wrong (a year 0001 or 9999 date, say). Such records are flagged, not drawn, and
/// never place a window: windows end at the newest record whose clock agrees with its receipt.
enum DeviceClock {
    /// How far a record may be dated after its receipt: clock skew between phone and server.
    static let aheadTolerance: TimeInterval = 600
    /// How far a record may be dated before its receipt: a device can stay offline for a long
    /// time, and retention can be lifted, so this is a generous multiple of the default week.
    static let behindTolerance: TimeInterval = 90 * 86400

    /// How far the record's time is outside the plausible range around `receivedAt` (positive:
    /// dated after its receipt, negative: before), or nil when it is plausible.
    static func offset(recordedAt: TimeInterval, receivedAt: TimeInterval) -> TimeInterval? {
        let offset = recordedAt - receivedAt
        guard offset.isFinite else { return .infinity }
        return offset > aheadTolerance || offset < -behindTolerance ? offset : nil
    }

    /// Whether the record's time is plausible.
    static func isPlausible(_ record: StoredRecord) -> Bool {
        offset(recordedAt: record.record.recordedAt, receivedAt: record.receivedAt) == nil
    }

    /// `ahead by 7974 years` / `behind by 2025.9 years`: how a flagged clock is described.
    static func describe(_ offset: TimeInterval) -> String {
        "\(offset > 0 ? "ahead" : "behind") by \(DashboardFormat.duration(abs(offset)))"
    }
}

/// Records whose device clock was off: counted and described, never drawn.
struct ClockFlags: Sendable, Hashable {
    /// How many records were flagged.
    var count = 0
    /// The recorded time of the flagged record furthest from its receipt.
    var worstRecordedAt: TimeInterval?
    /// That record's receipt.
    var worstReceivedAt: TimeInterval?

    /// The worst record's offset from its receipt.
    var worstOffset: TimeInterval? {
        guard let worstRecordedAt, let worstReceivedAt else { return nil }
        return worstRecordedAt - worstReceivedAt
    }

    /// Counts `record` if its clock is off; returns whether it was.
    mutating func flag(_ record: StoredRecord) -> Bool {
        guard let offset = DeviceClock.offset(recordedAt: record.record.recordedAt, receivedAt: record.receivedAt)
        else { return false }
        count += 1
        // Ties keep the first seen, so the same records always name the same worst one.
        if let worstOffset, abs(worstOffset) >= abs(offset) { return true }
        worstRecordedAt = record.record.recordedAt
        worstReceivedAt = record.receivedAt
        return true
    }
}
