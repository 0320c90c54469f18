import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Wakeful
import WakefulAPNs

/// `POST /v1/ingest`: the upload contract's server side (UploadContract.md).
///
/// Validate, store the batch in one transaction (shared with the batches of concurrent requests:
/// ``IngestCommitter``), answer 200 only after the commit.
struct IngestController<Context: RequestContext>: Sendable {
    let authenticator: Authenticator
    let configuration: ServerConfiguration
    let gate: IngestGate
    let committer: IngestCommitter
    let metrics: ServerMetrics
    /// Where the devices' configurations are kept; nil: answers carry none.
    let configurations: (any ConfigurationStorage)?

    init(
        storage: any ServerStorage, authenticator: Authenticator, configuration: ServerConfiguration, gate: IngestGate,
        metrics: ServerMetrics
    ) {
        self.authenticator = authenticator
        self.configuration = configuration
        self.gate = gate
        self.committer = IngestCommitter(storage: storage)
        self.metrics = metrics
        self.configurations = configuration.configurationStorage
    }

    func addRoutes(to router: Router<Context>) {
        router.post("/v1/ingest", use: ingest)
    }

    /// Requests are counted by status in ``RequestMetricsMiddleware``, which sees the answer sent.
    @Sendable func ingest(_ request: Request, context: Context) async throws -> Response {
        let (response, answer) = try await admitted(request, context: context)
        await metrics.noteIngestRecords(
            accepted: answer.accepted, duplicates: answer.duplicates, rejected: answer.rejected.count)
        return response
    }

    /// Stores the request's batch: authenticate, count the device's upload (429 beyond its
    /// limit), check the headers, receive the whole body, and only then take a place to store it
    /// (503 when every place is taken), so a client that sends its body slowly never holds one.
    private func admitted(_ request: Request, context: Context) async throws -> (Response, IngestAnswer) {
        let device = try await authenticator.caller(of: request).requireDevice()
        let limits = configuration.limits
        guard await gate.openUpload(of: device.id) else {
            var error = APIError(
                .tooManyRequests, "too_many_uploads",
                "this device already has \(limits.maximumUploadsPerDevice) uploads in progress; retry after \(limits.retryAfterSeconds) s"
            )
            error.headers[.retryAfter] = String(limits.retryAfterSeconds)
            throw error
        }
        do {
            let stored = try await store(request, device: device, context: context)
            await gate.closeUpload(of: device.id)
            return stored
        } catch {
            await gate.closeUpload(of: device.id)
            throw error
        }
    }

    private func store(_ request: Request, device: StoredDevice, context: Context) async throws -> (
        Response, IngestAnswer
    ) {
        guard let key = request.headers[.idempotencyKey] else {
            throw APIError.invalid("Idempotency-Key", "missing; expected the header with the body's batch_id")
        }
        guard let keyID = UUID(uuidString: key) else {
            throw APIError.invalid("Idempotency-Key", "expected the body's batch_id, a UUID")
        }
        try JSONRequest.requireJSONContentType(request)
        let encoding = try RequestContentEncoding(header: request.headers[.contentEncoding])
        let reported = try Self.reportedConfigurationVersion(request)
        let batchKey = IngestGate.BatchKey(deviceID: device.id, batchID: keyID)
        guard await gate.claim(batchKey) else {
            // The reference's "409 same key still being processed": the first request's answer
            // settles the batch; this one must not race it (it would read as all duplicates).
            var error = APIError(
                .conflict, "batch_in_progress",
                "batch \(keyID.uuidString) is still being processed by another request; retry after \(configuration.limits.retryAfterSeconds) s",
                field: "Idempotency-Key")
            error.headers[.retryAfter] = String(configuration.limits.retryAfterSeconds)
            throw error
        }
        do {
            // The body is read before a storing place is taken: its time limits are the
            // connection's (RequestDeadlineHandler), its size limit this one.
            let body = try await request.body.collect(upTo: configuration.limits.maximumIngestBytes)
            let stored = try await storeReceived(
                body, encoding: encoding, device: device, keyID: keyID, reported: reported, context: context)
            await gate.release(batchKey)
            return stored
        } catch {
            await gate.release(batchKey)
            throw error
        }
    }

    /// Takes a storing place for a fully received body: 503 with `Retry-After` when all are taken.
    private func storeReceived(
        _ body: ByteBuffer, encoding: RequestContentEncoding, device: StoredDevice, keyID: UUID, reported: Int?,
        context: Context
    ) async throws -> (Response, IngestAnswer) {
        let limits = configuration.limits
        guard await gate.enter() else {
            var error = APIError(
                .serviceUnavailable, "overloaded", "too many uploads at once; retry after \(limits.retryAfterSeconds) s"
            )
            error.headers[.retryAfter] = String(limits.retryAfterSeconds)
            throw error
        }
        do {
            let stored = try await store(
                body, encoding: encoding, device: device, keyID: keyID, reported: reported, context: context)
            await gate.leave()
            return stored
        } catch {
            await gate.leave()
            throw error
        }
    }

