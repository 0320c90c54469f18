import Foundation
import Wakeful

/// The companion server's `POST /v1/ingest` for the simulator: it judges and stores batches
/// exactly as the contract says (see the UploadContract article of `Wakeful`), with the faults the
/// scenario injects.
///
/// Records are stored under `UNIQUE(device, uuid)`, a batch atomically: every record that is not
/// rejected is either stored now or counted as a duplicate, so a resend after a lost answer never
/// stores a record twice. The checks run in the order of a real deployment, the first that
/// applies wins: down period (refused), injected faults (in order; each active fault draws once
/// per request from the seeded generator, so the stream does not depend on which fault fired),
/// an expired credential (401), an empty batch (400), a batch over the limits (413), a batch ID
/// reused for other records (422), then storage (200).
///
/// ```swift
/// var endpoint = IngestEndpoint(server: scenario.world.server, random: rng.derived(stream: 9))
/// let reply = endpoint.receive(batch, installID: outbox.installID, at: now)
/// endpoint.counts.accepted   // records stored so far
/// ```
public struct IngestEndpoint: Sendable {
    /// The server's description; changing it changes how the server behaves from then on (the
    /// crash-injection harness heals the server for its drain), not what it stored.
    public var server: ServerDescription
    /// Every stored record, in the order stored.
    public private(set) var records: [StoredIngestRecord] = []
    /// What the server counted.
    public private(set) var counts = IngestCounts()

    private var random: SeededGenerator
    /// The stored records by device and UUID: the UNIQUE index.
    private var index: Set<RecordKey> = []
    /// What each batch ID carried when first stored, to tell a resend from a reuse (422).
    private var batches: [RecordKey: BatchFingerprint] = [:]
    /// When the device credentials were last renewed.
    private var credentialsRenewedAt: TimeInterval = 0

    /// A device and a UUID.
    private struct RecordKey: Hashable, Sendable {
        var install: UUID
        var uuid: UUID
    }

    /// Enough of a batch to tell the same records from others.
    private struct BatchFingerprint: Hashable, Sendable {
        var count: Int
        var first: UUID
        var last: UUID
    }

    /// Creates an endpoint with nothing stored.
    ///
    /// - Parameters:
    ///   - server: Latency, down periods, faults, limits, rejected kinds and credential lifetime.
    ///   - random: Draws the faults' probabilities; give the endpoint a stream of its own.
    public init(server: ServerDescription, random: SeededGenerator) {
        self.server = server
        self.random = random
    }

    /// The app renewed its credentials: requests are authorised for another ``ServerDescription/credentialLifetime``.
    public mutating func renewCredentials(at time: TimeInterval) {
        credentialsRenewedAt = time
    }

    /// Receives one ingest request carrying `batch`, arriving at `time`.
    ///
    /// - Returns: How the request ends and its latency.
    /// - Complexity: O(n) in the batch's records (the size check encodes the body).
    public mutating func receive(_ batch: OutboxBatch, installID: UUID, at time: TimeInterval) -> IngestReply {
        guard server.isUp(at: time) else {
            counts.refused += 1
            return IngestReply(result: .refused, latency: server.latency)
        }
        let (fault, latency) = drawFault(at: time)
        switch fault {
        case .status(let status, let retryAfter)?:
            return answer(status, retryAfter: retryAfter, latency: latency)
        case .timeout?:
            counts.unanswered += 1
            return IngestReply(result: .noAnswer, latency: latency)
        case .partition?:
            counts.unreachable += 1
            return IngestReply(result: .unreachable, latency: latency)
        case .lostResponse?, .slow?, nil:
            break
        }
        if let lifetime = server.credentialLifetime, time - credentialsRenewedAt > lifetime {
            return answer(401, latency: latency)
        }
        guard let first = batch.records.first, let last = batch.records.last else {
            return answer(400, latency: latency)
        }
        guard batch.records.count <= server.maxBatchRecords,
            Self.bodyFits(batch, installID: installID, limit: server.maxBatchBytes)
        else { return answer(413, latency: latency) }
        let fingerprint = BatchFingerprint(count: batch.records.count, first: first.uuid, last: last.uuid)
        let batchKey = RecordKey(install: installID, uuid: batch.id)
        if let earlier = batches[batchKey], earlier != fingerprint { return answer(422, latency: latency) }
        batches[batchKey] = fingerprint
        let stored = store(batch, installID: installID, at: time)
        if case .lostResponse? = fault {
            counts.lostAnswers += 1
            return IngestReply(result: .lostAnswer, latency: latency)
        }
        return answer(200, latency: latency, body: stored)
    }

