import Foundation
import Testing
import WakefulTestSupport

@Suite("wakeful chaos", .hangLimit, .watchdog)
struct ChaosCommandTests {
    @Test("a small crash-injection run prints the summary and exits 0 when the invariant holds")
    func smallRun() async throws {
        let result = try await Executable.wakeful.run([
            "chaos", "--seeds", "4", "--scenario", "gas-station", "--scenario", "sensor-logging",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Crash injection: 4 runs"))
        #expect(result.stdout.contains("lost silently            0"))
        #expect(result.stdout.contains("Invariant held in every run."))
    }

    @Test(
        "bad options are refused with the option and the expected form",
        arguments: [
            (["chaos", "--seeds", "0"], "--seeds must be at least 1"),
            (
                ["chaos", "--kill-before-acknowledge", "1.5"],
                "--kill-before-acknowledge 1.5: expected a probability from 0 to 1"
            ),
            (["chaos", "--scenario", "nowhere"], "--scenario nowhere: expected one of"),
            (["chaos", "--drain-hours", "0"], "--drain-hours 0.0: expected more than 0"),
        ])
    func badOptions(_ arguments: [String], _ message: String) async throws {
        let result = try await Executable.wakeful.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
    }

    @Test("--help of chaos explains and shows examples")
    func help() async throws {
        let result = try await Executable.wakeful.run(["chaos", "--help"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("swift run -c release wakeful chaos"))
    }
}