    private func store(
        _ received: ByteBuffer, encoding: RequestContentEncoding, device: StoredDevice, keyID: UUID, reported: Int?,
        context: Context
    ) async throws -> (Response, IngestAnswer) {
        let body = try encoding.decode(received, limit: configuration.limits.maximumIngestBytes)
        let (batch, rejected): (IngestBatch, [RecordRejection])
        do {
            (batch, rejected) = try IngestBatch.parseSeparatingBadRecords(body.readableBytesView)
        } catch {
            throw error.apiError
        }
        let count = batch.records.count + rejected.count
        guard count <= configuration.limits.maximumRecords else {
            throw APIError.tooLarge("\(count) records; at most \(configuration.limits.maximumRecords) per request")
        }
        guard batch.batchID == keyID else {
            throw APIError.invalid(
                "Idempotency-Key", "expected the body's batch_id \(batch.batchID.uuidString), found \(keyID.uuidString)"
            )
        }
        guard batch.installID == device.installID else {
            throw APIError.unauthorized(
                "install_mismatch", "the token belongs to another install; register this install")
        }
        let digest = Self.digest(batch.records.map(\.uuid) + rejected.map(\.uuid))
        let outcome = try await committer.ingest(
            IngestRequestBatch(
                deviceID: device.id, batchID: batch.batchID, digest: digest, records: batch.records,
                receivedAt: configuration.clock.now.timeIntervalSince1970))
        switch outcome {
        case .batchMismatch:
            throw APIError(
                .unprocessableContent, "idempotency_key_reused",
                "batch \(batch.batchID.uuidString) was sent before with other records; send these under a new batch_id",
                field: "batch_id")
        case .stored(let accepted, let duplicates, let seqReused):
            if seqReused > 0 {
                // Kept (the UUID is the identity), but a client reusing seqs breaks gap detection.
                context.logger.warning(
                    "records reused seqs",
                    metadata: ["device_id": .string(device.id.uuidString), "count": .stringConvertible(seqReused)])
                await metrics.noteSeqReused(seqReused)
            }
            context.logger.debug(
                "batch stored",
                metadata: [
                    "device_id": .string(device.id.uuidString), "accepted": .stringConvertible(accepted),
                    "duplicates": .stringConvertible(duplicates),
                ])
            let answer = IngestAnswer(
                accepted: accepted, duplicates: duplicates, rejected: rejected,
                configuration: await configurationOffer(deviceID: device.id, reported: reported, context: context))
            return (.json(bytes: answer.jsonBytes(batchID: batch.batchID)), answer)
        }
    }

    /// The `Wakeful-Configuration-Version` an app that takes remote configurations sends; nil when
    /// absent (the app takes none: its answers carry none); 400 when malformed.
    static func reportedConfigurationVersion(_ request: Request) throws(APIError) -> Int? {
        guard let text = request.headers[.configurationVersion] else { return nil }
        guard let version = Int(text.trimmingCharacters(in: .whitespaces)), version >= 0 else {
            throw APIError.invalid(
                RemoteConfiguration.versionHeader,
                "expected a whole number, 0 or more (the configuration version the app runs), found \"\(text.prefix(32))\""
            )
        }
        return version
    }

    /// The device's configuration for the answer, as wire JSON text, when it is newer than the
    /// version the upload reported; nil otherwise, and when it cannot be read: the batch is
    /// stored, so the answer must not fail for it (the next upload gets the configuration).
    private func configurationOffer(deviceID: UUID, reported: Int?, context: Context) async -> String? {
        guard let reported, let configurations else { return nil }
        do {
            guard let stored = try await configurations.effectiveConfiguration(deviceID: deviceID),
                stored.version > reported
            else { return nil }
            return stored.signed.jsonText
        } catch {
            context.logger.warning(
                "configuration not read for an ingest answer",
                metadata: ["device_id": .string(deviceID.uuidString), "error": .string(String(describing: error))])
            return nil
        }
    }

    /// Identifies a batch's set of record UUIDs, whatever their order: hex SHA-256 of the sorted UUIDs.
    static func digest(_ uuids: [UUID]) -> String {
        var hasher = SHA256()
        for text in uuids.map(\.uuidString).sorted() { hasher.update(data: Array(text.utf8)) }
        return BearerToken.hex(hasher.finalize())
    }
}

extension HTTPField.Name {
    /// `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header).
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    /// `Wakeful-Configuration-Version`: the configuration version the uploading app runs.
    static let configurationVersion = HTTPField.Name(RemoteConfiguration.versionHeader)!
}
