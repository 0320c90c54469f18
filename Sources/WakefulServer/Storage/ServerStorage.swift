import Foundation
import Wakeful

/// Where the server keeps devices, records and APNs tokens: the seam between the HTTP layer and a
/// database engine.
///
/// Every operation is one plain SQL statement or one transaction of them, with values that any SQL
/// engine stores natively (text UUIDs, hex hashes, seconds since 1970 as doubles), so a PostgreSQL
/// implementation can sit beside ``SQLiteServerStorage``. Times are passed in: the storage never
/// reads a clock.
public protocol ServerStorage: Sendable {
    /// Registers an install, or gives an already registered install a new credential when
    /// `existing` allows it; the check and the change are one transaction.
    ///
    /// - Returns: The device's ID (the same for every registration of the install).
    /// - Throws: ``ServerStorageError/deviceRevoked`` when the install's device was revoked;
    ///   ``ServerStorageError/installRegistered`` when the install has a device and `existing`
    ///   does not allow replacing its credential.
    func register(
        _ registration: DeviceRegistration, tokenHash: String, at time: TimeInterval, existing: ExistingInstall
    ) async throws -> UUID

    /// Returns once the storage has answered a trivial query; throws when it cannot (`/readyz`).
    func checkReachable() async throws

    /// The device whose credential hashes to `tokenHash`, revoked or not, or nil.
    func device(tokenHash: String) async throws -> StoredDevice?

    /// The device with this ID, or nil.
    func device(id: UUID) async throws -> StoredDevice?

    /// Revokes a device: its credential stops working for good.
    ///
    /// - Returns: False when no such device exists.
    func revoke(deviceID: UUID, at time: TimeInterval) async throws -> Bool

    /// Sets the device's APNs token, environment and topic, clearing an earlier invalidation.
    func setAPNsToken(_ token: APNsRegistration, deviceID: UUID, at time: TimeInterval) async throws

    /// The device's current APNs registration, or nil.
    func apnsToken(deviceID: UUID) async throws -> StoredAPNsToken?

    /// Stores a batch atomically in one transaction: every record is inserted unless the device
    /// already has its UUID, and the device's last-seen time moves to `receivedAt`.
    ///
    /// - Parameters:
    ///   - deviceID: The authenticated device.
    ///   - batchID: The batch's `Idempotency-Key`.
    ///   - digest: Identifies the batch's set of record UUIDs; a batch ID seen before with
    ///     another digest stores nothing and returns ``IngestOutcome/batchMismatch``.
    ///   - records: The valid records of the batch.
    ///   - receivedAt: The server's time of the request (seconds since 1970), kept per record.
    func ingest(
        deviceID: UUID, batchID: UUID, digest: String, records: [OutboxRecord], receivedAt: TimeInterval
    ) async throws -> IngestOutcome

    /// Stores several batches, answering each on its own: an engine that can, stores them in one
    /// transaction with one durable commit (group commit); a batch that fails, or whose batch ID
    /// was used with another digest, leaves the others unaffected.
    ///
    /// A result is returned only once its batch is durable. When the shared commit fails, the
    /// method throws and none of the batches may be acknowledged.
    ///
    /// - Returns: One result per batch, in order: the batch's outcome, or the error that stored
    ///   nothing of it.
    func ingest(_ batches: [IngestRequestBatch]) async throws -> [Result<IngestOutcome, any Error>]

    /// Every device with its record count and upload lag, in registration order.
    func deviceSummaries() async throws -> [DeviceSummary]

    /// A device's records matching `query`, ordered by `(recorded_at, seq, row ID)`: a total order,
    /// so ``RecordQuery/after`` pages through records that share a time without skipping any.
    /// At most ``RecordQuery/limit`` records and, when given, ``RecordQuery/maximumBytes`` bytes.
    func records(deviceID: UUID, matching query: RecordQuery) async throws -> [StoredRecord]

    /// Every device's ID, in registration order (the all-devices export walks them).
    func deviceIDs() async throws -> [UUID]
}

extension ServerStorage {
    /// Every device's ID from ``deviceSummaries()``: correct on any engine; the engines answer it
    /// without counting records.
    public func deviceIDs() async throws -> [UUID] { try await deviceSummaries().map(\.id) }
}

extension ServerStorage {
    /// Registers an install, replacing the credential of an install already registered whoever
    /// asks: for the admin and for tools that own the storage, never for an unauthenticated request.
    public func register(_ registration: DeviceRegistration, tokenHash: String, at time: TimeInterval) async throws
        -> UUID
    {
        try await register(registration, tokenHash: tokenHash, at: time, existing: .replace)
    }

