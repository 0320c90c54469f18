import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Wakeful
import WakefulSimulator

/// Sends a simulated device's uploads to a real Wakeful server, blocking the device's thread
/// until the answer arrives, and notes what the server acknowledged.
///
/// The request is the upload contract's: `POST /v1/ingest` with the device's bearer token and the
/// batch ID as `Idempotency-Key`. A refused connection (a server being restarted) is
/// `cannotConnectToHost` to the app, a request past the deadline `timedOut`.
final class HTTPIngestTransport: IngestTransport, @unchecked Sendable {
    private let client: HTTPClient
    private let endpoint: String
    private let token: String
    private let deadline: TimeAmount
    private let latency: TimeInterval
    /// What the server acknowledged, and how the requests ended.
    private(set) var tally = FleetTally()

    init(client: HTTPClient, server: URL, token: String, deadline: TimeAmount = .seconds(30), latency: TimeInterval) {
        self.client = client
        self.endpoint = server.appendingPathComponent("v1/ingest").absoluteString
        self.token = token
        self.deadline = deadline
        self.latency = latency
    }

    func send(_ body: Data, installID: UUID, at time: TimeInterval) -> IngestReply {
        guard let batch = try? IngestBatch.parse(body) else {
            return IngestReply(result: .answered(statusCode: 400, retryAfter: nil, answer: nil), latency: latency)
        }
        tally.requests += 1
        do {
            var request = try HTTPClient.Request(url: endpoint, method: .POST)
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
            request.headers.add(name: "Idempotency-Key", value: batch.batchID.uuidString)
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(body)
            let response = try client.execute(request: request, deadline: .now() + deadline).wait()
            return reply(to: response, batch: batch)
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            tally.transportErrors += 1
            return IngestReply(result: .noAnswer, latency: latency)
        } catch {
            // Connection refused or reset: the server is down or restarting.
            tally.transportErrors += 1
            return IngestReply(result: .refused, latency: latency)
        }
    }

    private func reply(to response: HTTPClient.Response, batch: IngestBatch) -> IngestReply {
        let status = Int(response.status.code)
        tally.statuses[status, default: 0] += 1
        let retryAfter = response.headers.first(name: "Retry-After").flatMap(TimeInterval.init)
        var answer: IngestAnswer?
        if status == 200, let bytes = response.body.map({ Array($0.readableBytesView) }),
            let parsed = try? IngestAnswer.parse(bytes),
            parsed.batchID == batch.batchID, parsed.answer.accounts(for: Set(batch.records.map(\.uuid)))
        {
            answer = parsed.answer
            tally.accepted += parsed.answer.accepted
            tally.duplicates += parsed.answer.duplicates
            tally.rejected += parsed.answer.rejected.count
            let rejected = Set(parsed.answer.rejected.map(\.uuid))
            for record in batch.records where !rejected.contains(record.uuid) { tally.stored.insert(record.uuid) }
        }
        return IngestReply(
            result: .answered(statusCode: status, retryAfter: retryAfter, answer: answer), latency: latency)
    }
}

/// What one device's uploads did, as the server answered them.
struct FleetTally: Sendable {
    var requests = 0
    var transportErrors = 0
    var statuses: [Int: Int] = [:]
    var accepted = 0
    var duplicates = 0
    var rejected = 0
    /// The records the server said it holds (accepted now or before).
    var stored: Set<UUID> = []
}