    /// Stores the batch's records in one step and returns the answer that accounts for each.
    private mutating func store(_ batch: OutboxBatch, installID: UUID, at time: TimeInterval) -> IngestAnswer {
        var answer = IngestAnswer(accepted: 0, duplicates: 0)
        for (position, record) in batch.records.enumerated() {
            let key = RecordKey(install: installID, uuid: record.uuid)
            if server.rejectKinds.contains(record.kind) {
                answer.rejected.append(
                    RecordRejection(
                        uuid: record.uuid,
                        reason: "records[\(position)].kind: \"\(record.kind)\" is not accepted by this server"))
            } else if !record.recordedAt.isFinite {
                // The wire carries `null` for a time RFC 3339 cannot write (see IngestBatch.jsonBytes()).
                answer.rejected.append(
                    RecordRejection(
                        uuid: record.uuid, reason: "records[\(position)].recorded_at: expected a string, found null"))
            } else if !index.insert(key).inserted {
                answer.duplicates += 1
            } else {
                records.append(
                    StoredIngestRecord(
                        installID: installID, uuid: record.uuid, seq: record.seq, kind: record.kind,
                        payload: record.payload,
                        recordedAt: record.recordedAt, receivedAt: time))
                answer.accepted += 1
            }
        }
        counts.accepted += answer.accepted
        counts.duplicates += answer.duplicates
        counts.rejected += answer.rejected.count
        return answer
    }

    /// Whether the body the client sends for `batch` is at most `limit` bytes. It is written out only
    /// when a bound on its size is over the limit: every upload used to be encoded a second time
    /// here. Times are fixed-width, so the clock origin does not matter.
    private static func bodyFits(_ batch: OutboxBatch, installID: UUID, limit: Int) -> Bool {
        // The envelope is 116 bytes; a record's members, at most 137 besides its kind, which
        // escaping makes at most 6 times longer, and its payload, embedded as it is.
        var bound = 116
        for record in batch.records { bound += 150 + 6 * record.kind.utf8.count + record.payload.utf8.count }
        return bound <= limit || IngestBatch(batch, installID: installID).jsonBytes().count <= limit
    }

    /// The fault a request sent at `time` meets, if any, and its latency with every slow fault it
    /// met; no draw when the server has no faults.
    private mutating func drawFault(at time: TimeInterval) -> (fault: ServerFault.Kind?, latency: TimeInterval) {
        var latency = server.latency
        var fault: ServerFault.Kind?
        for candidate in server.faults where candidate.isActive(at: time) {
            guard random.bernoulli(candidate.probability) else { continue }
            if case .slow(let extra) = candidate.kind {
                latency += extra
            } else if fault == nil {
                fault = candidate.kind
            }
        }
        return (fault, latency)
    }

    /// The answer to a request that is not an ingest batch (a heartbeat, an app's own upload through
    /// a background session), sent at `time` to a server that is up: the same faults as ingest
    /// requests meet, else 200.
    public mutating func plainAnswer(at time: TimeInterval) -> PlainAnswer {
        let (fault, latency) = drawFault(at: time)
        switch fault {
        case .status(let status, _)?: return PlainAnswer(latency: latency, statusCode: status, failure: nil)
        case .timeout?: return PlainAnswer(latency: latency, statusCode: nil, failure: "timedOut")
        case .partition?: return PlainAnswer(latency: latency, statusCode: nil, failure: "cannotConnectToHost")
        case .lostResponse?: return PlainAnswer(latency: latency, statusCode: nil, failure: "networkConnectionLost")
        case .slow?, nil: return PlainAnswer(latency: latency, statusCode: 200, failure: nil)
        }
    }

    private mutating func answer(
        _ status: Int, retryAfter: TimeInterval? = nil, latency: TimeInterval, body: IngestAnswer? = nil
    ) -> IngestReply {
        counts.requestsByStatus[status, default: 0] += 1
        return IngestReply(
            result: .answered(statusCode: status, retryAfter: retryAfter, answer: body), latency: latency)
    }

    /// Whether the server holds record `uuid` of `installID`.
    public func holds(_ uuid: UUID, installID: UUID) -> Bool {
        index.contains(RecordKey(install: installID, uuid: uuid))
    }
}

/// What the server gives a plain request: a status after `latency`, or a failure to get one.
public struct PlainAnswer: Sendable, Hashable {
    /// Seconds from the last byte sent to the answer, or to the failure.
    public var latency: TimeInterval
    /// The HTTP status, when the server answered.
    public var statusCode: Int?
    /// The `URLError` code's name when no answer came: `timedOut`, `cannotConnectToHost`, `networkConnectionLost`.
    public var failure: String?
}
