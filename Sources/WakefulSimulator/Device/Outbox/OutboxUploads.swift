import Foundation
import Wakeful

/// The outbox's uploads on their way and the server that answers them: the simulated ingest
/// endpoint, or a real server's transport (`wakeful-server fleet`).
///
/// An upload is known here from its start (``begin(_:body:installID:)``) until the app's outcome
/// is taken (``takeOutcome(_:statusCode:error:)``) or its process dies (``forget(_:)``). The
/// ``URLSessionDaemon`` moves its bytes and asks here for the server's answer when the last one
/// arrives (``arrive(_:at:latency:)``); it also draws the answers to plain requests here, as the
/// same server's faults meet them.
struct OutboxUploads {
    /// The app's server, as far as uploads go.
    private(set) var ingest: IngestEndpoint
    /// A real server the uploads go to instead of ``ingest``; nil in simulations.
    private(set) var transport: (any IngestTransport)?
    /// Where the wire's clock, which counts from 1970, puts the scenario's start (the uploader's
    /// configuration).
    private let clockOrigin: TimeInterval
    /// Seconds without an answer before an upload fails with `timedOut` (the uploader's configuration).
    private let requestTimeout: TimeInterval
    /// Uploads in flight, by attempt ID.
    private var inFlight: [String: PendingUpload] = [:]

    /// Uploads to `ingest`, under the uploader's configuration `upload` (nil: the defaults' clock and timeout).
    init(ingest: IngestEndpoint, upload: Uploader.Configuration?) {
        self.ingest = ingest
        clockOrigin = upload?.clockOrigin ?? 0
        requestTimeout = upload?.requestTimeout ?? 60
    }

    /// From now on the uploads go to `transport`, a real server, instead of the simulated endpoint.
    mutating func send(through transport: (any IngestTransport)?) {
        self.transport = transport
    }

    /// The app renewed its credentials (assumption: its token refresh succeeds).
    mutating func renewCredentials(at time: TimeInterval) {
        ingest.renewCredentials(at: time)
    }

    /// An upload attempt starts: `body` is what the server will read, sent by install `installID`.
    mutating func begin(_ request: UploadRequest, body: Data, installID: UUID) {
        inFlight[request.id] = PendingUpload(request: request, body: body, installID: installID, reply: nil)
    }

    /// Whether `id` is an upload attempt in flight.
    func carries(_ id: String) -> Bool {
        inFlight[id] != nil
    }

    /// The last byte of upload `id` reached the server: the simulated endpoint reads the body (the
    /// wire format, as the companion server would), stores what it accepts and decides the answer;
    /// returns when the answer, or the client's timeout, reaches the phone.
    ///
    /// - Parameter latency: The server's time to answer when it cannot read the body.
    mutating func arrive(_ id: String, at now: TimeInterval, latency: TimeInterval) -> TimeInterval {
        guard var upload = inFlight[id] else { return now + latency }
        let reply: IngestReply
        if let transport {
            reply = transport.send(upload.body, installID: upload.installID, at: now)
        } else if let batch = try? IngestBatch.parse(upload.body) {
            // Back to the scenario's clock: the wire counts from 1970.
            let records = batch.records.map { record in
                var record = record
                record.recordedAt -= clockOrigin
                return record
            }
            reply = ingest.receive(
                OutboxBatch(id: batch.batchID, records: records, claimedAt: now), installID: batch.installID, at: now)
        } else {
            reply = IngestReply(result: .answered(statusCode: 400, retryAfter: nil, answer: nil), latency: latency)
        }
        let (delay, outcome) = reply.outcome(for: upload.request, requestTimeout: requestTimeout)
        upload.reply = outcome
        inFlight[id] = upload
        return now + delay
    }

    /// The status and error the network layer reports for a finished upload flow.
    func result(_ id: String) -> (statusCode: Int?, error: String?) {
        guard let reply = inFlight[id]?.reply else { return (nil, "networkConnectionLost") }
        return (reply.statusCode, reply.error)
    }

    /// Turns a finished upload flow into the event the app receives, or nil when `id` is not an upload.
    mutating func takeOutcome(_ id: String, statusCode: Int?, error: String?) -> UploadOutcome? {
        guard let upload = inFlight.removeValue(forKey: id) else { return nil }
        // A reply decided by the server stands unless the transfer failed before it (cancelled, lost).
        if let reply = upload.reply, error == nil || error == reply.error { return reply }
        return UploadOutcome(id: id, batch: upload.request.batch, statusCode: statusCode, error: error)
    }

    /// The in-process request carrying upload `id` died with its process.
    mutating func forget(_ id: String) {
        inFlight[id] = nil
    }

    /// The server's answer to a plain request whose last byte just left: the faults ingest
    /// requests meet, else 200.
    mutating func plainAnswer(at time: TimeInterval) -> PlainAnswer {
        ingest.plainAnswer(at: time)
    }
}

/// An upload attempt in flight: the request, the body the server will read, and the server's
/// reply once the last byte arrived.
private struct PendingUpload {
    var request: UploadRequest
    var body: Data
    /// The install that sent it (a background upload outlives the process that started it).
    var installID: UUID
    var reply: UploadOutcome?
}
