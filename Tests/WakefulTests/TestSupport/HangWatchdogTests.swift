import Foundation
import Testing
@testable import WakefulTestSupport

/// The watchdog that ends a hung `swift test`: it names every test still running once one outlives
/// its limit, and ends the process even though the stuck test never returns.
@Suite("test watchdog", .watchdog)
struct HangWatchdogTests {
    static func entry(_ name: String, limit: Duration, started: ContinuousClock.Instant) -> RunningTest {
        RunningTest(name: name, location: "Stuck.swift:7", started: started, limit: limit)
    }

    @Test("nothing is overdue while every test is within its limit, and an ended test is forgotten")
    func withinLimits() throws {
        let watchdog = Watchdog(checkEvery: .seconds(3600))
        let start = ContinuousClock.now
        let quick = watchdog.started(Self.entry("quick", limit: .seconds(1), started: start))
        _ = watchdog.started(Self.entry("slow", limit: .seconds(60), started: start))
        #expect(watchdog.overdue(at: start + .milliseconds(500)) == nil)
        watchdog.ended(quick)
        #expect(watchdog.overdue(at: start + .seconds(30)) == nil)
        let report = try #require(watchdog.overdue(at: start + .seconds(61)))
        #expect(report.contains("\"slow\" (Stuck.swift:7) has run 1 min 1 s"), "\(report)")
        #expect(!report.contains("quick"), "\(report)")
    }

    @Test("the report names the stuck test and every other test still running, in the order they started")
    func reportNamesEveryRunningTest() throws {
        let watchdog = Watchdog(checkEvery: .seconds(3600))
        let start = ContinuousClock.now
        _ = watchdog.started(Self.entry("waits on a socket", limit: .seconds(600), started: start + .seconds(5)))
        _ = watchdog.started(Self.entry("stuck on a continuation", limit: .seconds(120), started: start))
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
            let watchdog = Watchdog(checkEvery: .milliseconds(10))
            _ = watchdog.started(
                RunningTest(name: "never returns", location: "Stuck.swift:7", started: .now, limit: .zero))
            // Stuck as a test waiting on a continuation nobody resumes: only the watchdog ends this.
            DispatchSemaphore(value: 0).wait()
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("started, never finished: never returns (Stuck.swift:7)"), "\(standardError)")
    }
}
