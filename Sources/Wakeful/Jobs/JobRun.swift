import Foundation

/// One run of a job, as the scheduler starts it with ``Command/runJob(_:)``.
///
/// On a device the ``JobRunner`` runs the job's async work; in the simulator the device runs its
/// ``JobCost``. Either way the run ends with ``Event/jobFinished(_:)``; ``Command/cancelJob(job:run:)``
/// asks it to stop at once and report a checkpoint.
public struct JobRun: Sendable, Hashable, Codable {
    /// The job's identifier.
    public var job: String
    /// The scheduler's serial number of this run (unique within the process).
    public var run: Int
    /// Seconds the run may take before the scheduler cancels it; ``Context/unlimited`` when the
    /// app has no time limit (foreground, location keep-alive).
    public var budget: TimeInterval
    /// The fraction already done by earlier runs (0 for a fresh run).
    public var progress: Double
    /// The job's opaque checkpoint from its last stopped run, if any.
    public var checkpoint: String?

    /// Creates a run.
    public init(job: String, run: Int, budget: TimeInterval, progress: Double = 0, checkpoint: String? = nil) {
        self.job = job
        self.run = run
        self.budget = budget
        self.progress = progress
        self.checkpoint = checkpoint
    }
}

/// How a run ended.
public enum JobOutcome: String, Sendable, Hashable, Codable, CaseIterable {
    /// The work is done; the job is due again after its interval.
    case completed
    /// The run stopped early (cancelled or out of time) and saved a checkpoint to resume from.
    case checkpointed
    /// The work failed; it is retried on a later wake.
    case failed
}

/// The end of a run: ``Event/jobFinished(_:)``.
///
/// The records it carries are committed to the outbox in the same transaction as the job's new
/// state, so a run killed before that commit produces nothing and a re-run cannot duplicate them.
public struct JobResult: Sendable, Hashable, Codable {
    /// The job's identifier.
    public var job: String
    /// The run's serial number, from ``JobRun/run``.
    public var run: Int
    /// How it ended.
    public var outcome: JobOutcome
    /// The fraction done so far, across runs (1 when completed).
    public var progress: Double
    /// The checkpoint to resume from, for a checkpointed run.
    public var checkpoint: String?
    /// Why it failed or stopped, for the timeline.
    public var reason: String?
    /// What the run produced.
    public var records: [Record]

    /// Creates a result.
    public init(
        job: String, run: Int, outcome: JobOutcome, progress: Double, checkpoint: String? = nil,
        reason: String? = nil, records: [Record] = []
    ) {
        self.job = job
        self.run = run
        self.outcome = outcome
        self.progress = progress
        self.checkpoint = checkpoint
        self.reason = reason
        self.records = records
    }
}

/// What the scheduler keeps about a job across launches, in the outbox's store.
public struct JobState: Sendable, Hashable, Codable {
    /// The job's identifier.
    public var job: String
    /// When it last completed; nil if never.
    public var lastCompleted: TimeInterval?
    /// When a run last started; nil if never.
    public var lastStarted: TimeInterval?
    /// The fraction done towards the current run, from checkpoints.
    public var progress: Double
    /// The checkpoint to resume from.
    public var checkpoint: String?
    /// Completed runs so far.
    public var completedRuns: Int

    /// Creates a state (a job never run).
    public init(
        job: String, lastCompleted: TimeInterval? = nil, lastStarted: TimeInterval? = nil, progress: Double = 0,
        checkpoint: String? = nil, completedRuns: Int = 0
    ) {
        self.job = job
        self.lastCompleted = lastCompleted
        self.lastStarted = lastStarted
        self.progress = progress
        self.checkpoint = checkpoint
        self.completedRuns = completedRuns
    }
}
