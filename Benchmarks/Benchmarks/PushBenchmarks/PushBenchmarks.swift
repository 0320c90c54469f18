import Benchmark
import BenchmarkSupport
import Foundation
import WakefulAPNs

/// Background pushes to the mock APNs (HTTP/2 over TLS on 127.0.0.1, 40 ms added to every answer
/// to emulate a WAN round trip) from the Swift sender, with its own HTTP/2 client and with
/// AsyncHTTPClient in the same iteration, and — with `WAKEFUL_BENCH_AIOAPNS=1` — from aioapns
/// (Python, installed from PyPI on first use) against the same mock. Targets: at least 10,000
/// notifications/s with the sender's own client, and at least 3 times aioapns.
///
/// Sizes: `WAKEFUL_BENCH_PUSH_COUNT` (20,000 per client), `WAKEFUL_BENCH_PUSH_IN_FLIGHT` (1000),
/// `WAKEFUL_BENCH_PUSH_LATENCY_MS` (40), `WAKEFUL_BENCH_PUSH_CONNECTIONS` (2) and
/// `WAKEFUL_BENCH_MOCK_THREADS` (2).
let benchmarks: @Sendable () -> Void = {
    Benchmark.teardown = { RunNotes.flush() }

    let withAioapns = (try? BenchmarkEnvironment.flag("WAKEFUL_BENCH_AIOAPNS")) ?? false
    for validating in [false, true] {
        // aioapns is compared on the accept-all mock only, as the README's figures are.
        let clients = PushClient.swiftClients + (withAioapns && !validating ? [.aioapns] : [])
        Benchmark(
            validating ? "Pushes to the validating mock APNs" : "Pushes to the accept-all mock APNs",
            configuration: .wakeful(figures: PushFigures.all(clients), iterations: 1, mallocTolerance: .percent(5))
        ) { benchmark in
            let run = try PushRun.fromEnvironment(validating: validating)
            let results = try await run.measure(
                withAioapns: try BenchmarkEnvironment.flag("WAKEFUL_BENCH_AIOAPNS") && !validating)
            for (client, figures) in results { PushFigures.row(client).record(figures, in: benchmark) }
            guard let frames = results.first(where: { $0.client == .http2Frames })?.figures else { return }
            Target("\(PushClient.http2Frames.title) notifications", atLeast: 10_000, "/s").report(frames.rate)
            if let client = results.first(where: { $0.client == .asyncHTTPClient })?.figures {
                benchmark.record(PushFigures.framesOverClient, 100 * frames.rate / max(client.rate, 0.001))
            }
            if let aioapns = results.first(where: { $0.client == .aioapns })?.figures {
                let ratio = frames.rate / max(aioapns.rate, 0.001)
                benchmark.record(PushFigures.framesOverAioapns, 100 * ratio)
                Target("\(PushClient.http2Frames.title) ÷ aioapns", atLeast: 3, "times").report(ratio)
            }
        }
    }
}

/// A client measured against the mock.
enum PushClient: Sendable {
    case http2Frames
    case asyncHTTPClient
    case aioapns

    /// The Swift sender's transports, in the order measured.
    static let swiftClients: [PushClient] = [.http2Frames, .asyncHTTPClient]

    var title: String {
        switch self {
        case .http2Frames: "APNsSender (HTTP/2 frames)"
        case .asyncHTTPClient: "APNsSender (AsyncHTTPClient)"
        case .aioapns: "aioapns"
        }
    }
}

/// The figures of the push benchmarks.
enum PushFigures {
    /// One client's: rate, delivered count, and latency per attempt.
    static func row(_ client: PushClient) -> FigureRow<PushClientFigures> {
        FigureRow([
            (.higherIsBetter("\(client.title) notifications/s"), { $0.rate }),
            (.higherIsBetter("\(client.title) delivered"), { Double($0.delivered) }),
            (.lowerIsBetter("\(client.title) p50 (µs)"), { $0.p50Milliseconds * 1000 }),
            (.lowerIsBetter("\(client.title) p99 (µs)"), { $0.p99Milliseconds * 1000 }),
        ])
    }

    static let framesOverClient = Figure.higherIsBetter("HTTP/2 frames ÷ AsyncHTTPClient (%)")
    static let framesOverAioapns = Figure.higherIsBetter("HTTP/2 frames ÷ aioapns (%)")

    static func all(_ clients: [PushClient]) -> [Figure] {
        clients.flatMap { row($0).figures } + [framesOverClient]
            + (clients.contains(.aioapns) ? [framesOverAioapns] : [])
    }
}
