import Foundation
import Testing
@testable import WakefulTestSupport

/// The watchdog that ends a hung `swift test`: it names every test still running once one outlives
/// its limit while the process makes no progress, and ends the process even though the stuck test
/// never returns. A slow test on a busy machine is not stuck.
@Suite("test watchdog", .watchdog)
struct HangWatchdogTests {
    static func entry(_ name: String, limit: Duration, started: ContinuousClock.Instant) -> RunningTest {
        RunningTest(name: name, location: "Stuck.swift:7", started: started, limit: limit)
    }

    /// Samples taken every 5 s from `from` to `to`: `cpuShare` of a core used in each, and no test
    /// ended unless `ending` names the sample's offset.
    static func samples(
        _ watchdog: Watchdog, from: ContinuousClock.Instant, to: ContinuousClock.Instant, cpuShare: Double,
        cpuBefore: Duration = .zero, endingAt ending: Set<Int> = []
    ) {
        var ended = 0
        var at = from
        while at <= to {
            let offset = Int((at - from).components.seconds)
            if ending.contains(offset) { ended += 1 }
            watchdog.record(ProgressSample(at: at, cpu: cpuBefore + (at - from) * cpuShare, ended: ended))
            at += .seconds(5)
        }
    }

    @Test("nothing is overdue while every test is within its limit, and an ended test is forgotten")
    func withinLimits() throws {
        let watchdog = Watchdog(checkEvery: .seconds(3600))
        let start = ContinuousClock.now
        let quick = watchdog.started(Self.entry("quick", limit: .seconds(1), started: start))
        _ = watchdog.started(Self.entry("slow", limit: .seconds(60), started: start))
        Self.samples(watchdog, from: start, to: start + .seconds(120), cpuShare: 0)
        #expect(watchdog.overdue(at: start + .milliseconds(500)) == nil)
        watchdog.ended(quick)
        #expect(watchdog.overdue(at: start + .seconds(30)) == nil)
        let report = try #require(watchdog.overdue(at: start + .seconds(61)))
        #expect(report.contains("\"slow\" (Stuck.swift:7) has run 1 min 1 s"), "\(report)")
        #expect(report.contains("idle for 1 min 1 s"), "\(report)")
        #expect(!report.contains("quick"), "\(report)")
    }

    @Test("a test past its limit in a busy process is slow, not stuck: the run ends only once the process idles")
    func busyIsNotStuck() throws {
        let watchdog = Watchdog(checkEvery: .seconds(3600))
        let start = ContinuousClock.now
        _ = watchdog.started(Self.entry("queued behind computing tests", limit: .seconds(600), started: start))
        // Twelve minutes at a fifth of a core (a loaded machine): well past the limit, never idle.
        Self.samples(watchdog, from: start, to: start + .seconds(720), cpuShare: 0.2)
        #expect(watchdog.overdue(at: start + .seconds(720)) == nil)
        // Then the rest of the run is done and the process uses nothing: stuck after the idle window.
        Self.samples(
            watchdog, from: start + .seconds(725), to: start + .seconds(780), cpuShare: 0, cpuBefore: .seconds(144))
        #expect(watchdog.overdue(at: start + .seconds(775)) == nil)
        Self.samples(
            watchdog, from: start + .seconds(785), to: start + .seconds(790), cpuShare: 0, cpuBefore: .seconds(144))
        let report = try #require(watchdog.overdue(at: start + .seconds(790)))
        #expect(report.contains("\"queued behind computing tests\""), "\(report)")
    }

    @Test("a test ending is progress: an idle CPU with tests still finishing is not a hang")
    func endingTestsAreProgress() {
        let watchdog = Watchdog(checkEvery: .seconds(3600))
        let start = ContinuousClock.now
        _ = watchdog.started(Self.entry("waits its turn", limit: .seconds(120), started: start))
        Self.samples(watchdog, from: start, to: start + .seconds(300), cpuShare: 0, endingAt: [250])
        #expect(watchdog.overdue(at: start + .seconds(300)) == nil)
    }

    @Test("a test that keeps the process busy for four times its limit ends the run all the same")
    func ceilingCatchesAnEndlessLoop() throws {
        let watchdog = Watchdog(checkEvery: .seconds(3600))
        let start = ContinuousClock.now
        _ = watchdog.started(Self.entry("loops for ever", limit: .seconds(60), started: start))
        Self.samples(watchdog, from: start, to: start + .seconds(245), cpuShare: 1)
        #expect(watchdog.overdue(at: start + .seconds(239)) == nil)
        let report = try #require(watchdog.overdue(at: start + .seconds(245)))
        #expect(report.contains("4 times its limit with the process still busy"), "\(report)")
    }

    @Test("the report names the stuck test and every other test still running, in the order they started")
    func reportNamesEveryRunningTest() throws {
        let watchdog = Watchdog(checkEvery: .seconds(3600))
        let start = ContinuousClock.now
        _ = watchdog.started(Self.entry("waits on a socket", limit: .seconds(600), started: start + .seconds(5)))
        _ = watchdog.started(Self.entry("stuck on a continuation", limit: .seconds(120), started: start))
        Self.samples(watchdog, from: start, to: start + .seconds(200), cpuShare: 0)
        let report = try #require(watchdog.overdue(at: start + .seconds(200)))
        let lines = report.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("✘ Test watchdog: \"stuck on a continuation\"") }, "\(report)")
        #expect(
            lines.filter { $0.hasPrefix("started, never finished: ") } == [
                "started, never finished: stuck on a continuation (Stuck.swift:7), running 3 min 20 s",
                "started, never finished: waits on a socket (Stuck.swift:7), running 3 min 15 s",
            ])
    }

    @Test("a test that never returns ends the process with status 1, its name on standard error")
    func endsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let watchdog = Watchdog(checkEvery: .milliseconds(10), idleWindow: .milliseconds(200))
            _ = watchdog.started(
                RunningTest(name: "never returns", location: "Stuck.swift:7", started: .now, limit: .zero))
            // Stuck as a test waiting on a continuation nobody resumes: only the watchdog ends this.
            DispatchSemaphore(value: 0).wait()
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("started, never finished: never returns (Stuck.swift:7)"), "\(standardError)")
    }
}
