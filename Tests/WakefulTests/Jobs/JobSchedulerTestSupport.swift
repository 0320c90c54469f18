import Foundation
import Wakeful

/// A scheduler under test and helpers to read its commands.
struct SchedulerProbe {
    var scheduler: JobScheduler

    init(_ jobs: [Job], margin: TimeInterval = 5, completesPushes: Bool = false) {
        scheduler = JobScheduler(
            options: .init(jobs: jobs, safetyMargin: margin, completesRemoteNotifications: completesPushes))
    }

    mutating func handle(_ event: Event, _ context: Context) -> [Command] {
        scheduler.handle(event, in: context)
    }

    static let task1 = BackgroundTaskID(owner: "JobScheduler", serial: 1)

    static func foreground(_ now: TimeInterval, network: NetworkPath = .wifi, power: Bool? = false) -> Context {
        Context(now: now, appState: .active, network: network, externalPower: power)
    }

    static func background(
        _ now: TimeInterval, remaining: TimeInterval = Context.unlimited, network: NetworkPath = .wifi,
        power: Bool? = false
    ) -> Context {
        Context(
            now: now, appState: .background, backgroundTimeRemaining: remaining, network: network, externalPower: power)
    }
}

extension [Command] {
    /// The runs started.
    var runs: [JobRun] {
        compactMap { if case .runJob(let run) = $0 { run } else { nil } }
    }

    /// The task requests submitted.
    var submitted: [TaskRequest] {
        compactMap { if case .submitTaskRequest(let request) = $0 { request } else { nil } }
    }

    func timer(_ id: TimerID) -> TimerRequest? {
        lazy.compactMap { if case .setTimer(let request) = $0, request.id == id { request } else { nil } }.first
    }
}

extension JobResult {
    static func completed(_ run: JobRun, records: [Record] = []) -> JobResult {
        JobResult(job: run.job, run: run.run, outcome: .completed, progress: 1, records: records)
    }
}
