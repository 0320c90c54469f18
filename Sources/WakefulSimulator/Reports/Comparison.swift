import Foundation
import Wakeful

/// Runs strategies × iOS versions × scenarios and keeps the results in a fixed order.
///
/// Devices are independent, so runs go to every core; the output does not depend on which
/// finished first.
public struct Comparison: Sendable {
    /// One run to do.
    public struct Job: Sendable, Hashable {
        /// The scenario.
        public var scenario: Scenario
        /// The iOS version.
        public var ios: IOSVersion
        /// The strategies.
        public var setup: StrategySetup
    }

    /// The runs, in report order: scenario, then setup, then version.
    public var jobs: [Job]
    /// The seed of every run.
    public var seed: UInt64

    /// Plans a comparison. Versions and setups default to each scenario's own lists.
    public init(scenarios: [Scenario], versions: [IOSVersion] = [], setups: [StrategySetup] = [], seed: UInt64) {
        self.init(scenarios: scenarios, versions: versions, seed: seed) { scenario in
            setups.isEmpty ? (scenario.setups.isEmpty ? [.none] : scenario.setups) : setups
        }
    }

    /// Plans a comparison of setups given by name, each resolved in each scenario
    /// (``Scenario/setup(named:)``), so that a scenario's own setups, such as bike-rental's
    /// `PushTrigger+upload`, can be chosen. No names means each scenario's own list.
    /// - Throws: ``ScenarioError`` for a name that is neither a setup of the scenario nor strategy names.
    public init(scenarios: [Scenario], versions: [IOSVersion] = [], setupNames: [String], seed: UInt64)
        throws(ScenarioError)
    {
        guard !setupNames.isEmpty else {
            self.init(scenarios: scenarios, versions: versions, seed: seed)
            return
        }
        try self.init(scenarios: scenarios, versions: versions, seed: seed) { scenario throws(ScenarioError) in
            try setupNames.map { name throws(ScenarioError) in try scenario.setup(named: name) }
        }
    }

    /// The jobs in report order: scenario, then setup, then version.
    private init<Failure: Error>(
        scenarios: [Scenario], versions: [IOSVersion], seed: UInt64,
        setups: (Scenario) throws(Failure) -> [StrategySetup]
    ) throws(Failure) {
        self.seed = seed
        var jobs: [Job] = []
        for scenario in scenarios {
            let versionsHere = versions.isEmpty ? scenario.iosVersions : versions
            for setup in try setups(scenario) {
                jobs += versionsHere.map { Job(scenario: scenario, ios: $0, setup: setup) }
            }
        }
        self.jobs = jobs
    }

    /// Runs every job, in parallel, and returns the metrics in job order.
    public func run() async -> [RunMetrics] {
        await map { job, seed in Simulator.run(job.scenario, ios: job.ios, setup: job.setup, seed: seed) }
    }

    /// `body` for every job with the seed, in parallel; the results in job order.
    func map<Result: Sendable>(_ body: @escaping @Sendable (Job, UInt64) -> Result) async -> [Result] {
        let seed = seed
        return await withTaskGroup(of: (Int, Result).self) { group in
            for (index, job) in jobs.enumerated() {
                group.addTask { (index, body(job, seed)) }
            }
            var results = [Result?](repeating: nil, count: jobs.count)
            for await (index, result) in group { results[index] = result }
            return results.compactMap { $0 }
        }
    }
}
