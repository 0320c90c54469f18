import Foundation
import Wakeful

/// Job runs as the device carries them out: a ``JobExecution`` in the process, whose steps the
/// agenda runs, whose CPU load the app carries, and whose result reaches the app while it executes.
extension SimulatedDevice {
    /// The network path the app sees (`NWPathMonitor`), from the scenario's network timeline.
    ///
    /// Mutating, like the other getters every delivery reads, so that Swift does not copy the device.
    var networkPath: NetworkPath {
        mutating get {
            switch scenario.world.network.segment(at: now).kind {
            case .wifi: .wifi
            case .cellular: .cellular
            case .none: .none
            }
        }
    }

    // MARK: Commands

    /// Starts a job run from the scenario's cost model (`app.jobs`). Progress accrues only while
    /// the app executes; the result arrives as `Event.jobFinished(_:)`.
    mutating func runJob(_ run: JobRun) {
        guard hasProcess else { return }
        let job = scenario.app.jobs.first { $0.id == run.job }
        let execution = JobExecution(
            run, job: job, at: now, generation: nextJobGeneration(), online: networkPath != .none)
        if let running = process.job, running.result == nil {
            // One run at a time is the scheduler's rule; a second one is refused, not queued.
            refuse("runJob", "job \(running.run.job) is running", rules: [])
            return
        }
        let reasons = state == .background ? runReasons : []
        decide(
            "jobStarted", rules: reasons.isEmpty ? ["STATE-1"] : Self.rules(of: reasons),
            execution.startFields(
                keptRunningBy: state == .background ? reasons.names.joined(separator: ",") : "foreground"))
        process.job = execution
        // The result always comes later than the command, as on a device, never inside it.
        guard execution.failure == nil else { return scheduleJobStep(at: now) }
        let base = process.cpuLoad
        setCPULoad(base + execution.cost.cpuLoad)  // TERM-4 and the energy estimate see the work
        process.job?.addLoad(process.cpuLoad - base)
        scheduleJobStep()
    }

    /// Stops the run at once: a checkpointable job reports a checkpoint with the records produced
    /// so far, any other fails (`cancelled`) and its records are discarded.
    mutating func cancelJob(_ job: String, run: Int) {
        guard hasProcess, let execution = process.job, execution.run.run == run, execution.run.job == job,
            execution.result == nil
        else { return }
        process.job?.accrue(until: now, radioBytes: &tally.radioBytes)
        process.job?.requestCancel()
        scheduleJobStep(at: now)
    }

    // MARK: Progress

    /// The run finishes, was cancelled, lost its network, or its result can reach the app now.
    mutating func jobStep(generation: Int) {
        guard hasProcess, let execution = process.job, execution.generation == generation else { return }
        if execution.result != nil {
            deliverJobResult()
            return
        }
        guard state.isExecuting else { return }  // frozen; resumed by `jobResumed()`
        process.job?.accrue(until: now, radioBytes: &tally.radioBytes)
        guard let current = process.job else { return }
        guard let ending = current.ending(online: networkPath != .none) else { return scheduleJobStep() }
        finishJob(current, ending.outcome, reason: ending.reason)
    }

    /// The app stopped executing: the run freezes where it is.
    mutating func jobFrozen() {
        guard hasProcess, process.job?.result == nil, process.job?.executing == true else { return }
        process.job?.accrue(until: now, radioBytes: &tally.radioBytes)
        let generation = nextJobGeneration()
        process.job?.freeze(generation: generation)
    }

    /// The app executes again: the run continues, or its held result is delivered.
    mutating func jobResumed() {
        guard hasProcess, process.job != nil else { return }
        process.job?.resume(at: now)
        scheduleJobStep(at: now)
    }

    /// The network changed from outside the scenario (``setNetwork(_:bandwidth:)``): a run that needs
    /// it looks again now, and fails at once if it is gone.
    mutating func jobNetworkChanged() {
        guard hasProcess, let execution = process.job, execution.result == nil, execution.executing,
            execution.requiresNetwork
        else { return }
        scheduleJobStep(at: now)
    }

    /// Schedules the next step: at `time`, or else the run's end or the next network change for a
    /// job that needs one.
    private mutating func scheduleJobStep(at time: TimeInterval? = nil) {
        guard let execution = process.job else { return }
        let next = time ?? execution.plannedStep(after: now, network: scenario.world.network)
        let generation = nextJobGeneration()
        process.job?.restamp(generation)
        schedule(.jobStep(generation: generation), at: next)
    }

    private mutating func nextJobGeneration() -> Int {
        lifecycle.nextTimerGeneration()  // one counter for timers and job steps keeps generations unique
    }

    // MARK: Results

    /// Ends the run: the result with the records it produced, its CPU load removed. The result
    /// reaches the app now if it executes, else when it next does.
    private mutating func finishJob(_ execution: JobExecution, _ outcome: JobOutcome, reason: String?) {
        let result = execution.result(outcome, reason: reason)
        if execution.addedLoad > 0 { setCPULoad(process.cpuLoad - execution.addedLoad) }
        decide(
            "jobFinished", rules: reason == "network lost" || reason == "no network" ? ["URLS-8"] : [],
            execution.finishFields(result))
        process.job?.hold(result)
        deliverJobResult()
    }

    /// Delivers the held result while the app executes; otherwise it waits (like network results).
    private mutating func deliverJobResult() {
        guard state.isExecuting, let result = process.job?.result else { return }
        process.job = nil
        if result.outcome == .completed { tally.noteJobCompleted(result.job, at: now) }
        deliver(.jobFinished(result))
    }

    private static func rules(of reasons: RunReasons) -> [String] {
        RunReasons.ordered.filter { reasons.contains($0) }.flatMap(\.rules)
    }
}
