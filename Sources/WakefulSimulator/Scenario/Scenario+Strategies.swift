import Foundation
import Wakeful

extension Scenario {
    /// The strategies a newly launched process of the app runs under `setup`, in the order they
    /// receive events: the app's features, its job scheduler when it declares jobs, then the
    /// setup's strategies. What `wakeful doctor` reads the app's requirements from.
    public func strategies(for setup: StrategySetup) -> [any Strategy] {
        let features = app.features.compactMap { FeatureFactory.make($0, world: world) }
        return features + (app.jobSchedulerStrategy.map { [$0] } ?? [])
            + setup.strategies.map { app.registeringFences(in: $0.makeStrategy()) }
    }

    /// The setup `text` names: one of the scenario's own setups by its name (such as bike-rental's
    /// `PushTrigger+upload`, with the options the file gives it), or else strategy names joined by
    /// `+` with their defaults (``StrategySetup/named(_:)``).
    /// - Throws: ``ScenarioError`` listing the known strategies and the scenario's own setup names.
    public func setup(named text: String) throws(ScenarioError) -> StrategySetup {
        if let own = setups.first(where: { $0.name == text }) { return own }
        do {
            return try StrategySetup.named(text)
        } catch {
            let own = setups.map(\.name).filter { (try? StrategySetup.named($0)) == nil }
            guard !own.isEmpty else { throw error }
            var error = error
            error.message += "; or one of \(name)'s own setups: \(own.joined(separator: ", "))"
            throw error
        }
    }
}

extension AppConfiguration {
    /// `strategy`, or, for a `GeofenceSet` whose options list no fences, one over the app's ``fences``.
    func registeringFences(in strategy: any Strategy) -> any Strategy {
        guard let set = strategy as? GeofenceSet, set.options.fences.isEmpty, !fences.isEmpty else { return strategy }
        var options = set.options
        options.fences = fences
        return GeofenceSet(options: options)
    }
}
