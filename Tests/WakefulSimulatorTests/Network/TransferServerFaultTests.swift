import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// A background upload meets the scenario's server: an HTTP error completes the task with that
/// status, a missing answer is retried by the daemon (URLS-1; the retry delay is an assumption).
@Suite("Background transfers against the server's faults", .watchdog, .cpuBound)
struct TransferServerFaultTests {
    static func scenario(_ faults: [ServerFault]) -> Scenario {
        var scenario = NetworkScenarios.make(duration: 400)
        scenario.world.server.faults = faults
        return scenario
    }

    static let setup = StrategySetup(
        name: "t", strategies: [.backgroundTransfer(.init(bytesPerUpload: 10_000, uploadInterval: 0))])

    @Test(
        "a server answering 500 completes every upload with 500, and the strategy records it as failed",
        arguments: NetworkScenarios.modern)
    func errorStatusCompletes(version: IOSVersion) throws {
        let trace = Trace(
            Self.scenario([ServerFault(kind: .status(500, retryAfter: nil))]), ios: version, setup: Self.setup)
        #expect(trace.records("upload").isEmpty)
        let failed = trace.records("uploadFailed")
        #expect(!failed.isEmpty)
        #expect(failed.allSatisfy { $0.record.fields["error"]?.description == "HTTP 500" })
        #expect(trace.decisions("transferRetried").isEmpty)
    }

    @Test(
        "a server that does not answer for 100 s: the daemon sends the upload again, which then succeeds",
        arguments: NetworkScenarios.modern)
    func timeoutIsRetried(version: IOSVersion) throws {
        // The upload is created at launch, in the foreground: it starts after the run's drawn wait
        // (URLS-3, contested), so the server stays silent until 100 s after that.
        let wait = try #require(
            Trace(Self.scenario([]), ios: version, setup: Self.setup).decisionNumbers("transferDeferred", "delay").first
        )
        let silentUntil = wait + 100
        let trace = Trace(
            Self.scenario([ServerFault(from: 0, to: silentUntil, kind: .timeout)]), ios: version, setup: Self.setup)
        let retries = trace.decisions("transferRetried")
        #expect(!retries.isEmpty)
        #expect(retries.allSatisfy { $0.decision.rules == ["URLS-1"] && $0.time < silentUntil })
        #expect(trace.records("uploadFailed").isEmpty)
        let first = try #require(trace.records("upload").first)
        #expect(first.time >= silentUntil)
    }

    @Test("with no faults the server answers 200, as before")
    func noFaults() {
        let trace = Trace(Self.scenario([]), ios: IOSVersion(17), setup: Self.setup)
        #expect(!trace.records("upload").isEmpty)
        #expect(trace.records("uploadFailed").isEmpty)
    }
}
