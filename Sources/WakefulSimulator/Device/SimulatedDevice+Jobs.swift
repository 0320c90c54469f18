import Foundation
import Wakeful

/// A job run on the simulated device: its cost model, how far it got, and its result while the
/// app cannot receive it. It lives in the process, so a killed app loses the run and whatever it
/// produced that was not committed.
struct JobExecution {
    var run: JobRun
    var cost: JobCost
    var requiresNetwork: Bool
    var checkpointable: Bool
    /// Fraction of the whole job done, across runs, as of `accruedAt`.
    var progress: Double
    var accruedAt: TimeInterval
    /// Whether progress accrues: the app executes.
    var executing = true
    /// Seconds this run executed.
    var executed = 0.0
    /// The sample index of the first record this run produces (from the checkpoint).
    var firstSample: Int
    /// Records of the whole job already produced when this run started.
    var producedBefore: Int
    /// CPU load this run added to the app's.
    var addedLoad = 0.0
    var cancelRequested = false
    /// Why the run cannot start, reported on its first step.
    var failure: String?
    /// The result, held until the app executes again.
    var result: JobResult?
    var generation: Int

    /// Records of the whole job produced at `progress`: spread evenly over a whole run.
    func produced(at progress: Double) -> Int {
        min(cost.records, Int((progress * Double(cost.records) + 1e-9).rounded(.down)))
    }
}

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
        let cost = job?.cost ?? JobCost(duration: job?.expectedDuration ?? 1)
        let sample = run.checkpoint.flatMap { Self.sample(in: $0) } ?? 0
        var execution = JobExecution(
            run: run, cost: cost, requiresNetwork: job?.requiresNetwork ?? false,
            checkpointable: job?.checkpointable ?? false,
            progress: min(max(run.progress, 0), 1), accruedAt: now, firstSample: sample, producedBefore: 0,
            generation: nextJobGeneration())
        execution.producedBefore = execution.produced(at: execution.progress)
        if let running = process.job, running.result == nil {
            // One run at a time is the scheduler's rule; a second one is refused, not queued.
            refuse("runJob", "job \(running.run.job) is running", rules: [])
            return
        }
        let reasons = state == .background ? runReasons : []
        decide(
            "jobStarted", rules: reasons.isEmpty ? ["STATE-1"] : Self.rules(of: reasons),
            [
                Field("job", .string(run.job)), Field("run", .int(run.run)),
                Field(
                    "budget",
                    run.budget < Context.unlimited ? .double((run.budget * 1000).rounded() / 1000) : "unlimited"),
                Field("progress", .double(execution.progress)),
                Field("needs", .double((1 - execution.progress) * cost.duration)),
                Field(
                    "keptRunningBy", .string(state == .background ? reasons.names.joined(separator: ",") : "foreground")
                ),
            ])
        if job == nil {
            execution.failure = "no cost model: job \(run.job) is not in app.jobs"
        } else if execution.requiresNetwork && networkPath == .none {
            execution.failure = "no network"
        }
        process.job = execution
        // The result always comes later than the command, as on a device, never inside it.
        guard execution.failure == nil else { return scheduleJobStep(at: now) }
        let base = process.cpuLoad
        setCPULoad(base + cost.cpuLoad)  // TERM-4 and the energy estimate see the work
        process.job?.addedLoad = process.cpuLoad - base
        scheduleJobStep()
    }

    /// Stops the run at once: a checkpointable job reports a checkpoint with the records produced
    /// so far, any other fails (`cancelled`) and its records are discarded.
    mutating func cancelJob(_ job: String, run: Int) {
        guard hasProcess, let execution = process.job, execution.run.run == run, execution.run.job == job,
            execution.result == nil
        else { return }
        accrueJobProgress()
        process.job?.cancelRequested = true
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
        accrueJobProgress()
        guard let current = process.job else { return }
        if let failure = current.failure { return finishJob(.failed, reason: failure) }
        if current.cancelRequested {
            if current.checkpointable { return finishJob(.checkpointed, reason: "cancelled") }
            return finishJob(.failed, reason: "cancelled")
        }
        if current.requiresNetwork && networkPath == .none { return finishJob(.failed, reason: "network lost") }
        if current.progress >= 1 - 1e-9 { return finishJob(.completed, reason: nil) }
        scheduleJobStep()
    }

    /// The app stopped executing: the run freezes where it is.
    mutating func jobFrozen() {
        guard hasProcess, process.job?.result == nil, process.job?.executing == true else { return }
        accrueJobProgress()
        let generation = nextJobGeneration()
        process.job?.executing = false
        process.job?.generation = generation
    }

    /// The app executes again: the run continues, or its held result is delivered.
    mutating func jobResumed() {
        guard hasProcess, process.job != nil else { return }
        process.job?.executing = true
        process.job?.accruedAt = now
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

    private mutating func accrueJobProgress() {
        guard var execution = process.job, execution.result == nil else { return }
        if execution.executing {  // kept by `jobFrozen()` / `jobResumed()`, called as the state changes
            let elapsed = max(0, now - execution.accruedAt)
            let before = execution.progress
            execution.progress = min(1, execution.progress + elapsed / execution.cost.duration)
            execution.executed += elapsed
            tally.radioBytes += (execution.progress - before) * Double(execution.cost.networkBytes)  // ENERGY-2
        }
        execution.accruedAt = now
        process.job = execution
    }

    /// Schedules the next step: the run's end, or the next network change for a job that needs one.
    private mutating func scheduleJobStep(at time: TimeInterval? = nil) {
        guard let execution = process.job else { return }
        var next = time ?? now + (1 - execution.progress) * execution.cost.duration
        if time == nil, execution.requiresNetwork, let change = scenario.world.network.nextChange(after: now) {
            next = min(next, change)
        }
        let generation = nextJobGeneration()
        process.job?.generation = generation
        schedule(.jobStep(generation: generation), at: next)
    }

    private mutating func nextJobGeneration() -> Int {
        lifecycle.nextTimerGeneration()  // one counter for timers and job steps keeps generations unique
    }

    // MARK: Results

    /// Ends the run: the result with the records it produced (none for a failed run), its CPU load
    /// removed. The result reaches the app now if it executes, else when it next does.
    private mutating func finishJob(_ outcome: JobOutcome, reason: String?) {
        guard let execution = process.job else { return }
        let produced = outcome == .failed ? 0 : execution.produced(at: execution.progress) - execution.producedBefore
        let records = (0..<max(0, produced)).map { index in
            Record(
                kind: execution.run.job,
                fields: [
                    Field("job", .string(execution.run.job)), Field("sample", .int(execution.firstSample + index)),
                    Field("payload", .string(Self.filler(count: execution.cost.recordBytes))),
                ])
        }
        let next = execution.firstSample + records.count
        let result = JobResult(
            job: execution.run.job, run: execution.run.run, outcome: outcome,
            progress: outcome == .completed ? 1 : outcome == .failed ? execution.run.progress : execution.progress,
            checkpoint: outcome == .failed ? execution.run.checkpoint : Self.checkpoint(sample: next), reason: reason,
            records: records)
        if execution.addedLoad > 0 { setCPULoad(process.cpuLoad - execution.addedLoad) }
        var fields: [Field] = [
            Field("job", .string(result.job)), Field("run", .int(result.run)),
            Field("outcome", .string(outcome.rawValue)),
            Field("progress", .double((result.progress * 1000).rounded() / 1000)),
            Field("executed", .double((execution.executed * 1000).rounded() / 1000)),
            Field("records", .int(records.count)),
        ]
        if let reason { fields.append(Field("reason", .string(reason))) }
        decide("jobFinished", rules: reason == "network lost" || reason == "no network" ? ["URLS-8"] : [], fields)
        process.job?.result = result
        process.job?.addedLoad = 0
        deliverJobResult()
    }

    /// Delivers the held result while the app executes; otherwise it waits (like network results).
    private mutating func deliverJobResult() {
        guard state.isExecuting, let result = process.job?.result else { return }
        process.job = nil
        if result.outcome == .completed { tally.noteJobCompleted(result.job, at: now) }
        deliver(.jobFinished(result))
    }

    /// A record's payload of `count` bytes: `String(repeating:count:)` appends one character at a
    /// time, and every sample of every run makes one.
    private static func filler(count: Int) -> String {
        String(decoding: repeatElement(UInt8(ascii: "x"), count: count), as: UTF8.self)
    }

    // MARK: Checkpoints

    /// The simulator's checkpoint: the next sample index, so a resumed run never repeats one.
    static func checkpoint(sample: Int) -> String { "sample=\(sample)" }

    static func sample(in checkpoint: String) -> Int? {
        guard checkpoint.hasPrefix("sample=") else { return nil }
        return Int(checkpoint.dropFirst("sample=".count))
    }

    private static func rules(of reasons: RunReasons) -> [String] {
        RunReasons.ordered.filter { reasons.contains($0) }.flatMap(\.rules)
    }
}
