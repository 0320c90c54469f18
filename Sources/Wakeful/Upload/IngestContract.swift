import Foundation

/// The body of `POST /v1/ingest`: one outbox batch (the wire contract the companion server implements).
///
/// ```json
/// {"batch_id":"…","install_id":"…","records":[
///   {"uuid":"…","seq":42,"kind":"location","recorded_at":"2026-11-21T07:45:51.123Z","payload":{"lat":52.1}}]}
/// ```
///
/// Headers: `Authorization: Bearer <device credential>`, `Idempotency-Key: <batch_id>`,
/// `Content-Type: application/json`. See the UploadContract article for every rule.
public struct IngestBatch: Sendable, Hashable {
    /// The batch's ID; also the `Idempotency-Key`.
    public var batchID: UUID
    /// The install that produced the records.
    public var installID: UUID
    /// The records, in sequence order, as the outbox keeps them except for the time: on the wire
    /// ``OutboxRecord/recordedAt`` is in seconds since 1970 (written as RFC 3339 with milliseconds).
    public var records: [OutboxRecord]

    /// Creates a batch.
    public init(batchID: UUID, installID: UUID, records: [OutboxRecord]) {
        self.batchID = batchID
        self.installID = installID
        self.records = records
    }
}

/// The server's answer to a stored batch (HTTP 200): how many records it stored now, how many it
/// already had, and which it refused and why.
///
/// ```json
/// {"batch_id":"…","accepted":498,"duplicates":1,"rejected":[{"uuid":"…","reason":"payload: expected an object"}]}
/// ```
///
/// The server stores a batch atomically, so every record of the batch that is not rejected is
/// either accepted or a duplicate, and `accepted + duplicates + rejected.count` equals the batch's
/// record count; an answer that does not add up settles nothing (the client resends the batch).
///
/// When the server holds a configuration for the device newer than the version the upload
/// reported (`Wakeful-Configuration-Version`), the answer carries it signed, in `configuration`
/// (``SignedRemoteConfiguration``).
public struct IngestAnswer: Sendable, Hashable, Codable {
    /// Records stored by this request.
    public var accepted: Int
    /// Records the server already had (a resend after a lost answer).
    public var duplicates: Int
    /// Records refused, with the reason; the client quarantines them and moves on.
    public var rejected: [RecordRejection]
    /// The `configuration` member as JSON text, unread: the agent reads and verifies it
    /// (``SignedRemoteConfiguration``), so a bad one is refused with its reason and never keeps
    /// the answer from settling the batch.
    public var configuration: String?

    /// Creates an answer.
    public init(accepted: Int, duplicates: Int, rejected: [RecordRejection] = [], configuration: String? = nil) {
        self.accepted = accepted
        self.duplicates = duplicates
        self.rejected = rejected
        self.configuration = configuration
    }
}

/// A record the server refused.
public struct RecordRejection: Sendable, Hashable, Codable {
    /// The record's UUID.
    public var uuid: UUID
    /// Why, naming the field and the expected form.
    public var reason: String

    /// Creates a rejection.
    public init(uuid: UUID, reason: String) {
        self.uuid = uuid
        self.reason = reason
    }
}
