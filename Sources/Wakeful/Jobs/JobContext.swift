import Foundation

/// What a job's work sees while it runs on a device: the run, and where it puts its records and
/// its checkpoint.
///
/// The work checks `Task.isCancelled` (the ``JobRunner`` cancels its task on
/// ``Command/cancelJob(job:run:)``), saves a checkpoint and returns or throws `CancellationError`.
///
/// ```swift
/// let work: JobRunner.Work = { context in
///     var index = Int(context.run.checkpoint ?? "0") ?? 0
///     while index < 100 {
///         if Task.isCancelled {
///             await context.checkpoint(String(index), progress: Double(index) / 100)
///             throw CancellationError()
///         }
///         await context.record(Record(kind: "sample", fields: [Field("index", .int(index))]))
///         index += 1
///     }
/// }
/// ```
public actor JobContext {
    /// The run being executed: its budget, and the progress and checkpoint of earlier runs.
    public nonisolated let run: JobRun
    /// The records produced so far.
    public private(set) var records: [Record] = []
    /// The checkpoint saved last, if any.
    public private(set) var checkpoint: String?
    /// The progress saved with it.
    public private(set) var progress: Double
    /// Whether this run saved a checkpoint.
    var checkpointed = false

    /// Creates the context of `run`.
    public init(run: JobRun) {
        self.run = run
        self.progress = run.progress
    }

    /// Adds a record to the run's output; it is committed with the job's state when the run ends.
    public func record(_ record: Record) {
        records.append(record)
    }

    /// Saves where to resume from and how far the job got (0 to 1).
    public func checkpoint(_ value: String, progress: Double) {
        checkpoint = value
        checkpointed = true
        self.progress = min(max(progress, 0), 1)
    }
}
