import ArgumentParser
import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import Wakeful
import WakefulAPNs
import WakefulServer

/// `wakeful bench-server`: ingest throughput and latency of the companion server over loopback,
/// beside raw SQLite doing the same inserts.
struct BenchServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-server",
        abstract: "Measure ingest over loopback: records per second and p50/p99 latency, and raw SQLite beside it.",
        discussion: """
            Starts the server in this process on 127.0.0.1 (a free port) with SQLite in a temporary directory (WAL, synchronous FULL: every answered batch is on disk). --clients devices register, then each posts its share of --records in batches of --batch records with payloads of about --payload-bytes bytes, one request at a time, all clients at once (AsyncHTTPClient). Bodies are encoded before the clock starts. Every answer is checked: the run fails unless every record is accepted. Then raw SQLite (its C API, the same schema, statement, transaction per batch and synchronous level, no server) inserts the same records into a database of its own; the ratio is the server's records/s over raw SQLite's. Targets: 50,000 records/s through the server and a ratio of at least 0.5.

            Examples:
              swift run -c release wakeful bench-server
              swift run -c release wakeful bench-server --records 500000 --clients 8
              wakeful bench-server --records 5000 --clients 2       a quick check in a debug build
              swift run -c release wakeful bench-server --records 50000 --hostile 200,1000

            --hostile N,M… then measures the same honest ingest again on a new server with 0, N, M … hostile connections open (half uploads stalled after their first body byte, half idle) and prints each row's records/s and p99 as a ratio to the row with none.
            """
    )

    @Option(help: "Records posted in all.")
    var records: Int = 200_000

    @Option(help: "Concurrent clients, each a registered device.")
    var clients: Int = 4

    @Option(help: "Records per request (the contract allows up to 1000).")
    var batch: Int = 500

    @Option(help: "Approximate bytes of each record's payload.")
    var payloadBytes: Int = 200

    @OptionGroup var paging: PagingBenchOptions

    @Option(help: ArgumentHelp("Also measure with these many hostile connections open, e.g. 200,1000.", valueName: "n,n…"))
    var hostile: String?

    func validate() throws {
        guard records >= 1 else { throw ValidationError("--records must be at least 1") }
        guard clients >= 1 else { throw ValidationError("--clients must be at least 1") }
        guard (1...1000).contains(batch) else { throw ValidationError("--batch \(batch): expected 1 to 1000 records") }
        guard (16...4000).contains(payloadBytes) else { throw ValidationError("--payload-bytes \(payloadBytes): expected 16 to 4000") }
        try validateHostile()
    }

    func run() async throws {
        #if DEBUG
            print("note: this is a debug build; use `swift run -c release wakeful bench-server` for real figures\n")
        #endif
        let workload = IngestWorkload(records: records, clients: clients, batch: batch, payloadBytes: payloadBytes)
        let server = try await measureServer(workload)
        let raw = try await RawIngestBaseline.measure(workload)
        let ratio = server.recordsPerSecond / raw.recordsPerSecond
        print("ingest of \(records) records, \(clients) clients, \(batch) records per request, payloads of ~\(payloadBytes) bytes")
        print("")
        print(pad("store", 46) + pad("wall time", 12) + pad("records/s", 12) + pad("p50", 10) + "p99")
        print(pad("server (HTTP + SQLite, \(clients) clients)", 46) + pad(seconds(server.wall), 12) + pad(rate(server.recordsPerSecond), 12)
            + pad(milliseconds(server.p50), 10) + milliseconds(server.p99))
        print(pad("raw SQLite (same inserts, one connection)", 46) + pad(seconds(raw.wall), 12) + pad(rate(raw.recordsPerSecond), 12)
            + pad(milliseconds(raw.p50), 10) + milliseconds(raw.p99))
        print("")
        print("server / raw: \(String(format: "%.2f", ratio)) (target 0.5)  \(ratio >= 0.5 ? "met" : "NOT met")")
        print("server records/s: \(rate(server.recordsPerSecond)) (target 50,000)  \(server.recordsPerSecond >= 50_000 ? "met" : "NOT met")")
        print("latency: per request (server) and per transaction (raw); synchronous FULL, WAL.")
        if paging.pagingRecords > 0 {
            print("")
            for line in try await PagingBench(options: paging).run().lines { print(line) }
        }
        if !hostileCounts.isEmpty { try await reportHostile(workload) }
    }

    /// Runs the server in this process, posts the workload, and stops the server.
    func measureServer(_ workload: IngestWorkload, hostileConnections: Int = 0) async throws -> IngestMeasurement {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wakeful-bench-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let limits = ServerLimits(maximumConcurrentIngests: max(64, workload.clients), registrationsPerMinute: 100_000)
        return try await InProcessServer.with(storage: try SQLiteServerStorage(directory: directory), adminToken: BearerToken.generate(), limits: limits) { port in
            let crowd = try await HostileCrowd.open(hostileConnections, port: port)
            var measurement = try await IngestClients(base: "http://127.0.0.1:\(port)", workload: workload).run()
            measurement.hostileStillOpen = crowd?.stillOpen
            return measurement
        }
    }
}

