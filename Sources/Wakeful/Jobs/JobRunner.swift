import Foundation

/// The device-side executor of ``Command/runJob(_:)`` and ``Command/cancelJob(job:run:)``: maps
/// job identifiers to async work, runs one run in a `Task`, and reports ``Event/jobFinished(_:)``.
///
/// Work that returns has completed, unless it was cancelled (it sees `Task.isCancelled`) and saved
/// a checkpoint: then it ends `checkpointed` with its records. Cancelled without a checkpoint it
/// ends `failed` (`cancelled`) and its records are discarded, as are those of work that throws.
///
/// ```swift
/// let runner = JobRunner(work: ["upload": { context in try await uploadPending(context) }]) { event in
///     agent.deliver(event)
/// }
/// for command in commands { runner.execute(command) }
/// ```
@MainActor
public final class JobRunner {
    /// A job's work.
    public typealias Work = @Sendable (JobContext) async throws -> Void

    private let work: [String: Work]
    private let report: @MainActor (Event) -> Void
    private var tasks: [Int: Task<Void, Never>] = [:]

    /// Creates a runner.
    ///
    /// - Parameters:
    ///   - work: The work of each job, by job identifier.
    ///   - report: Receives ``Event/jobFinished(_:)`` on the main actor when a run ends.
    public init(work: [String: Work], report: @escaping @MainActor (Event) -> Void) {
        self.work = work
        self.report = report
    }

    /// The serial numbers of the runs in progress.
    public var runsInProgress: [Int] { tasks.keys.sorted() }

    /// Carries out `command` if it is a job command.
    /// - Returns: Whether it was one.
    @discardableResult
    public func execute(_ command: Command) -> Bool {
        switch command {
        case .runJob(let run):
            start(run)
            return true
        case .cancelJob(_, let run):
            tasks[run]?.cancel()
            return true
        default:
            return false
        }
    }

    private func start(_ run: JobRun) {
        guard let work = work[run.job] else {
            report(
                .jobFinished(
                    JobResult(
                        job: run.job, run: run.run, outcome: .failed, progress: run.progress,
                        checkpoint: run.checkpoint,
                        reason: "no work registered for job \(run.job)")))
            return
        }
        let context = JobContext(run: run)
        tasks[run.run] = Task {
            let result = await Self.execute(work, in: context)
            self.tasks[run.run] = nil
            self.report(.jobFinished(result))
        }
    }

    /// Runs the work and turns how it ended into a result.
    private nonisolated static func execute(_ work: Work, in context: JobContext) async -> JobResult {
        let run = context.run
        var failure = "cancelled"
        do {
            try await work(context)
            // Returned: done, unless it was cancelled and saved a checkpoint to resume from.
            let saved = await context.checkpointed
            if !(Task.isCancelled && saved) {
                return JobResult(
                    job: run.job, run: run.run, outcome: .completed, progress: 1, records: await context.records)
            }
        } catch {
            if !(Task.isCancelled || error is CancellationError) { failure = String(describing: error) }
        }
        let saved = await context.checkpointed
        if failure == "cancelled", saved, let checkpoint = await context.checkpoint {
            return JobResult(
                job: run.job, run: run.run, outcome: .checkpointed, progress: await context.progress,
                checkpoint: checkpoint, reason: "cancelled", records: await context.records)
        }
        return JobResult(
            job: run.job, run: run.run, outcome: .failed, progress: run.progress, checkpoint: run.checkpoint,
            reason: failure)
    }
}
