import Foundation

/// What the ``Agent`` does besides running the strategies: jobs, uploads, retention and the timeline.
///
/// ```swift
/// var configuration = AgentConfiguration()
/// configuration.jobs = JobScheduler.Options(jobs: [Job(id: "sample", interval: 300, expectedDuration: 2)])
/// configuration.upload = Uploader.Configuration()
/// ```
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

    /// Creates a configuration (R: default retention, the lifecycle timeline, retention every 1,000 records).
    public init(
        jobs: JobScheduler.Options? = nil, upload: Uploader.Configuration? = nil, retention: RetentionPolicy = RetentionPolicy(),
        timeline: TimelineUpload = .lifecycle, retentionEveryRecords: Int = 1000
    ) {
        self.jobs = jobs
        self.upload = upload
        self.retention = retention
        self.timeline = timeline
        self.retentionEveryRecords = retentionEveryRecords
    }
}