    /// Stores the batches one after another, each in its own transaction: correct on any engine,
    /// without sharing a commit.
    public func ingest(_ batches: [IngestRequestBatch]) async throws -> [Result<IngestOutcome, any Error>] {
        var results: [Result<IngestOutcome, any Error>] = []
        results.reserveCapacity(batches.count)
        for batch in batches {
            do {
                results.append(
                    .success(
                        try await ingest(
                            deviceID: batch.deviceID, batchID: batch.batchID, digest: batch.digest,
                            records: batch.records,
                            receivedAt: batch.receivedAt)))
            } catch {
                results.append(.failure(error))
            }
        }
        return results
    }
}

/// One batch for ``ServerStorage/ingest(_:)``: the arguments of
/// ``ServerStorage/ingest(deviceID:batchID:digest:records:receivedAt:)``.
public struct IngestRequestBatch: Sendable, Hashable {
    /// The device that sent it.
    public var deviceID: UUID
    /// Its `batch_id`.
    public var batchID: UUID
    /// Identifies its set of record UUIDs (a reused batch ID with another digest stores nothing).
    public var digest: String
    /// The records to store.
    public var records: [OutboxRecord]
    /// The server's time of receipt, seconds since 1970.
    public var receivedAt: TimeInterval

    /// Creates a batch.
    public init(deviceID: UUID, batchID: UUID, digest: String, records: [OutboxRecord], receivedAt: TimeInterval) {
        self.deviceID = deviceID
        self.batchID = batchID
        self.digest = digest
        self.records = records
        self.receivedAt = receivedAt
    }
}

/// What `POST /v1/devices/register` carries.
public struct DeviceRegistration: Sendable, Hashable {
    /// The install's ID, made once by the app.
    public var installID: UUID
    /// The app's bundle ID.
    public var bundleID: String
    /// The app's version.
    public var appVersion: String
    /// The OS version.
    public var osVersion: String
    /// The APNs token registered at the same time, if any.
    public var apns: APNsRegistration?

    /// Creates a registration.
    public init(installID: UUID, bundleID: String, appVersion: String, osVersion: String, apns: APNsRegistration? = nil)
    {
        self.installID = installID
        self.bundleID = bundleID
        self.appVersion = appVersion
        self.osVersion = osVersion
        self.apns = apns
    }
}

/// A device's APNs token with the environment it was issued for and the app's topic.
public struct APNsRegistration: Sendable, Hashable {
    /// The APNs environment a token belongs to.
    public enum Environment: String, Sendable, Hashable, CaseIterable {
        /// `api.sandbox.push.apple.com`: development builds.
        case sandbox
        /// `api.push.apple.com`: TestFlight and App Store builds.
        case production
    }

    /// The device token, lower-case hex.
    public var token: String
    /// Where the token is valid.
    public var environment: Environment
    /// The `apns-topic`, normally the bundle ID.
    public var topic: String

    /// Creates a registration.
    public init(token: String, environment: Environment, topic: String) {
        self.token = token
        self.environment = environment
        self.topic = topic
    }
}

/// A stored APNs registration.
public struct StoredAPNsToken: Sendable, Hashable {
    /// The registration.
    public var registration: APNsRegistration
    /// When it was last set, seconds since 1970.
    public var updatedAt: TimeInterval
    /// When APNs said it is no longer valid, or nil.
    public var invalidatedAt: TimeInterval?
}

/// A registered device.
public struct StoredDevice: Sendable, Hashable {
    /// The device's ID.
    public var id: UUID
    /// The install it was registered for.
    public var installID: UUID
    /// The app's bundle ID.
    public var bundleID: String
    /// When it was revoked, or nil.
    public var revokedAt: TimeInterval?
}

/// A device as `GET /v1/devices` lists it.
public struct DeviceSummary: Sendable, Hashable {
    /// The device's ID.
    public var id: UUID
    /// The install it was registered for.
    public var installID: UUID
    /// The app's bundle ID.
    public var bundleID: String
    /// When it registered, seconds since 1970.
    public var createdAt: TimeInterval
    /// When it last registered or uploaded, seconds since 1970.
    public var lastSeen: TimeInterval
    /// When it was revoked, or nil.
    public var revokedAt: TimeInterval?
    /// How many records it has stored.
    public var recordCount: Int
    /// The median of `received_at − recorded_at` over its records, in seconds, or nil without records.
    public var lagMedian: TimeInterval?
    /// The largest `received_at − recorded_at`, in seconds, or nil without records.
    public var lagMax: TimeInterval?
}

