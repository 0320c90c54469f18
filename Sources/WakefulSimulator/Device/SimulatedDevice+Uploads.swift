import Foundation
import Wakeful

/// An upload attempt in flight: the request, the body the server will read, and the server's
/// reply once the last byte arrived.
struct PendingUpload {
    var request: UploadRequest
    var body: Data
    /// The install that sent it (a background upload outlives the process that started it).
    var installID: UUID
    var reply: UploadOutcome?
    /// The configuration version the request reported (`Wakeful-Configuration-Version`).
    var configurationVersion = 0
}

extension SimulatedDevice {
    /// Sends an outbox batch: a background-session upload from a file (URLS-1, it survives
    /// suspension and termination) or an in-process request (URLS-8, it dies with suspension).
    mutating func startUpload(_ request: UploadRequest) {
        guard hasProcess, process.hasAgent else { return }
        let body: Data
        do {
            body = try process.agent!.agent.requestBody(for: request)
        } catch let crash as SimulatedCrash {
            injectedCrash(at: crash.point)
            return
        } catch {
            decide(
                "uploadNotStarted", rules: [],
                [Field("id", .string(request.id)), Field("error", .string(String(describing: error)))])
            deliverUploadOutcome(
                UploadOutcome(id: request.id, batch: request.batch, statusCode: nil, error: "cannotReadBatch"))
            return
        }
        guard !request.background || policy.urlSession.available else {
            // URLS-1: no background sessions before iOS 7; the system says so at once.
            refuse("upload", "no background sessions before iOS 7", rules: ["URLS-1"])
            deliverUploadOutcome(
                UploadOutcome(
                    id: request.id, batch: request.batch, statusCode: nil,
                    error: UploadOutcome.backgroundSessionUnavailable))
            return
        }
        if let credential = scenario.app.outbox?.credential, !dataProtection.allowsKeychain(credential) {
            // DATA-5: the Keychain read fails with errSecInteractionNotAllowed; nothing is sent.
            decide(
                "credentialUnavailable", rules: ["DATA-5"],
                [Field("id", .string(request.id)), Field("accessibility", .string(credential.rawValue))])
            deliverUploadOutcome(
                UploadOutcome(
                    id: request.id, batch: request.batch, statusCode: nil, error: UploadOutcome.credentialUnavailable))
            return
        }
        outboxState.uploads[request.id] = PendingUpload(
            request: request, body: body, installID: process.agent!.agent.outbox.installID, reply: nil,
            configurationVersion: process.agent!.agent.remoteConfigurationVersion)
        if request.background {
            startTransfer(
                TransferRequest(
                    session: UploadRequest.sessionIdentifier, taskDescription: request.id, direction: .upload,
                    bytes: body.count))
        } else {
            sendRequest(RequestDescription(id: request.id, bytes: body.count))
        }
    }

    /// The attempt ID of an upload flow, if the flow is one.
    mutating func uploadID(of flow: NetworkFlow) -> String? {
        switch flow.kind {
        case .request(let request, _): outboxState.uploads[request.id] != nil ? request.id : nil
        case .transfer(let request):
            request.session == UploadRequest.sessionIdentifier && outboxState.uploads[request.taskDescription] != nil
                ? request.taskDescription : nil
        }
    }

    /// The last byte of upload `id` reached the server: the simulated endpoint reads the body (the
    /// wire format, as the companion server would), stores what it accepts and decides the answer;
    /// returns when the answer, or the client's timeout, reaches the phone.
    mutating func uploadArrivedAtServer(_ id: String) -> TimeInterval {
        guard var upload = outboxState.uploads[id] else { return now + scenario.world.server.latency }
        let reply: IngestReply
        if let transport = ingestTransport {
            reply = transport.send(upload.body, installID: upload.installID, at: now)
        } else if let batch = try? IngestBatch.parse(upload.body) {
            // Back to the scenario's clock: the wire counts from 1970.
            let origin = agentConfiguration?.upload?.clockOrigin ?? 0
            let records = batch.records.map { record in
                var record = record
                record.recordedAt -= origin
                return record
            }
            reply = ingest.receive(
                OutboxBatch(id: batch.batchID, records: records, claimedAt: now), installID: batch.installID, at: now)
        } else {
            reply = IngestReply(
                result: .answered(statusCode: 400, retryAfter: nil, answer: nil), latency: scenario.world.server.latency
            )
        }
        let (delay, outcome) = scenario.world.server.offeringConfiguration(
            in: reply, above: upload.configurationVersion, at: now
        ).outcome(for: upload.request, requestTimeout: uploadTimeout)
        upload.reply = outcome
        outboxState.uploads[id] = upload
        return now + delay
    }

    /// The status and error the network layer reports for a finished upload flow.
    mutating func uploadResult(_ id: String) -> (statusCode: Int?, error: String?) {
        guard let reply = outboxState.uploads[id]?.reply else { return (nil, "networkConnectionLost") }
        return (reply.statusCode, reply.error)
    }

    /// Turns a finished upload flow into the event the app receives, or nil when `id` is not an upload.
    mutating func takeUploadOutcome(_ id: String, statusCode: Int?, error: String?) -> UploadOutcome? {
        guard let upload = outboxState.uploads.removeValue(forKey: id) else { return nil }
        // A reply decided by the server stands unless the transfer failed before it (cancelled, lost).
        if let reply = upload.reply, error == nil || error == reply.error { return reply }
        return UploadOutcome(id: id, batch: upload.request.batch, statusCode: statusCode, error: error)
    }

    /// Delivers an upload's outcome, unless the crash-injection plan kills the app first: the
    /// server stored the batch and the app never hears of it (``ChaosPlan/killBeforeAcknowledge``).
    mutating func deliverUploadOutcome(_ outcome: UploadOutcome) {
        if outcome.answer != nil, chaos.killBeforeAcknowledge > 0, chaosRandom.bernoulli(chaos.killBeforeAcknowledge) {
            injectedCrash(at: "beforeAcknowledge")
            return
        }
        deliver(.uploadCompleted(outcome))
    }

    /// Seconds without an answer before an upload fails with `timedOut` (the uploader's configuration).
    var uploadTimeout: TimeInterval {
        mutating get { agentConfiguration?.upload?.requestTimeout ?? 60 }
    }
}
