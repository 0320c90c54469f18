import Foundation
import Wakeful

/// The app as installed for a run, with the run's seed: what stays the same while the device runs.
struct AppInstall {
    /// Every strategy of the app, the agent's job scheduler included.
    let strategies: [any Strategy]
    /// The app's strategies as a new process starts them: features first, then the setup (and the
    /// job scheduler between them, unless the agent holds it).
    let freshStrategies: [any Strategy]
    /// What the app's strategies need, together.
    let requirements: Requirements
    /// `UIBackgroundModes` as the scenario declares them, or else as the strategies need them.
    let backgroundModes: [BackgroundMode]
    /// The seed of every random draw in the run.
    let seed: UInt64

    /// Installs the scenario's app with `setup`'s strategies.
    init(scenario: Scenario, setup: StrategySetup, seed: UInt64) {
        let features = scenario.app.features.compactMap { FeatureFactory.make($0, world: scenario.world) }
        // Jobs: the app's jobs run in a JobScheduler, which the agent holds so that the jobs'
        // states persist in the outbox across launches.
        let scheduler = scenario.app.jobSchedulerStrategy
        let setupStrategies = setup.strategies.map { scenario.app.registeringFences(in: $0.makeStrategy()) }
        strategies = features + (scheduler.map { [$0] } ?? []) + setupStrategies
        freshStrategies = scenario.app.agent == nil ? strategies : features + setupStrategies
        requirements = Requirements.combined(strategies.map(\.requirements))
        backgroundModes = scenario.app.backgroundModes ?? requirements.backgroundModes
        self.seed = seed
    }

    /// The names of every strategy, for the run header.
    var strategyNames: [String] { strategies.map(\.name) }
}
