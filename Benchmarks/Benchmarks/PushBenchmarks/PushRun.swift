import BenchmarkSupport
import Foundation
import WakefulAPNs

/// One run of the push benchmark: the mock APNs in accept-all mode (or, `validating`, with every
/// APNs check, the provider token verified once per connection as APNs does), `count` background
/// pushes from each client after a warm-up of 500, `inFlight` at a time.
struct PushRun {
    var count: Int
    var inFlight: Int
    var latencyMilliseconds: Int
    /// The Swift sender's HTTP/2 connections (APNs: add connections rather than bursting).
    var connections: Int
    /// The mock's event-loop threads (connections are spread over them).
    var mockThreads: Int
    var validating: Bool
    var warmUp = 500
    /// The mock's MAX_CONCURRENT_STREAMS per connection, and before a connection's first
    /// authenticated request (APNs: 1).
    var maxStreams = 1000
    var initialStreams = 1

    static func fromEnvironment(validating: Bool) throws -> PushRun {
        PushRun(
            count: try BenchmarkEnvironment.integer("WAKEFUL_BENCH_PUSH_COUNT", default: 20_000, in: 1...10_000_000),
            inFlight: try BenchmarkEnvironment.integer("WAKEFUL_BENCH_PUSH_IN_FLIGHT", default: 1000, in: 1...100_000),
            latencyMilliseconds: try BenchmarkEnvironment.integer(
                "WAKEFUL_BENCH_PUSH_LATENCY_MS", default: 40, in: 0...60_000),
            connections: try BenchmarkEnvironment.integer("WAKEFUL_BENCH_PUSH_CONNECTIONS", default: 2, in: 1...64),
            mockThreads: try BenchmarkEnvironment.integer("WAKEFUL_BENCH_MOCK_THREADS", default: 2, in: 1...64),
            validating: validating)
    }

    /// Starts the mock, measures the Swift sender with each transport and then, if asked, aioapns,
    /// and shuts the mock down.
    func measure(withAioapns: Bool) async throws -> [(client: PushClient, figures: PushClientFigures)] {
        let key = BenchKey.generate()
        let mock = try await startMock(key: key)
        do {
            var results: [(PushClient, PushClientFigures)] = []
            results.append((.http2Frames, try await measureSwift(.http2Frames, mock: mock, key: key)))
            results.append((.asyncHTTPClient, try await measureSwift(.asyncHTTPClient, mock: mock, key: key)))
            if withAioapns {
                switch try withTemporaryDirectory(
                    "wakeful-bench-push", { try runAioapns(mock: mock, key: key, in: $0) })
                {
                case .success(let figures):
                    printNote("measured \(figures.client ?? "aioapns") on the same mock")
                    results.append((.aioapns, figures))
                case .failure(let note): printNote("aioapns not measured: \(note.message)")
                }
            }
            try await mock.shutdown()
            return results
        } catch {
            try? await mock.shutdown()
            throw error
        }
    }

    private func startMock(key: BenchKey) async throws -> MockAPNsServer {
        var configuration = MockAPNsConfiguration()
        configuration.acceptAll = !validating
        configuration.recordsRequests = false
        configuration.establishedMaxConcurrentStreams = maxStreams
        configuration.initialMaxConcurrentStreams = initialStreams
        configuration.threads = mockThreads
        if validating {
            configuration.allowedTopics = [BenchKey.topic]
            configuration.keys = [
                BenchKey.keyID: MockProviderKey(teamID: BenchKey.teamID, publicKey: key.credentials.publicKey)
            ]
            // Each client mints its own token for the same key at start: two mints within seconds,
            // which the 20-minute floor would refuse although neither client refreshes.
            configuration.minimumTokenInterval = .zero
        }
        let mock = try await MockAPNsServer.start(configuration)
        if validating {
            mock.register(
                MockDeviceRegistration(
                    deviceToken: BenchKey.deviceToken, environment: .development, topic: BenchKey.topic))
        }
        if latencyMilliseconds > 0 { mock.addFault(MockFaultRule(.delay(base: .milliseconds(latencyMilliseconds)))) }
        return mock
    }

    /// The Swift sender: `inFlight` workers share the count.
    private func measureSwift(_ transport: APNsTransportKind, mock: MockAPNsServer, key: BenchKey) async throws
        -> PushClientFigures
    {
        var configuration = APNsSenderConfiguration(baseURL: mock.baseURL, topic: BenchKey.topic)
        configuration.transport = transport
        configuration.trustedCertificatesPEM = [mock.certificatePEM]
        configuration.maxInFlight = inFlight
        configuration.connections = connections
        configuration.requestTimeout = .seconds(30)
        let latencies = LatencyLog(capacity: count + warmUp)
        let tokens = try ProviderTokenProvider(credentials: key.credentials)
        let sender = try APNsSender(
            configuration: configuration, tokens: tokens, onAttempt: { latencies.add($0.latency) })
        do {
            let push = try BackgroundPush(deviceToken: BenchKey.deviceToken, data: ["bench": "1"])
            _ = await sendAll(warmUp, push: push, sender: sender)
            latencies.reset()
            let start = ContinuousClock.now
            let delivered = await sendAll(count, push: push, sender: sender)
            let elapsed = ContinuousClock.now - start
            try await sender.shutdown()
            return PushClientFigures(
                count: count, delivered: delivered, seconds: elapsed.secondsValue,
                p50Milliseconds: latencies.percentile(0.50), p99Milliseconds: latencies.percentile(0.99))
        } catch {
            try? await sender.shutdown()
            throw error
        }
    }

    private func sendAll(_ total: Int, push: BackgroundPush, sender: APNsSender) async -> Int {
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
}

/// One client's figures, as the Swift side measures them and as the aioapns script prints them.
struct PushClientFigures: Decodable {
    /// The client and its version, as the aioapns script names itself.
    var client: String? = nil
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