/// A stored record.
public struct StoredRecord: Sendable, Hashable {
    /// The record as the device sent it.
    public var record: OutboxRecord
    /// When the server stored it, seconds since 1970.
    public var receivedAt: TimeInterval
    /// The storage's own ID of the row, unique in the database: it orders records that share a
    /// time and a `seq`.
    public var rowID: Int64 = 0

    /// Where the record stands in the order of reads.
    public var position: RecordPosition {
        RecordPosition(recordedAt: record.recordedAt, seq: record.seq, rowID: rowID)
    }
}

/// A place in the order records are read in, `(recorded_at, seq, row ID)`; ``RecordQuery/after``
/// reads what follows it.
public struct RecordPosition: Sendable, Hashable {
    /// The record's `recorded_at`, seconds since 1970.
    public var recordedAt: TimeInterval
    /// Its `seq`.
    public var seq: Int64
    /// Its row ID (``StoredRecord/rowID``).
    public var rowID: Int64

    /// Creates a position.
    public init(recordedAt: TimeInterval, seq: Int64, rowID: Int64) {
        self.recordedAt = recordedAt
        self.seq = seq
        self.rowID = rowID
    }
}

/// Which records to read.
public struct RecordQuery: Sendable, Hashable {
    /// Only records recorded at or after this time (seconds since 1970).
    public var from: TimeInterval?
    /// Only records recorded before this time (seconds since 1970).
    public var to: TimeInterval?
    /// Only records of this kind.
    public var kind: String?
    /// At most this many records.
    public var limit: Int
    /// Only records after this position (the last record of the previous page).
    public var after: RecordPosition?
    /// At most this many bytes of records, counted by ``OutboxRecord/byteCount``: reading stops
    /// before the first record that would take the total past it, except that the first record is
    /// always read. Nil: only ``limit`` bounds the result. The server reads answers a slice at a
    /// time with it, so a page of large records is never held whole in memory.
    public var maximumBytes: Int?

    /// Creates a query.
    public init(
        from: TimeInterval? = nil, to: TimeInterval? = nil, kind: String? = nil, limit: Int = 1000,
        after: RecordPosition? = nil, maximumBytes: Int? = nil
    ) {
        self.from = from
        self.to = to
        self.kind = kind
        self.limit = limit
        self.after = after
        self.maximumBytes = maximumBytes
    }

    /// Whether `record` still fits after records of `bytes` bytes in all, `count` of them.
    func admits(_ record: StoredRecord, after bytes: Int, count: Int) -> Bool {
        guard let maximumBytes, count > 0 else { return true }
        return bytes + record.record.byteCount <= maximumBytes
    }
}

/// What storing a batch did.
public enum IngestOutcome: Sendable, Hashable {
    /// Committed: `accepted` records inserted, `duplicates` already there. `seqReused` of the
    /// accepted records carry a `seq` the device had already stored under another UUID (kept: the
    /// UUID is the record's identity; see UploadContract.md).
    case stored(accepted: Int, duplicates: Int, seqReused: Int = 0)
    /// The batch ID was used before for another set of records; nothing was stored.
    case batchMismatch
}

/// What registering may do to an install that already has a device: who asks decides it.
public enum ExistingInstall: Sendable, Hashable {
    /// Refuse (``ServerStorageError/installRegistered``): the caller proved nothing about the install.
    case refuse
    /// Replace the credential only while it is the one hashing to `currentTokenHash`: the device
    /// itself rotating its token.
    case rotate(currentTokenHash: String)
    /// Replace the credential whatever it is: the admin.
    case replace
}

/// A storage operation refused for a reason the caller can act on.
///
/// A struct with a ``Code`` rather than an enum (as swift-nio's and AsyncHTTPClient's errors), so
/// that a new reason is not a breaking change for callers that switch over the reasons.
///
/// ```swift
/// do { … } catch let error as ServerStorageError where error.code == .deviceRevoked { … }
/// ```
public struct ServerStorageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which refusal it is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case deviceRevoked
            case installRegistered
        }

        private let base: Base

        /// The install's device was revoked; it cannot register again.
        public static let deviceRevoked = Code(base: .deviceRevoked)
        /// The install already has a device, and the caller may not replace its credential.
        public static let installRegistered = Code(base: .installRegistered)

        public var description: String {
            switch base {
            case .deviceRevoked: "the install's device was revoked; it cannot register again"
            case .installRegistered:
                "the install already has a device; only its current token or the admin token may replace its credential"
            }
        }
    }

    /// Which refusal it is.
    public var code: Code

    /// The install's device was revoked; it cannot register again.
    public static let deviceRevoked = ServerStorageError(code: .deviceRevoked)
    /// The install already has a device, and the caller may not replace its credential.
    public static let installRegistered = ServerStorageError(code: .installRegistered)

    public var description: String { code.description }
}
