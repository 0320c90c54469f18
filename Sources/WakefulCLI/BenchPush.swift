import ArgumentParser
import Foundation
import WakefulAPNs
import WakefulSimulator

/// `wakeful bench-push`: background pushes per second from the Swift sender to the mock APNs,
/// optionally beside aioapns (Python) sending the same notifications to the same mock.
struct BenchPush: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-push",
        abstract: "Measure background pushes per second to the mock APNs, beside aioapns in the same run.",
        discussion: """
            Starts the mock APNs in accept-all mode (with --validate: every APNs check, the provider token verified once per connection as APNs does) on 127.0.0.1 with --mock-threads event loops (HTTP/2 over TLS, up to --max-streams streams per connection) with --latency-ms added to every answer to emulate a WAN round trip, then sends --count background pushes with the Swift sender over --connections connections, --in-flight at a time, after a warm-up of --warm-up pushes: with each --transport in turn (by default the sender's own HTTP/2 client, then AsyncHTTPClient, so both are measured in the same run; the targets apply to the first). With --with-aioapns the script scripts/bench-push/aioapns_bench.py (which creates a virtual environment under .build and installs aioapns from PyPI on first use) sends the same notifications to the same mock, and both figures are printed with their ratio. Targets: at least 10,000 notifications/s and at least 3 times aioapns.

            Examples:
              swift run -c release wakeful bench-push
              swift run -c release wakeful bench-push --with-aioapns
              swift run -c release wakeful bench-push --count 50000 --in-flight 2000 --latency-ms 40 --with-aioapns
              swift run -c release wakeful bench-push --validate          the mock checks every request as APNs does
              swift run -c release wakeful bench-push --connections 1 --mock-threads 1   one connection, one mock thread
              swift run -c release wakeful bench-push --transport async-http-client        AsyncHTTPClient only
            """
    )

    @Option(help: "Notifications each client sends.")
    var count: Int = 20_000

    @Option(help: "Swift sender: pushes in flight at once (the sender's maxInFlight).")
    var inFlight: Int = 1000

    @Option(help: "Milliseconds the mock waits before each answer.")
    var latencyMs: Int = 40

    @Option(help: "The mock's MAX_CONCURRENT_STREAMS per connection.")
    var maxStreams: Int = 1000

    @Option(help: "The mock's MAX_CONCURRENT_STREAMS before a connection's first authenticated request (APNs: 1).")
    var initialStreams: Int = 1

    @Option(help: "Swift sender: the HTTP/2 client, http2-frames or async-http-client; repeat to measure several (default: both, in that order).")
    var transport: [APNsTransportKind] = [.http2Frames, .asyncHTTPClient]

    @Option(help: "Swift sender: HTTP/2 connections to spread pushes over (APNs: add connections rather than bursting).")
    var connections: Int = 2

    @Option(help: "The mock's event-loop threads (connections are spread over them).")
    var mockThreads: Int = 2

    @Flag(name: .customLong("validate"), help: "Run the mock with every APNs check (token signature and age, topic, device, headers, payload) instead of accept-all.")
    var validating = false

    @Option(help: "Pushes sent before measuring, to open connections and warm caches.")
    var warmUp: Int = 500

    @Flag(help: "Also run aioapns against the same mock (needs python3 and PyPI on first use).")
    var withAioapns = false

    @Option(help: "aioapns: pushes in flight at once.")
    var aioapnsInFlight: Int = 1000

    @Option(help: "The aioapns benchmark script.")
    var aioapnsScript: String = "scripts/bench-push/aioapns_bench.py"

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--count must be at least 1") }
        guard inFlight >= 1, aioapnsInFlight >= 1 else { throw ValidationError("--in-flight values must be at least 1") }
        guard latencyMs >= 0 else { throw ValidationError("--latency-ms must be 0 or more") }
        guard maxStreams >= 1 else { throw ValidationError("--max-streams must be at least 1") }
        guard warmUp >= 0 else { throw ValidationError("--warm-up must be 0 or more") }
        guard !transport.isEmpty else { throw ValidationError("--transport: name at least one of http2-frames, async-http-client") }
        guard (1...64).contains(connections) else { throw ValidationError("--connections \(connections): expected 1 to 64") }
        guard (1...64).contains(mockThreads) else { throw ValidationError("--mock-threads \(mockThreads): expected 1 to 64") }
    }

    func run() async throws {
        #if DEBUG
            print("note: this is a debug build; use `swift run -c release wakeful bench-push` for real figures\n")
        #endif
        let key = BenchKey.generate()
        var mockConfiguration = MockAPNsConfiguration()
        mockConfiguration.acceptAll = !validating
        mockConfiguration.recordsRequests = false
        mockConfiguration.establishedMaxConcurrentStreams = maxStreams
        mockConfiguration.initialMaxConcurrentStreams = initialStreams
        mockConfiguration.threads = mockThreads
        if validating {
            mockConfiguration.allowedTopics = [BenchKey.topic]
            mockConfiguration.keys = [BenchKey.keyID: MockProviderKey(teamID: BenchKey.teamID, publicKey: key.credentials.publicKey)]
            // Each client mints its own token for the same key at start: two mints within seconds,
            // which the 20-minute floor would refuse although neither client refreshes.
            mockConfiguration.minimumTokenInterval = .zero
        }
        let mock = try await MockAPNsServer.start(mockConfiguration)
        if validating { mock.register(MockDeviceRegistration(deviceToken: BenchKey.deviceToken, environment: .development, topic: BenchKey.topic)) }
        if latencyMs > 0 { mock.addFault(MockFaultRule(.delay(base: .milliseconds(latencyMs)))) }
        let workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("wakeful-bench-push-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: workDirectory) }
        do {
            try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
            var swift: [PushBenchFigures] = []
            for kind in transport { swift.append(try await measureSwift(kind, mock: mock, key: key)) }
            var aioapns: PushBenchFigures?
            var aioapnsNote: String?
            if withAioapns {
                switch try runAioapns(mock: mock, key: key, in: workDirectory) {
                case .success(let figures): aioapns = figures
                case .failure(let note): aioapnsNote = note.message
                }
            }
            try await mock.shutdown()
            report(swift: swift, aioapns: aioapns, aioapnsNote: aioapnsNote)
        } catch {
            try? await mock.shutdown()
            throw error
        }
    }

    /// The Swift sender: `inFlight` workers share the count.
    private func measureSwift(_ kind: APNsTransportKind, mock: MockAPNsServer, key: BenchKey) async throws -> PushBenchFigures {
        var configuration = APNsSenderConfiguration(baseURL: mock.baseURL, topic: BenchKey.topic)
        configuration.transport = kind
        configuration.trustedCertificatesPEM = [mock.certificatePEM]
        configuration.maxInFlight = inFlight
        configuration.connections = connections
        configuration.requestTimeout = .seconds(30)
        let latencies = LatencyLog(capacity: count + warmUp)
        let tokens = try ProviderTokenProvider(credentials: key.credentials)
        let sender = try APNsSender(configuration: configuration, tokens: tokens, onAttempt: { latencies.add($0.latency) })
        do {
            let push = try BackgroundPush(deviceToken: BenchKey.deviceToken, data: ["bench": "1"])
            _ = try await sendAll(warmUp, push: push, sender: sender)
            latencies.reset()
            let start = ContinuousClock.now
            let delivered = try await sendAll(count, push: push, sender: sender)
            let elapsed = ContinuousClock.now - start
            try await sender.shutdown()
            return PushBenchFigures(
                client: "Swift APNsSender (\(kind.title))", count: count, delivered: delivered, seconds: elapsed.secondsValue,
                p50Milliseconds: latencies.percentile(0.50), p99Milliseconds: latencies.percentile(0.99))
        } catch {
            try? await sender.shutdown()
            throw error
        }
    }

    private func sendAll(_ total: Int, push: BackgroundPush, sender: APNsSender) async throws -> Int {
        let next = Counter()
        return await withTaskGroup(of: Int.self) { group in
            for _ in 0..<min(inFlight, max(total, 1)) {
                group.addTask {
                    var delivered = 0
                    while next.take() < total {
                        if case .delivered = await sender.send(push).outcome { delivered += 1 }
                    }
                    return delivered
                }
            }
            return await group.reduce(0, +)
        }
    }

    private func report(swift figures: [PushBenchFigures], aioapns: PushBenchFigures?, aioapnsNote: String?) {
        let swift = figures[0]
        var table = TextTable(header: ["client", "notifications", "delivered", "seconds", "notifications/s", "p50 ms", "p99 ms"])
        for figures in figures + (aioapns.map { [$0] } ?? []) {
            table.append([
                figures.client, "\(figures.count)", "\(figures.delivered)", String(format: "%.2f", figures.seconds),
                String(format: "%.0f", figures.rate), String(format: "%.1f", figures.p50Milliseconds),
                String(format: "%.1f", figures.p99Milliseconds),
            ])
        }
        print(table.rendered)
        let checks = validating ? "every APNs check" : "accept-all"
        print("\nmock APNs: \(checks), HTTP/2 over TLS on 127.0.0.1, \(mockThreads) threads, \(latencyMs) ms added per answer, \(maxStreams) streams per connection.")
        print("Swift sender: \(inFlight) in flight over \(connections) connections; \(swift.client): target 10,000/s: \(swift.rate >= 10_000 ? "met" : "NOT met").")
        if let aioapns {
            let ratio = swift.rate / max(aioapns.rate, 0.001)
            print("aioapns: \(aioapnsInFlight) in flight; \(swift.client) / aioapns = \(String(format: "%.1f", ratio))x; target 3x: \(ratio >= 3 ? "met" : "NOT met").")
        } else if let aioapnsNote {
            print("aioapns: not measured: \(aioapnsNote)")
        }
    }
}

/// One client's figures.
struct PushBenchFigures: Decodable {
    let client: String
    let count: Int
    let delivered: Int
    let seconds: Double
    let p50Milliseconds: Double
    let p99Milliseconds: Double

    var rate: Double { Double(count) / max(seconds, 1e-9) }

    enum CodingKeys: String, CodingKey {
        case client, count, delivered, seconds
        case p50Milliseconds = "p50_ms"
        case p99Milliseconds = "p99_ms"
    }
}

/// Hands out request numbers to the workers.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func take() -> Int {
        lock.withLock {
            defer { value += 1 }
            return value
        }
    }
}

/// Latencies of every attempt, for percentiles.
private final class LatencyLog: @unchecked Sendable {
    private let lock = NSLock()
    private var milliseconds: [Double] = []

    init(capacity: Int) { milliseconds.reserveCapacity(capacity) }

    func add(_ latency: Duration) { lock.withLock { milliseconds.append(latency.secondsValue * 1000) } }

    func reset() { lock.withLock { milliseconds.removeAll(keepingCapacity: true) } }

    func percentile(_ p: Double) -> Double {
        let sorted = lock.withLock { milliseconds.sorted() }
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
    }
}

