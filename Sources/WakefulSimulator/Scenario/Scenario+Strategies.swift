import Foundation
import Wakeful

extension Scenario {
    /// The strategies a newly launched process of the app runs under `setup`, in the order they
    /// receive events: the app's features, its job scheduler when it declares jobs, then the
    /// setup's strategies. What `wakeful doctor` reads the app's requirements from.
    public func strategies(for setup: StrategySetup) -> [any Strategy] {
        let features = app.features.compactMap { FeatureFactory.make($0, world: world) }
        return features + (app.jobSchedulerStrategy.map { [$0] } ?? []) + setup.strategies.map { $0.makeStrategy() }
    }
}
