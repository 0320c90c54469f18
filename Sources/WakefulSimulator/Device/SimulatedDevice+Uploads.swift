import Foundation
import Wakeful

/// Uploads of the outbox as the device carries them out: the agent's batch goes out as a
/// background transfer or an in-process request, and its outcome comes back to the agent, with
/// ``OutboxUploads`` keeping each attempt and the server's answer.
extension SimulatedDevice {
    /// What the app committed to its outbox and what retention dropped.
    public var outboxLedger: OutboxLedger { outbox.ledger }

    /// The app's server, as far as uploads go.
    public var ingest: IngestEndpoint { outbox.uploads.ingest }

    /// A real server the uploads go to instead of ``ingest`` (`wakeful-server fleet`); nil in simulations.
    public var ingestTransport: (any IngestTransport)? {
        get { outbox.uploads.transport }
        set { outbox.uploads.send(through: newValue) }
    }

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
        if let credential = scenario.app.outbox?.credential, !screen.dataProtection.allowsKeychain(credential) {
            // DATA-5: the Keychain read fails with errSecInteractionNotAllowed; nothing is sent.
            decide(
                "credentialUnavailable", rules: ["DATA-5"],
                [Field("id", .string(request.id)), Field("accessibility", .string(credential.rawValue))])
            deliverUploadOutcome(
                UploadOutcome(
                    id: request.id, batch: request.batch, statusCode: nil, error: UploadOutcome.credentialUnavailable))
            return
        }
        outbox.uploads.begin(request, body: body, installID: process.agent!.agent.outbox.installID)
        if request.background {
            startTransfer(
                TransferRequest(
                    session: UploadRequest.sessionIdentifier, taskDescription: request.id, direction: .upload,
                    bytes: body.count))
        } else {
            sendRequest(RequestDescription(id: request.id, bytes: body.count))
        }
    }

    /// Delivers an upload's outcome, unless the crash-injection plan kills the app first: the
    /// server stored the batch and the app never hears of it (``ChaosPlan/killBeforeAcknowledge``).
    mutating func deliverUploadOutcome(_ outcome: UploadOutcome) {
        if outcome.answer != nil, outbox.killsBeforeAcknowledge() {
            injectedCrash(at: "beforeAcknowledge")
            return
        }
        deliver(.uploadCompleted(outcome))
    }
}
