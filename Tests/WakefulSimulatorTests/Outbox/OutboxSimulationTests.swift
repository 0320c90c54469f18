import Foundation
import Testing
import Wakeful
@testable import WakefulSimulator
import WakefulTestSupport

/// The app's agent in the simulator: records reach the server through the outbox and the uploader,
/// and the end-of-run accounting finds every one of them.
@Suite("Outbox in the simulator", .watchdog, .cpuBound)
struct OutboxSimulationTests {
    /// A built-in scenario with the outbox on, uploads in process or through the background session.
    static func scenario(_ name: String, background: Bool, writes: OutboxWriteTiming = .beforeCommands) throws
        -> Scenario
    {
        var scenario = try BuiltinScenarios.load(name)
        var upload = Uploader.Configuration()
        upload.background = background
        scenario.app.outbox = OutboxSpec(upload: upload, writes: writes)
        return scenario
    }

    @Test(
        "gas-station: every trigger record and timeline entry reaches the server, none twice", arguments: [false, true])
    func gasStation(background: Bool) throws {
        let scenario = try Self.scenario("gas-station", background: background)
        let setup = scenario.setups.first { $0.name == "LowPowerLocationKeepAlive" }!
        let metrics = Simulator.run(scenario, ios: IOSVersion(17), setup: setup, seed: 1)
        let outbox = try #require(metrics.outbox)
        #expect(outbox.collected > 0)
        #expect(outbox.timelineRecords > 0)
        #expect(outbox.silentlyLost == 0)
        #expect(outbox.duplicatesStored == 0)
        #expect(outbox.acknowledged + outbox.pending == outbox.collected + outbox.timelineRecords)
        #expect(outbox.acknowledged > 0)
        #expect(metrics.invariantViolations.isEmpty)
    }

    @Test("the same seed gives the same accounting and the same timeline bytes")
    func deterministic() throws {
        let scenario = try Self.scenario("bike-rental", background: true)
        var first = JSONLinesBuffer()
        var second = JSONLinesBuffer()
        let a = Simulator.run(scenario, ios: IOSVersion(17), setup: scenario.setups[0], seed: 7, timeline: &first)
        let b = Simulator.run(scenario, ios: IOSVersion(17), setup: scenario.setups[0], seed: 7, timeline: &second)
        #expect(a == b)
        #expect(first.bytes == second.bytes)
    }

    @Test("writes on a background queue get the app killed with 0xdead10cc when it suspends (TERM-6); Wakeful's do not")
    func lockedFileKill() throws {
        let setup = try BuiltinScenarios.load("gas-station").setups.first { $0.name == "TaskExtension" }!
        let deferred = try Self.scenario("gas-station", background: true, writes: .deferred(0.05))
        let killed = Simulator.run(deferred, ios: IOSVersion(17), setup: setup, seed: 1)
        #expect(
            killed.terminations.contains {
                $0.reason == .suspendedWithLockedFile && $0.code == "0xdead10cc" && $0.rules == ["TERM-6"]
            })
        let safe = try Self.scenario("gas-station", background: true)
        let kept = Simulator.run(safe, ios: IOSVersion(17), setup: setup, seed: 1)
        #expect(!kept.terminations.contains { $0.reason == .suspendedWithLockedFile })
    }
}
