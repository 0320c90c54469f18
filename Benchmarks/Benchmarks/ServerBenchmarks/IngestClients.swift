import AsyncHTTPClient
import BenchmarkSupport
import Foundation
import NIOCore
import NIOHTTP1
import Wakeful

/// The HTTP side of the ingest benchmarks: registers one device per client, then each client
/// posts its batches one request at a time, all clients at once, and checks every answer. Quiet,
/// the run fails unless every record is accepted; beside hostile connections (`countsRefusals`)
/// an answer other than 200 is counted, not retried, and the run goes on: the share answered 200
/// is what the honest clients got. Bodies are encoded before the clock starts.
struct IngestClients {
    let base: String
    let workload: IngestWorkload
    var countsRefusals = false

    func run() async throws -> IngestMeasurement {
        var prepared: [(token: String, bodies: [(UUID, ByteBuffer)])] = []
        for index in 0..<workload.clients {
            let install = UUID()
            let token = try await Self.register(base: base, install: install, bundle: "bench")
            let bodies = workload.batches(client: index, install: install).map {
                ($0.batchID, ByteBuffer(bytes: $0.jsonBytes()))
            }
            prepared.append((token, bodies))
        }
        let clock = ContinuousClock()
        let start = clock.now
        let posts = try await withThrowingTaskGroup(of: Posts.self) { tasks in
            for client in prepared {
                tasks.addTask { try await post(client.bodies, token: client.token) }
            }
            return try await tasks.reduce(into: Posts()) { $0.add($1) }
        }
        var measurement = IngestMeasurement(records: posts.records, wall: clock.now - start, latencies: posts.latencies)
        measurement.requests = posts.latencies.count
        measurement.answered200 = posts.answered200
        return measurement
    }

    /// What one client's posts came to.
    private struct Posts: Sendable {
        var latencies: [Duration] = []
        var answered200 = 0
        var records = 0

        mutating func add(_ other: Posts) {
            latencies += other.latencies
            answered200 += other.answered200
            records += other.records
        }
    }

    /// Registers `install` with the server at `base` and returns the device's bearer token.
    static func register(base: String, install: UUID, bundle: String) async throws -> String {
        var request = HTTPClientRequest(url: base + "/v1/devices/register")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(
            ByteBuffer(
                string:
                    #"{"install_id":"\#(install.uuidString)","bundle_id":"\#(bundle)","app_version":"1","os_version":"1"}"#
            ))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 16)
        guard response.status == .created,
            let object = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any],
            let token = object["token"] as? String
        else {
            throw BenchmarkFailure("registering a \(bundle) device failed: \(response.status) \(String(buffer: body))")
        }
        return token
    }

    private func post(_ bodies: [(UUID, ByteBuffer)], token: String) async throws -> Posts {
        let clock = ContinuousClock()
        var posts = Posts()
        for (batchID, body) in bodies {
            var request = HTTPClientRequest(url: base + "/v1/ingest")
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/json")
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
            request.headers.add(name: "Idempotency-Key", value: batchID.uuidString)
            request.body = .bytes(body)
            let start = clock.now
            let response: HTTPClientResponse
            let answer: ByteBuffer
            do {
                response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
                answer = try await response.body.collect(upTo: 1 << 20)
            } catch  where countsRefusals {
                // A connection refused or cut: counted as not answered 200.
                posts.latencies.append(clock.now - start)
                continue
            }
            posts.latencies.append(clock.now - start)
            if countsRefusals, response.status != .ok { continue }
            guard response.status == .ok, let parsed = try? IngestAnswer.parse(answer.readableBytesView),
                parsed.batchID == batchID,
                parsed.answer.rejected.isEmpty, parsed.answer.duplicates == 0
            else {
                throw BenchmarkFailure(
                    "batch \(batchID) not stored as expected: \(response.status) \(String(buffer: answer))")
            }
            posts.answered200 += 1
            posts.records += parsed.answer.accepted
        }
        return posts
    }
}
