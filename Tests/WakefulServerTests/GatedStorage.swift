import Foundation
import Wakeful
import WakefulServer

/// SQLite storage whose group ingest can be held closed, made to fail, and watched: the groups
/// it receives are reported on ``groups`` as they arrive, before they are stored.
final class GatedStorage: ServerStorage, @unchecked Sendable {  // the gate is guarded by `lock`
    let base: SQLiteServerStorage
    /// Every group `ingest(_:)` receives, as it arrives.
    let groups: AsyncStream<[IngestRequestBatch]>
    private let groupSink: AsyncStream<[IngestRequestBatch]>.Continuation
    private let lock = NSLock()
    private var gate = Gate()

    private struct Gate {
        var open = true
        var waiting: [CheckedContinuation<Void, Never>] = []
        var failure: (any Error)?
    }

    init(directory: URL) throws {
        base = try SQLiteServerStorage(directory: directory)
        (groups, groupSink) = AsyncStream.makeStream()
    }

    /// Holds every later group until ``open()``.
    func close() { lock.withLock { gate.open = false } }

    /// Lets held and later groups through.
    func open() {
        let waiting = lock.withLock {
            gate.open = true
            defer { gate.waiting = [] }
            return gate.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Makes every later group throw `error` instead of storing it (nil: store again).
    func fail(with error: (any Error)?) { lock.withLock { gate.failure = error } }

    func ingest(_ batches: [IngestRequestBatch]) async throws -> [Result<IngestOutcome, any Error>] {
        groupSink.yield(batches)
        await withCheckedContinuation { continuation in
            let passes = lock.withLock {
                if !gate.open { gate.waiting.append(continuation) }
                return gate.open
            }
            if passes { continuation.resume() }
        }
        if let failure = lock.withLock({ gate.failure }) { throw failure }
        return try await base.ingest(batches)
    }

    func register(
        _ registration: DeviceRegistration, tokenHash: String, at time: TimeInterval, existing: ExistingInstall
    ) async throws -> UUID {
        try await base.register(registration, tokenHash: tokenHash, at: time, existing: existing)
    }
    func checkReachable() async throws { try await base.checkReachable() }
    func device(tokenHash: String) async throws -> StoredDevice? { try await base.device(tokenHash: tokenHash) }
    func device(id: UUID) async throws -> StoredDevice? { try await base.device(id: id) }
    func revoke(deviceID: UUID, at time: TimeInterval) async throws -> Bool {
        try await base.revoke(deviceID: deviceID, at: time)
    }
    func setAPNsToken(_ token: APNsRegistration, deviceID: UUID, at time: TimeInterval) async throws {
        try await base.setAPNsToken(token, deviceID: deviceID, at: time)
    }
    func apnsToken(deviceID: UUID) async throws -> StoredAPNsToken? { try await base.apnsToken(deviceID: deviceID) }
    func ingest(deviceID: UUID, batchID: UUID, digest: String, records: [OutboxRecord], receivedAt: TimeInterval)
        async throws -> IngestOutcome
    {
        try await base.ingest(
            deviceID: deviceID, batchID: batchID, digest: digest, records: records, receivedAt: receivedAt)
    }
    func deviceSummaries() async throws -> [DeviceSummary] { try await base.deviceSummaries() }
    func records(deviceID: UUID, matching query: RecordQuery) async throws -> [StoredRecord] {
        try await base.records(deviceID: deviceID, matching: query)
    }
}
