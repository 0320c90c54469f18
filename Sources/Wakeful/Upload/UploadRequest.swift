import Foundation

/// One attempt to send an outbox batch: ``Command/upload(_:)``.
///
/// The body is not in the command (timelines stay small): the platform asks the ``Agent`` for it
/// (``Agent/requestBody(for:)``), which keeps the batch as the ``Uploader`` encoded it, once, when
/// it started the attempt (``IngestBatch``). On a device a `background` upload goes through a background `URLSession`
/// from a file, so it survives suspension and termination (URLS-1); otherwise it is a data task
/// that progresses only while the app executes (URLS-8). The answer comes back as
/// ``Event/uploadCompleted(_:)``.
public struct UploadRequest: Sendable, Hashable, Codable {
    /// Identifies this attempt in its completion.
    public var id: String
    /// The batch's ID (`batch_id`, `Idempotency-Key`).
    public var batch: UUID
    /// How many records it carries.
    public var records: Int
    /// The body's size in bytes.
    public var bytes: Int
    /// Whether it goes through the background session (URLS-1) rather than the app's own (URLS-8).
    public var background: Bool

    /// The background session's identifier for uploads.
    public static let sessionIdentifier = "wakeful.upload"

    /// Creates an upload request.
    public init(id: String, batch: UUID, records: Int, bytes: Int, background: Bool) {
        self.id = id
        self.batch = batch
        self.records = records
        self.bytes = bytes
        self.background = background
    }
}

/// How an upload attempt ended: ``Event/uploadCompleted(_:)``.
public struct UploadOutcome: Sendable, Hashable, Codable {
    /// The attempt's ``UploadRequest/id``.
    public var id: String
    /// The batch's ID.
    public var batch: UUID
    /// The HTTP status, or nil when no answer arrived (see ``error``).
    public var statusCode: Int?
    /// The transport error (`timedOut`, `notConnectedToInternet`, `networkConnectionLost`,
    /// `cannotConnectToHost`, `cancelled`), or nil when an answer arrived.
    public var error: String?
    /// The `Retry-After` header in seconds, with a 429 or 503.
    public var retryAfter: TimeInterval?
    /// The decoded answer of a 200; nil otherwise, or when the body did not decode.
    public var answer: IngestAnswer?

    /// The ``error`` of a background upload on a system without background sessions (before iOS 7,
    /// URLS-1): the uploader sends in process from then on.
    public static let backgroundSessionUnavailable = "backgroundSessionUnavailable"

    /// The ``error`` when the platform could not read the device credential and sent nothing: its
    /// Keychain item is withheld while the phone is locked or before the first unlock after a
    /// restart (`errSecInteractionNotAllowed`, DATA-5). The uploader waits for the unlock.
    public static let credentialUnavailable = "credentialUnavailable"

    /// Creates an outcome.
    public init(
        id: String, batch: UUID, statusCode: Int?, error: String? = nil, retryAfter: TimeInterval? = nil,
        answer: IngestAnswer? = nil
    ) {
        self.id = id
        self.batch = batch
        self.statusCode = statusCode
        self.error = error
        self.retryAfter = retryAfter
        self.answer = answer
    }
}
