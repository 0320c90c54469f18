import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The `jobs on time` measure on the built-in sensor-logging scenario: a keep-alive lets the jobs
/// run on time; the scheduler's own refresh requests alone leave long gaps, with their cause.
@Suite("Jobs: deadline coverage in compare", .watchdog, .cpuBound)
struct JobMeasureTests {
    static let scenario = try! BuiltinScenarios.load("sensor-logging")

    static func success(_ setup: StrategySetup) throws -> SuccessResult {
        let metrics = Simulator.run(scenario, ios: IOSVersion(17), setup: setup, seed: 1)
        return try #require(metrics.success)
    }

    @Test func keepAliveBeatsRefreshRequests() throws {
        let alone = try Self.success(.none)
        let keptAlive = try Self.success(try StrategySetup.named("LowPowerLocationKeepAlive"))
        #expect(alone.measure == "jobs on time")
        #expect(keptAlive.score > 0.95)
        #expect(alone.score < 0.6)
        let gap = try #require(alone.largestGap)
        #expect(gap.seconds > 3600)
        #expect(!gap.cause.isEmpty && gap.cause.contains(": "), "names the job and why: \(gap.cause)")
    }
}
