import Foundation
import Wakeful
import WakefulSimulator

/// The crash-injection harness: runs the built-in scenarios with the outbox on real SQLite files
/// while the app is killed at the worst moments, then checks that nothing was lost or stored twice.
///
/// Each seed runs one configuration (seed modulo the number of configurations, so consecutive
/// seeds cycle through every scenario × setup × iOS version), in two phases on the same file and the same simulated server: the scenario with
/// crashes injected, then a drain in which the user leaves the app open on Wi-Fi. The invariant,
/// checked per run: every record the app committed was stored by the server exactly once after
/// deduplication, or is accounted for by a loss record of a retention limit; no `0xdead10cc`
/// kill (TERM-6); no background task of Wakeful's left open (TASK-13).
public struct ChaosHarness: Sendable {
    /// What to run.
    public var options: ChaosOptions

    /// Creates a harness.
    public init(options: ChaosOptions) {
        self.options = options
    }

    /// Every configuration of the chosen scenarios, in a fixed order.
    public func configurations() throws -> [ChaosConfiguration] {
        try options.scenarios.flatMap { name -> [ChaosConfiguration] in
            let scenario = try BuiltinScenarios.load(name)
            let setups = scenario.setups.isEmpty ? [StrategySetup.none] : scenario.setups
            return setups.flatMap { setup in
                scenario.iosVersions.map { ChaosConfiguration(scenario: scenario, setup: setup, ios: $0) }
            }
        }
    }

    /// Runs every seed, on every core, and sums up; `progress` hears the number of runs done.
    public func run(progress: @Sendable (Int) -> Void = { _ in }) async throws -> ChaosSummary {
        let configurations = try configurations()
        guard !configurations.isEmpty else { return ChaosSummary(results: []) }
        let seeds = (0..<options.seeds).map { options.firstSeed + UInt64($0) }
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var results: [ChaosRunResult?] = Array(repeating: nil, count: seeds.count)
        try await withThrowingTaskGroup(of: (Int, ChaosRunResult).self) { group in
            var next = 0
            func submit() {
                let index = next
                next += 1
                // The seed alone picks the configuration, so `--first-seed S --seeds 1` repeats run S.
                let configuration = configurations[Int(seeds[index] % UInt64(configurations.count))]
                group.addTask { (index, try runOne(configuration, seed: seeds[index])) }
            }
            // At most one run per core in flight: each holds a SQLite file and a device.
            while next < min(workers, seeds.count) { submit() }
            var done = 0
            while let (index, result) = try await group.next() {
                results[index] = result
                done += 1
                progress(done)
                if next < seeds.count { submit() }
            }
        }
        return ChaosSummary(results: results.compactMap { $0 })
    }
}
