import Foundation
import Wakeful

/// Reads what a device page needs from ``ServerStorage``, which reads records in ascending time
/// order only.
struct DashboardData {
    let storage: any ServerStorage
    let limits: ServerLimits

    /// The most records a page reads; beyond, the page says it is truncated.
    static let maximumRecords = 50_000

    /// The time of the device's first record, or nil without records.
    func firstRecordTime(deviceID: UUID) async throws -> TimeInterval? {
        try await storage.records(deviceID: deviceID, matching: RecordQuery(limit: 1)).first?.record.recordedAt
    }

    /// The time of the device's newest record, found by bisection with one-record queries
    /// (O(log) indexed reads: the storage protocol has no descending query).
    func newestRecordTime(deviceID: UUID, after first: TimeInterval, now: TimeInterval) async throws -> TimeInterval {
        var known = first  // a record exists at this time
        var high = max(now, first) + 86400  // no record at or after this time, unless the device's clock runs far ahead
        while let later = try await earliest(deviceID: deviceID, atOrAfter: high) {
            known = later
            high = later + 2 * (later - first) + 86400
        }
        // RFC 3339 times carry milliseconds: stop when the interval is below one.
        while high - known > 0.000_5 {
            let middle = known + (high - known) / 2
            // Each step at least halves the interval: `known` moves to or past the middle, or `high` to it.
            if let found = try await earliest(deviceID: deviceID, atOrAfter: middle) {
                known = found
            } else {
                high = middle
            }
        }
        return known
    }

    private func earliest(deviceID: UUID, atOrAfter time: TimeInterval) async throws -> TimeInterval? {
        try await storage.records(deviceID: deviceID, matching: RecordQuery(from: time, limit: 1)).first?.record.recordedAt
    }

    /// Every record recorded in `window` (its end included), in pages, up to ``maximumRecords``.
    func records(deviceID: UUID, window: DashboardWindow) async throws -> (records: [StoredRecord], truncated: Bool) {
        let pageSize = min(10_000, limits.maximumQueryLimit)
        var records: [StoredRecord] = []
        var seen: Set<UUID> = []
        var cursor = window.start
        let end = window.end + 0.001
        while records.count < Self.maximumRecords {
            let page = try await storage.records(deviceID: deviceID, matching: RecordQuery(from: cursor, to: end, limit: pageSize))
            // The next page starts at the last time read: records sharing it come again and are skipped.
            let fresh = page.filter { seen.insert($0.record.uuid).inserted }
            records += fresh
            guard page.count == pageSize else { return (records, false) }
            guard !fresh.isEmpty, let last = page.last?.record.recordedAt else { return (records, true) }
            cursor = last
        }
        return (Array(records.prefix(Self.maximumRecords)), true)
    }
}