/// What to post: per client one install and its batches' bodies.
struct IngestWorkload: Sendable {
    var records: Int
    var clients: Int
    var batch: Int
    var payloadBytes: Int

    /// Client `index`'s batches for `install`, `records / clients` records (the first clients take the remainder).
    func batches(client index: Int, install: UUID) -> [IngestBatch] {
        let share = records / clients + (index < records % clients ? 1 : 0)
        let padding = String(repeating: "x", count: max(0, payloadBytes - 60))
        var result: [IngestBatch] = []
        var seq: Int64 = 1
        while seq <= Int64(share) {
            let count = min(batch, share - Int(seq) + 1)
            let records = (0..<count).map { offset in
                let n = seq + Int64(offset)
                return OutboxRecord(
                    uuid: RecordIdentity.uuid(install: install, seq: n), seq: n, kind: "location",
                    payload: #"{"lat":52.123456,"lon":4.654321,"accuracy":5.0,"pad":"\#(padding)"}"#,
                    recordedAt: 1_795_248_000 + Double(n))
            }
            result.append(IngestBatch(batchID: UUID(), installID: install, records: records))
            seq += Int64(count)
        }
        return result
    }
}

/// The result of one measurement.
struct IngestMeasurement: Sendable {
    var records: Int
    var wall: Duration
    var latencies: [Duration]
    /// With hostile connections open during the run: how many the server had not closed by its end.
    var hostileStillOpen: Int? = nil

    var recordsPerSecond: Double { Double(records) / wall.secondsValue }
    var p50: Duration { percentile(0.50) }
    var p99: Duration { percentile(0.99) }

    private func percentile(_ fraction: Double) -> Duration {
        let sorted = latencies.sorted()
        guard !sorted.isEmpty else { return .zero }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }
}

/// The HTTP side: registers one device per client, then posts every batch and checks every answer.
struct IngestClients {
    let base: String
    let workload: IngestWorkload

    func run() async throws -> IngestMeasurement {
        var prepared: [(token: String, bodies: [(UUID, ByteBuffer)])] = []
        for index in 0..<workload.clients {
            let install = UUID()
            let token = try await register(install)
            let bodies = workload.batches(client: index, install: install).map { ($0.batchID, ByteBuffer(bytes: $0.jsonBytes())) }
            prepared.append((token, bodies))
        }
        let clock = ContinuousClock()
        let start = clock.now
        let latencies = try await withThrowingTaskGroup(of: [Duration].self) { tasks in
            for client in prepared {
                tasks.addTask { try await post(client.bodies, token: client.token) }
            }
            return try await tasks.reduce(into: []) { $0 += $1 }
        }
        return IngestMeasurement(records: workload.records, wall: clock.now - start, latencies: latencies)
    }

    private func register(_ install: UUID) async throws -> String {
        var request = HTTPClientRequest(url: base + "/v1/devices/register")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: #"{"install_id":"\#(install.uuidString)","bundle_id":"bench","app_version":"1","os_version":"1"}"#))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 16)
        guard response.status == .created,
            let object = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any], let token = object["token"] as? String
        else { throw ValidationError("registration failed: \(response.status) \(String(buffer: body))") }
        return token
    }

    private func post(_ bodies: [(UUID, ByteBuffer)], token: String) async throws -> [Duration] {
        let clock = ContinuousClock()
        var latencies: [Duration] = []
        for (batchID, body) in bodies {
            var request = HTTPClientRequest(url: base + "/v1/ingest")
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/json")
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
            request.headers.add(name: "Idempotency-Key", value: batchID.uuidString)
            request.body = .bytes(body)
            let start = clock.now
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
            let answer = try await response.body.collect(upTo: 1 << 20)
            latencies.append(clock.now - start)
            guard response.status == .ok, let parsed = try? IngestAnswer.parse(answer.readableBytesView), parsed.batchID == batchID,
                parsed.answer.rejected.isEmpty, parsed.answer.duplicates == 0
            else { throw ValidationError("batch \(batchID) not stored as expected: \(response.status) \(String(buffer: answer))") }
        }
        return latencies
    }
}


private func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0) }
private func seconds(_ duration: Duration) -> String { String(format: "%.2f s", duration.secondsValue) }
private func milliseconds(_ duration: Duration) -> String { String(format: "%.1f ms", duration.secondsValue * 1000) }
private func rate(_ value: Double) -> String { String(Int(value.rounded())) }
