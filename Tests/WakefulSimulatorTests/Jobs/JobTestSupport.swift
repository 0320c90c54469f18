import Foundation
import Testing
import Wakeful
import WakefulSimulator

// Helpers for the jobs suites.

enum JobScenarios {
    /// A long job that checkpoints: every run is cut at the wake's budget, so how long it executed
    /// shows the time the wake gave.
    static let probe = Job(
        id: "probe", interval: 600, expectedDuration: 5000, checkpointable: true,
        cost: JobCost(duration: 5000, cpuLoad: 0.05, records: 50, recordBytes: 8))

    /// `scenario` with `jobs` declared in `app.jobs`, so the device runs a ``JobScheduler``.
    static func with(_ scenario: Scenario, _ jobs: [Job] = [probe], options: JobScheduler.Options? = nil) -> Scenario {
        var scenario = scenario
        scenario.app.jobs = jobs
        scenario.app.jobScheduler = options
        return scenario
    }
}

/// One job run as the timeline shows it.
struct JobRunTrace {
    var started: TimeInterval
    var budget: FieldValue?
    var keptRunningBy: String
    var finished: TimeInterval?
    var outcome: String?
    var executed: Double?
}

extension Trace {
    /// Every job run, from the device's `jobStarted` and `jobFinished` decisions.
    var jobRuns: [JobRunTrace] {
        let finished = decisions("jobFinished")
        return decisions("jobStarted").map { start in
            let run = start.decision.fields["run"]
            let end = finished.first { $0.decision.fields["run"] == run }
            return JobRunTrace(
                started: start.time, budget: start.decision.fields["budget"],
                keptRunningBy: start.decision.fields["keptRunningBy"]?.description ?? "",
                finished: end?.time, outcome: end?.decision.fields["outcome"]?.description,
                executed: end?.decision.fields["executed"]?.number)
        }
    }

    /// When the app was first woken (or relaunched) into the background by one of `causes`.
    func firstWake(_ causes: Set<String>, after time: TimeInterval = 0) -> TimeInterval? {
        states(to: .background).first { $0.time >= time && causes.contains($0.change.cause) }?.time
    }

    /// The first run started within a second of `time`.
    func run(startedAt time: TimeInterval) -> JobRunTrace? {
        jobRuns.first { $0.started >= time && $0.started <= time + 1 }
    }
}

/// Whether two times agree to a millisecond-scale tolerance.
func close(_ value: Double?, _ expected: Double, within tolerance: Double = 0.05) -> Bool {
    value.map { abs($0 - expected) <= tolerance } ?? false
}
