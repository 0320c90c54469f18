import Foundation
import Wakeful

/// Reads what a device page needs from storage: the window's records, the records before it that
/// carry the app's state in, and the anchors of the window (the device's first and newest records
/// whose clock agrees with their receipt).
///
/// On a ``DashboardStorage`` (SQLite, PostgreSQL) each read is an indexed query. On a bare
/// ``ServerStorage`` the newest record is found by bisection, and no state is carried in: the
/// window then starts in an unknown state.
struct DashboardData {
    let storage: any ServerStorage
    let limits: ServerLimits

    /// The most records a page reads; beyond, the page says it is truncated.
    static let maximumRecords = 50_000
    /// The most bytes of records (``OutboxRecord/byteCount``) a page reads, so that a device that
    /// uploaded large records cannot make the admin's page hold gigabytes; beyond, it is truncated.
    static let maximumBytes = 64 << 20
    /// The most records read before a window to find the launch its state follows from.
    static let maximumPreludeRecords = 20_000
    /// Records read per query while looking for a record with a plausible clock.
    private static let probePage = 100
    /// Pages read while looking for one (flagged records are rare: a few bad clocks, not thousands).
    private static let probePages = 10

    private var dashboardStorage: (any DashboardStorage)? { storage as? any DashboardStorage }

    /// Everything a device's page shows for `request`: the window placed by the records whose
    /// clock agrees with their receipt, its records, the state carried in from before it, and
    /// the lanes and gaps derived from them once.
    func page(device: DeviceSummary, request: DashboardWindowRequest, now: TimeInterval, pushes: DashboardPushSource)
        async throws -> DevicePage
    {
        let lifeStart = try await self.lifeStart(device: device)
        let newest = try await newestPlausibleTime(device: device, lifeStart: lifeStart)
        let window = DashboardWindow(request, first: newest == nil ? nil : lifeStart, newest: newest, now: now)
        let (records, truncated) = try await self.records(deviceID: device.id, window: window)
        let prelude = try await self.prelude(deviceID: device.id, window: window, lifeStart: lifeStart)
        let activity = DeviceActivity.extract(
            records: records, prelude: prelude, window: window, lifeStart: lifeStart,
            pushes: try await pushes(device.id, window.start, window.end))
        var configurations: DeviceConfigurationView?
        if let stored = storage as? any ConfigurationStorage {
            configurations = try await DeviceConfigurationView.load(
                stored, deviceID: device.id, limit: DevicePage.maximumConfigurations)
        }
        return DevicePage(
            device: device, versions: try await dashboardStorage?.registeredVersions(deviceID: device.id),
            extremes: try await extremes(deviceID: device.id),
            request: request, window: window, activity: activity, truncated: truncated,
            configurations: configurations)
    }

    /// The device's first sign of life: its registration, or its first record with a plausible
    /// clock when that is earlier (an app records before it registers).
    func lifeStart(device: DeviceSummary) async throws -> TimeInterval {
        // A plausible record is dated at most `behindTolerance` before its receipt, which is after
        // the registration: older dates (year 0001) are skipped by the query itself.
        var from = device.createdAt - DeviceClock.behindTolerance
        for _ in 0..<Self.probePages {
            let page = try await storage.records(
                deviceID: device.id, matching: RecordQuery(from: from, limit: Self.probePage))
            if let first = page.first(where: DeviceClock.isPlausible) {
                return min(device.createdAt, first.record.recordedAt)
            }
            guard page.count == Self.probePage, let last = page.last?.record.recordedAt, last > from else { break }
            from = last
        }
        return device.createdAt
    }

    /// The time of the newest record whose clock agrees with its receipt, or nil when there is none.
    ///
    /// A record dated after the device's last upload plus ``DeviceClock/aheadTolerance`` cannot be
    /// plausible, so the search starts there: a record dated 9999 never moves a window.
    func newestPlausibleTime(device: DeviceSummary, lifeStart: TimeInterval) async throws -> TimeInterval? {
        let bound = device.lastSeen + DeviceClock.aheadTolerance
        guard let storage = dashboardStorage else {
            return try await newestTime(deviceID: device.id, from: lifeStart, before: bound)
        }
        var position = RecordPosition(recordedAt: bound, seq: .max, rowID: .max)
        for _ in 0..<Self.probePages {
            let page = try await storage.latestRecords(
                deviceID: device.id, before: position, kind: nil, limit: Self.probePage)
            if let newest = page.first(where: DeviceClock.isPlausible) { return newest.record.recordedAt }
            guard page.count == Self.probePage, let last = page.last else { break }
            position = last.position
        }
        return nil
    }

