import Foundation

/// What the ``Agent`` does besides running the strategies: jobs, uploads, retention and the timeline.
///
/// ```swift
/// var configuration = AgentConfiguration()
/// configuration.jobs = JobScheduler.Options(jobs: [Job(id: "sample", interval: 300, expectedDuration: 2)])
/// configuration.upload = Uploader.Configuration(background: false)  // in-process requests instead
/// ```
///
/// Uploads are on by default: an outbox exists to reach the server, and on a device the server's
/// address (`WakefulApp.Configuration.ingestEndpoint`) is what decides whether anything is sent.
/// Set ``upload`` to nil to collect without uploading. `OutboxSpec()`, the simulator's outbox,
/// takes its defaults from here, so a test uploads exactly when the app does.
public struct AgentConfiguration: Sendable, Hashable {
    /// The jobs and how the scheduler runs them; nil for none.
    public var jobs: JobScheduler.Options?
    /// How the outbox is uploaded; nil to collect without uploading.
    public var upload: Uploader.Configuration?
    /// The outbox's retention limits, applied at launch and as records accumulate.
    public var retention: RetentionPolicy
    /// Which timeline entries go to the server with the records.
    public var timeline: TimelineUpload
    /// Retention is applied again after this many appended records.
    public var retentionEveryRecords: Int
    /// Records the agent holds in memory at most while the outbox cannot be written (a locked
    /// phone, DATA-4); beyond it the oldest timeline entries are dropped first, then the oldest
    /// records, and a loss record says how many.
    public var holdLimit = 1000

    /// Creates a configuration (no jobs, uploads with the uploader's defaults, default retention,
    /// the lifecycle timeline, retention every 1,000 records).
    public init(
        jobs: JobScheduler.Options? = nil, upload: Uploader.Configuration? = Uploader.Configuration(),
        retention: RetentionPolicy = RetentionPolicy(),
        timeline: TimelineUpload = .lifecycle, retentionEveryRecords: Int = 1000
    ) {
        self.jobs = jobs
        self.upload = upload
        self.retention = retention
        self.timeline = timeline
        self.retentionEveryRecords = retentionEveryRecords
    }
}
