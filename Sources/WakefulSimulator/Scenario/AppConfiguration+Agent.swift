import Foundation
import Wakeful

extension AppConfiguration {
    /// The app's `AgentConfiguration`, the value an app hands to `WakefulApp.Configuration(agent:)`:
    /// its outbox's uploads, retention and timeline, and its jobs. Nil for an app that keeps no
    /// outbox and declares no jobs.
    ///
    /// The simulated app runs its agent from this value. Setting it replaces ``outbox`` (keeping its
    /// ``OutboxSpec/writes``), ``jobs`` and ``jobScheduler``, so a test runs the configuration the
    /// app ships rather than a description of it:
    ///
    /// ```swift
    /// var app = AppConfiguration(locationAuthorization: .always, features: [.locationLog])
    /// app.agent = AgentConfiguration(jobs: JobScheduler.Options(jobs: [Job(id: "sync", interval: 900, expectedDuration: 5)]))
    /// ```
    ///
    /// An app that declares jobs without an outbox keeps the jobs' states in an outbox that
    /// collects without uploading, as a scenario file's `jobs` without `outbox` does.
    public var agent: AgentConfiguration? {
        get {
            let scheduler = jobSchedulerStrategy
            guard let spec = outbox ?? (scheduler == nil ? nil : OutboxSpec(upload: nil)) else { return nil }
            return AgentConfiguration(
                jobs: scheduler?.options, upload: spec.upload, retention: spec.retention, timeline: spec.timeline,
                retentionEveryRecords: spec.retentionEveryRecords)
        }
        set {
            guard let agent = newValue else {
                outbox = nil
                jobs = []
                jobScheduler = nil
                return
            }
            outbox = OutboxSpec(
                upload: agent.upload, retention: agent.retention, timeline: agent.timeline,
                writes: outbox?.writes ?? .beforeCommands, retentionEveryRecords: agent.retentionEveryRecords)
            jobs = agent.jobs?.jobs ?? []
            jobScheduler = agent.jobs
        }
    }
}