    /// The newest record time in `[from, before)`, by bisection with one-record queries (O(log)
    /// indexed reads), for a storage without a descending query.
    private func newestTime(deviceID: UUID, from: TimeInterval, before: TimeInterval) async throws -> TimeInterval? {
        guard var known = try await earliest(deviceID: deviceID, atOrAfter: from, before: before) else { return nil }
        var high = before
        // RFC 3339 times carry milliseconds: stop when the interval is below one.
        while high - known > 0.000_5 {
            let middle = known + (high - known) / 2
            // Each step at least halves the interval: `known` moves to or past the middle, or `high` to it.
            if let found = try await earliest(deviceID: deviceID, atOrAfter: middle, before: before) {
                known = found
            } else {
                high = middle
            }
        }
        return known
    }

    private func earliest(deviceID: UUID, atOrAfter time: TimeInterval, before: TimeInterval) async throws
        -> TimeInterval?
    {
        try await storage.records(deviceID: deviceID, matching: RecordQuery(from: time, to: before, limit: 1)).first?
            .record.recordedAt
    }

    /// The device's earliest and latest records whatever their clock: shown when flagged, so that a
    /// year 0001 or 9999 record is explained rather than hidden.
    func extremes(deviceID: UUID) async throws -> [StoredRecord] {
        var found = try await storage.records(deviceID: deviceID, matching: RecordQuery(limit: 1))
        if let storage = dashboardStorage {
            found += try await storage.latestRecords(
                deviceID: deviceID, before: RecordPosition.end, kind: nil, limit: 1)
        }
        var seen: Set<UUID> = []
        return found.filter { seen.insert($0.record.uuid).inserted }
    }

    /// The records before `window` to walk so that it opens in the state they leave: back to the
    /// last launch or termination before it (which reset what the app had open), and the burst
    /// just before that launch (its `run` header). Oldest first; empty on a bare ``ServerStorage``.
    func prelude(deviceID: UUID, window: DashboardWindow, lifeStart: TimeInterval) async throws -> [StoredRecord] {
        guard let storage = dashboardStorage, window.start > lifeStart else { return [] }
        let pageSize = min(2_000, limits.maximumQueryLimit)
        var newestFirst: [StoredRecord] = []
        var position = RecordPosition.before(window.start)
        while newestFirst.count < Self.maximumPreludeRecords {
            let page = try await storage.latestRecords(deviceID: deviceID, before: position, kind: nil, limit: pageSize)
            newestFirst += page
            if let cut = Self.preludeCut(newestFirst: newestFirst) { return cut }
            guard page.count == pageSize, let last = page.last else { break }
            position = last.position
        }
        return newestFirst.reversed()
    }

    /// The records, oldest first, from the newest launch or termination among `newestFirst` (with
    /// the burst just before it, its `run` header), or nil when there is none.
    static func preludeCut(newestFirst: [StoredRecord]) -> [StoredRecord]? {
        guard let anchor = newestFirst.first(where: isProcessBoundary)?.record.recordedAt else { return nil }
        // The launch's own burst cannot change the state after the launch, which resets it.
        let start = anchor - DeviceActivity.idleSeconds
        return newestFirst.prefix { $0.record.recordedAt >= start }.reversed()
    }

    /// A launch or a termination: what the app had open before it no longer matters after it.
    private static func isProcessBoundary(_ stored: StoredRecord) -> Bool {
        let record = stored.record
        // The substring test only spares decoding every record; the decoded entry decides.
        guard record.kind == OutboxRecord.timelineKind, DeviceClock.isPlausible(stored),
            record.payload.contains("didFinishLaunching") || record.payload.contains("willTerminate"),
            let entry = try? TimelineDecoder.decode(line: Array(record.payload.utf8), file: "record", lineNumber: 1),
            case .event(let event) = entry.body
        else { return false }
        switch event {
        case .didFinishLaunching, .willTerminate: return true
        default: return false
        }
    }

    /// Every record recorded in `window` (its end included), in pages, up to ``maximumRecords`` and
    /// ``maximumBytes``.
    func records(deviceID: UUID, window: DashboardWindow) async throws -> (records: [StoredRecord], truncated: Bool) {
        let pageSize = min(10_000, limits.maximumQueryLimit)
        var records: [StoredRecord] = []
        var bytes = 0
        var seen: Set<UUID> = []
        var cursor = window.start
        let end = window.end + 0.001
        while records.count < Self.maximumRecords {
            let page = try await storage.records(
                deviceID: deviceID,
                matching: RecordQuery(
                    from: cursor, to: end, limit: pageSize, maximumBytes: max(1, Self.maximumBytes - bytes)))
            // The next page starts at the last time read: records sharing it come again and are skipped.
            let fresh = page.filter { seen.insert($0.record.uuid).inserted }
            records += fresh
            bytes += fresh.reduce(0) { $0 + $1.record.byteCount }
            // A page cut short by the byte bound stops within one record (at most an ingest body) of it.
            guard bytes < Self.maximumBytes - min(limits.maximumIngestBytes, Self.maximumBytes / 2) else {
                return (records, true)
            }
            guard page.count == pageSize else { return (records, false) }
            guard !fresh.isEmpty, let last = page.last?.record.recordedAt else { return (records, true) }
            cursor = last
        }
        return (Array(records.prefix(Self.maximumRecords)), true)
    }
}
