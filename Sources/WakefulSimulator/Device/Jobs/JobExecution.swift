import Foundation
import Wakeful

/// A job run on the simulated device: its cost model, how far it got, and its result while the
/// app cannot receive it. It lives in the process (``AppProcess/job``), so a killed app loses the
/// run and whatever it produced that was not committed.
///
/// Its functions are the run's rules: progress accrues only while the app executes, at the pace
/// of the scenario's cost model (`app.jobs`); a run ends completed, checkpointed, or failed
/// (cancelled, no cost model, the network it needs gone, URLS-8). The device schedules its steps,
/// carries its CPU load and delivers its result.
struct JobExecution {
    let run: JobRun
    let cost: JobCost
    let requiresNetwork: Bool
    let checkpointable: Bool
    /// Fraction of the whole job done, across runs, as of `accruedAt`.
    private var progress: Double
    private var accruedAt: TimeInterval
    /// Whether progress accrues: the app executes.
    private(set) var executing = true
    /// Seconds this run executed.
    private var executed = 0.0
    /// The sample index of the first record this run produces (from the checkpoint).
    private let firstSample: Int
    /// Records of the whole job already produced when this run started.
    private var producedBefore = 0
    /// CPU load this run added to the app's.
    private(set) var addedLoad = 0.0
    private var cancelRequested = false
    /// Why the run cannot start, reported on its first step.
    let failure: String?
    /// The result, held until the app executes again.
    private(set) var result: JobResult?
    /// Stamps the run's agenda entries.
    private(set) var generation: Int

    /// A run of `run` under the job's cost model (`job`, nil when `app.jobs` has none: the run
    /// fails on its first step), from `now`. `online`: the phone has a network, which a job that
    /// requires one needs to start.
    init(_ run: JobRun, job: Job?, at now: TimeInterval, generation: Int, online: Bool) {
        self.run = run
        cost = job?.cost ?? JobCost(duration: job?.expectedDuration ?? 1)
        requiresNetwork = job?.requiresNetwork ?? false
        checkpointable = job?.checkpointable ?? false
        progress = min(max(run.progress, 0), 1)
        accruedAt = now
        firstSample = run.checkpoint.flatMap { Self.sample(in: $0) } ?? 0
        failure =
            if job == nil { "no cost model: job \(run.job) is not in app.jobs" } else if requiresNetwork && !online {
                "no network"
            } else { nil }
        self.generation = generation
        producedBefore = produced(at: progress)
    }

    /// Records of the whole job produced at `progress`: spread evenly over a whole run.
    private func produced(at progress: Double) -> Int {
        min(cost.records, Int((progress * Double(cost.records) + 1e-9).rounded(.down)))
    }

    /// The fields of the `jobStarted` decision; `keptRunningBy` names what keeps the app running.
    func startFields(keptRunningBy: String) -> [Field] {
        [
            Field("job", .string(run.job)), Field("run", .int(run.run)),
            Field(
                "budget", run.budget < Context.unlimited ? .double((run.budget * 1000).rounded() / 1000) : "unlimited"),
            Field("progress", .double(progress)), Field("needs", .double((1 - progress) * cost.duration)),
            Field("keptRunningBy", .string(keptRunningBy)),
        ]
    }

    // MARK: Progress

    /// Accrues the progress made while executing since the last accrual, with the network bytes
    /// it moved added to `radioBytes` (ENERGY-2).
    mutating func accrue(until now: TimeInterval, radioBytes: inout Double) {
        guard result == nil else { return }
        if executing {  // kept by `freeze` / `resume`, called as the app's state changes
            let elapsed = max(0, now - accruedAt)
            let before = progress
            progress = min(1, progress + elapsed / cost.duration)
            executed += elapsed
            radioBytes += (progress - before) * Double(cost.networkBytes)
        }
        accruedAt = now
    }

    /// The app stopped executing: the run freezes where it is, and its pending step is stale.
    mutating func freeze(generation: Int) {
        executing = false
        self.generation = generation
    }

    /// The app executes again: progress accrues from `now`.
    mutating func resume(at now: TimeInterval) {
        executing = true
        accruedAt = now
    }

    mutating func requestCancel() { cancelRequested = true }

    mutating func addLoad(_ load: Double) { addedLoad = load }

    /// The run's next agenda entry carries `generation`; older ones are stale.
    mutating func restamp(_ generation: Int) { self.generation = generation }

    /// When the run would end at its pace from `now`, or, for a job that needs the network, the
    /// next change of `network` if sooner.
    func plannedStep(after now: TimeInterval, network: NetworkTimeline) -> TimeInterval {
        let end = now + (1 - progress) * cost.duration
        guard requiresNetwork, let change = network.nextChange(after: now) else { return end }
        return min(end, change)
    }

    /// How the run ends at a step, if it does: it cannot start, was cancelled, lost the network
    /// it needs (`online` false), or is done.
    func ending(online: Bool) -> (outcome: JobOutcome, reason: String?)? {
        if let failure { return (.failed, failure) }
        if cancelRequested { return (checkpointable ? .checkpointed : .failed, "cancelled") }
        if requiresNetwork && !online { return (.failed, "network lost") }
        if progress >= 1 - 1e-9 { return (.completed, nil) }
        return nil
    }

    // MARK: Results

    /// The run's result: the records it produced (none for a failed run) and the checkpoint to
    /// resume from.
    func result(_ outcome: JobOutcome, reason: String?) -> JobResult {
        let produced = outcome == .failed ? 0 : produced(at: progress) - producedBefore
        let records = (0..<max(0, produced)).map { index in
            Record(
                kind: run.job,
                fields: [
                    Field("job", .string(run.job)), Field("sample", .int(firstSample + index)),
                    Field("payload", .string(Self.filler(count: cost.recordBytes))),
                ])
        }
        let next = firstSample + records.count
        return JobResult(
            job: run.job, run: run.run, outcome: outcome,
            progress: outcome == .completed ? 1 : outcome == .failed ? run.progress : progress,
            checkpoint: outcome == .failed ? run.checkpoint : Self.checkpoint(sample: next), reason: reason,
            records: records)
    }

    /// The fields of the `jobFinished` decision.
    func finishFields(_ result: JobResult) -> [Field] {
        var fields: [Field] = [
            Field("job", .string(result.job)), Field("run", .int(result.run)),
            Field("outcome", .string(result.outcome.rawValue)),
            Field("progress", .double((result.progress * 1000).rounded() / 1000)),
            Field("executed", .double((executed * 1000).rounded() / 1000)),
            Field("records", .int(result.records.count)),
        ]
        if let reason = result.reason { fields.append(Field("reason", .string(reason))) }
        return fields
    }

    /// Holds the result until the app executes; the run's CPU load is gone.
    mutating func hold(_ result: JobResult) {
        self.result = result
        addedLoad = 0
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
}
