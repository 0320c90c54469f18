import Foundation

/// The app's own job intervals and strategy options, as the app built them: what a remote
/// configuration leaves unnamed keeps these values, so each configuration is whole.
struct RemoteConfigurationBaseline: Sendable {
    /// Each job's own interval (nil for a job that runs once), in job order.
    private var jobIntervals: [(job: String, interval: TimeInterval?)]
    /// Each configurable strategy's own options, in strategy order.
    private var strategyOptions: [(strategy: String, options: JSONObject)]

    /// Takes the baseline from the runtime and scheduler as the app built them.
    init(runtime: Runtime, scheduler: JobScheduler?) throws(RemoteConfigurationError) {
        jobIntervals = scheduler?.options.jobs.map { ($0.id, $0.interval) } ?? []
        strategyOptions = []
        for strategy in runtime.strategies {
            guard let configurable = strategy as? any RemotelyConfigurable else { continue }
            strategyOptions.append((strategy.name, try configurable.encodedOptions()))
        }
    }

    /// Sets the jobs' intervals and the strategies' options to `configuration` over the baseline.
    ///
    /// The checks come first, so a configuration that names something this app does not have
    /// changes nothing; a strategy's options that do not decode leave the copies half changed,
    /// which is why the caller applies to copies.
    ///
    /// - Returns: What changed from the options in force, e.g. `jobs.sample.interval 900 → 300`.
    func apply(_ configuration: RemoteConfiguration, runtime: inout Runtime, scheduler: inout JobScheduler?)
        throws(RemoteConfigurationError) -> [String]
    {
        try check(configuration, hasScheduler: scheduler != nil)
        var changes: [String] = []
        if var jobs = scheduler {
            var options = jobs.options
            for index in options.jobs.indices {
                let id = options.jobs[index].id
                let own = jobIntervals.first { $0.job == id }?.interval
                let target = configuration.jobIntervals.last { $0.job == id }?.interval ?? own
                guard options.jobs[index].interval != target else { continue }
                changes.append("jobs.\(id).interval \(Self.text(options.jobs[index].interval)) → \(Self.text(target))")
                options.jobs[index].interval = target
            }
            if options != jobs.options {
                jobs.options = options
                scheduler = jobs
            }
        }
        for index in runtime.strategies.indices {
            guard var configurable = runtime.strategies[index] as? any RemotelyConfigurable,
                let own = strategyOptions.first(where: { $0.strategy == configurable.name })?.options
            else { continue }
            let name = configurable.name
            let named = configuration.strategyOptions.last { $0.strategy == name }?.options ?? JSONObject()
            let before = try configurable.encodedOptions()
            try configurable.applyOptions(named, over: own)
            let after = try configurable.encodedOptions()
            guard before != after else { continue }
            for member in after where before[member.key] != member.value {
                changes.append(
                    "strategies.\(name).\(member.key) \(before[member.key]?.description ?? "none") → \(member.value)")
            }
            runtime.strategies[index] = configurable
        }
        return changes
    }

    /// Refuses a configuration that names a job or strategy this app does not have.
    private func check(_ configuration: RemoteConfiguration, hasScheduler: Bool) throws(RemoteConfigurationError) {
        for named in configuration.jobIntervals {
            guard hasScheduler, let job = jobIntervals.first(where: { $0.job == named.job }) else {
                throw RemoteConfigurationError(
                    path: "jobs.\(named.job)",
                    message: jobIntervals.isEmpty
                        ? "this app runs no jobs"
                        : "no such job in this app; expected one of \(jobIntervals.map(\.job).joined(separator: ", "))")
            }
            guard job.interval != nil else {
                throw RemoteConfigurationError(
                    path: "jobs.\(named.job).interval",
                    message: "the job runs once in this app; only a recurring job takes an interval")
            }
        }
        for named in configuration.strategyOptions
        where !strategyOptions.contains(where: { $0.strategy == named.strategy }) {
            throw RemoteConfigurationError(
                path: "strategies.\(named.strategy)",
                message: strategyOptions.isEmpty
                    ? "this app has no strategy that takes remote options"
                    : "no strategy of this name takes remote options; expected one of \(strategyOptions.map(\.strategy).joined(separator: ", "))"
            )
        }
    }

    /// An interval as the timeline writes it: `300`, `0.5`, or `none` for a job that runs once.
    private static func text(_ interval: TimeInterval?) -> String {
        guard let interval else { return "none" }
        return interval == interval.rounded() && abs(interval) < 1e15 ? String(Int(interval)) : String(interval)
    }
}
