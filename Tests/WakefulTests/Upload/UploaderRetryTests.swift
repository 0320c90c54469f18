import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("Uploader: backoff, jitter and Retry-After", .watchdog, .cpuBound)
struct UploaderRetryTests {
    /// Fails every attempt with `outcome` and returns the backoff delay after each failure.
    static func delays(
        seed: UInt64, failures: Int, configuration: Uploader.Configuration = .init(backoffBase: 10, backoffCap: 80),
        outcome: (UploadRequest) -> UploadOutcome = { Uploads.failed($0, status: nil) }
    ) throws -> [TimeInterval] {
        let outbox = try Uploads.outbox(records: 2)
        var uploader = Uploader(configuration: configuration, seed: seed)
        var now: TimeInterval = 0
        var delays: [TimeInterval] = []
        var commands = uploader.handle(.didBecomeActive, in: Uploads.background(now), outbox: outbox)
        for _ in 0..<failures {
            let request = try #require(commands.uploads.first)
            now += 1
            _ = uploader.handle(.uploadCompleted(outcome(request)), in: Uploads.background(now), outbox: outbox)
            let until = try #require(uploader.status.backoffEnd)
            delays.append(until - now)
            now = until
            commands = uploader.handle(.memoryWarning, in: Uploads.background(now), outbox: outbox)
        }
        return delays
    }

    @Test("the ceiling doubles from the base up to the cap")
    func ceiling() {
        let configuration = Uploader.Configuration(backoffBase: 10, backoffCap: 80)
        #expect(
            (0...6).map { Uploader.backoffCeiling(afterFailures: $0, configuration: configuration) } == [
                0, 10, 20, 40, 80, 80, 80,
            ])
        #expect(Uploader.backoffCeiling(afterFailures: 5000, configuration: Uploader.Configuration()) == 3600)
    }

    @Test("each delay is a full-jitter draw under the growing, capped ceiling", arguments: [1, 2, 3, 99] as [UInt64])
    func growsAndCaps(seed: UInt64) throws {
        let configuration = Uploader.Configuration(backoffBase: 10, backoffCap: 80)
        let delays = try Self.delays(seed: seed, failures: 8, configuration: configuration)
        for (index, delay) in delays.enumerated() {
            #expect(delay >= 0)
            #expect(delay <= Uploader.backoffCeiling(afterFailures: index + 1, configuration: configuration))
        }
    }

    @Test("across seeds, delays spread over the whole ceiling and grow with failures")
    func spreads() throws {
        let runs = try (1...40).map { try Self.delays(seed: UInt64($0), failures: 5) }
        let first = runs.map { $0[0] }
        let fifth = runs.map { $0[4] }
        #expect(first.max()! > 8)
        #expect(first.min()! < 2)
        #expect(fifth.max()! > 70)
        let firstMean: Double = first.reduce(0, +) / 40
        let fifthMean: Double = fifth.reduce(0, +) / 40
        #expect(fifthMean > 3 * firstMean)
    }

    @Test("the same seed gives the same delays; another seed others")
    func jitterDeterminism() throws {
        #expect(try Self.delays(seed: 42, failures: 6) == Self.delays(seed: 42, failures: 6))
        #expect(try Self.delays(seed: 42, failures: 6) != Self.delays(seed: 43, failures: 6))
    }

    @Test("429 and 503 wait at least Retry-After, and at least the backoff", arguments: [429, 503])
    func retryAfter(status: Int) throws {
        let long = try Self.delays(seed: 5, failures: 3) { Uploads.failed($0, status: status, retryAfter: 600) }
        #expect(long == [600, 600, 600])
        let short = try Self.delays(seed: 5, failures: 3) { Uploads.failed($0, status: status, retryAfter: 0.5) }
        let plain = try Self.delays(seed: 5, failures: 3) { Uploads.failed($0, status: 500) }
        #expect(short == plain.map { max($0, 0.5) })
    }

    @Test(
        "5xx and transport errors keep the batch and back off",
        arguments: [
            (500 as Int?, nil as String?), (502, nil), (504, nil), (nil, "timedOut"), (nil, "networkConnectionLost"),
            (nil, "cannotConnectToHost"), (nil, "notConnectedToInternet"),
        ])
    func backsOff(status: Int?, error: String?) throws {
        let outbox = try Uploads.outbox(records: 2)
        var uploader = Uploader(seed: 3)
        let request = try #require(
            uploader.handle(.didBecomeActive, in: Uploads.background(0), outbox: outbox).uploads.first)
        _ = uploader.handle(
            .uploadCompleted(Uploads.failed(request, status: status, error: error)), in: Uploads.background(1),
            outbox: outbox)
        let until = try #require(uploader.status.backoffEnd)
        #expect(until <= 11)
        #expect(try outbox.statistics().openBatch == request.batch)
        #expect(uploader.handle(.memoryWarning, in: Uploads.background(until - 0.001), outbox: outbox).uploads.isEmpty)
        #expect(
            uploader.handle(.memoryWarning, in: Uploads.background(until), outbox: outbox).uploads.map(\.batch) == [
                request.batch
            ])
    }

    @Test("a success resets the backoff")
    func resets() throws {
        let outbox = try Uploads.outbox(records: 2)
        var uploader = Uploader(configuration: .init(backoffBase: 10, backoffCap: 10_000), seed: 9)
        var now: TimeInterval = 0
        var request = try #require(
            uploader.handle(.didBecomeActive, in: Uploads.background(now), outbox: outbox).uploads.first)
        for _ in 0..<6 {
            _ = uploader.handle(
                .uploadCompleted(Uploads.failed(request, status: 500)), in: Uploads.background(now), outbox: outbox)
            now = try #require(uploader.status.backoffEnd)
            request = try #require(
                uploader.handle(.memoryWarning, in: Uploads.background(now), outbox: outbox).uploads.first)
        }
        _ = uploader.handle(.uploadCompleted(Uploads.accepted(request)), in: Uploads.background(now), outbox: outbox)
        try Uploads.add(2, to: outbox)
        now += 100
        request = try #require(
            uploader.handle(.memoryWarning, in: Uploads.background(now), outbox: outbox).uploads.first)
        _ = uploader.handle(
            .uploadCompleted(Uploads.failed(request, status: 500)), in: Uploads.background(now), outbox: outbox)
        #expect(try #require(uploader.status.backoffEnd) - now <= 10)
    }

    @Test("a 409 retries the same batch shortly, or after Retry-After")
    func conflict() throws {
        for (retryAfter, wait) in [(nil, Uploader.conflictRetryDelay), (30, 30)] as [(TimeInterval?, TimeInterval)] {
            let outbox = try Uploads.outbox(records: 2)
            var uploader = Uploader(seed: 3)
            let request = try #require(
                uploader.handle(.didBecomeActive, in: Uploads.background(0), outbox: outbox).uploads.first)
            _ = uploader.handle(
                .uploadCompleted(Uploads.failed(request, status: 409, retryAfter: retryAfter)),
                in: Uploads.background(1), outbox: outbox)
            #expect(uploader.status == .backingOff(until: 1 + wait))
            #expect(
                uploader.handle(.memoryWarning, in: Uploads.background(1 + wait), outbox: outbox).uploads.map(\.batch)
                    == [request.batch])
        }
    }

    @Test("409s in a row wait 5, 10, 20 s: the conflict is retried less often while it lasts")
    func repeatedConflicts() throws {
        let outbox = try Uploads.outbox(records: 2)
        var uploader = Uploader(seed: 3)
        var now: TimeInterval = 0
        var request = try #require(
            uploader.handle(.didBecomeActive, in: Uploads.background(now), outbox: outbox).uploads.first)
        var waits: [TimeInterval] = []
        for _ in 0..<3 {
            now += 1
            _ = uploader.handle(
                .uploadCompleted(Uploads.failed(request, status: 409)), in: Uploads.background(now), outbox: outbox)
            let until = try #require(uploader.status.backoffEnd)
            waits.append(until - now)
            now = until
            let next = try #require(
                uploader.handle(.memoryWarning, in: Uploads.background(now), outbox: outbox).uploads.first)
            #expect(next.batch == request.batch)
            request = next
        }
        #expect(waits == [5, 10, 20])
    }

    @Test("a 422 sends the records again under a new batch ID")
    func newBatch() throws {
        let outbox = try Uploads.outbox(records: 2)
        var uploader = Uploader(seed: 3)
        let request = try #require(
            uploader.handle(.didBecomeActive, in: Uploads.background(0), outbox: outbox).uploads.first)
        _ = uploader.handle(
            .uploadCompleted(Uploads.failed(request, status: 422)), in: Uploads.background(1), outbox: outbox)
        #expect(try outbox.statistics().openBatch == nil)
        let until = try #require(uploader.status.backoffEnd)
        let next = try #require(
            uploader.handle(.memoryWarning, in: Uploads.background(until), outbox: outbox).uploads.first)
        #expect(next.batch != request.batch)
        #expect(next.records == 2)
    }

    @Test("while the app runs with unlimited time, a retry sets the retry timer; its firing resends")
    func retryTimer() throws {
        let outbox = try Uploads.outbox(records: 2)
        var uploader = Uploader(seed: 3)
        let request = try #require(
            uploader.handle(.didBecomeActive, in: Uploads.foreground(0), outbox: outbox).uploads.first)
        let commands = uploader.handle(
            .uploadCompleted(Uploads.failed(request, status: 503, retryAfter: 120)), in: Uploads.foreground(1),
            outbox: outbox)
        #expect(commands == [.setTimer(TimerRequest(id: Uploader.retryTimer, interval: 120))])
        #expect(uploader.handle(.memoryWarning, in: Uploads.foreground(2), outbox: outbox).isEmpty)
        #expect(
            uploader.handle(.timerFired(Uploader.retryTimer), in: Uploads.foreground(121), outbox: outbox).uploads.map(
                \.batch) == [request.batch])

        var limited = Uploader(seed: 3)
        let other = try Uploads.outbox(records: 2)
        let sent = try #require(
            limited.handle(.didBecomeActive, in: Uploads.background(0, remaining: 25), outbox: other).uploads.first)
        #expect(
            limited.handle(
                .uploadCompleted(Uploads.failed(sent, status: 503, retryAfter: 120)),
                in: Uploads.background(1, remaining: 24), outbox: other
            ).isEmpty)
    }
}
