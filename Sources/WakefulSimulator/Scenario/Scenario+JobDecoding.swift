import Foundation
import Wakeful

// Jobs: `app.jobs` and `app.jobScheduler`.

/// `app.jobs[i]`: `{"id": "aggregate", "interval": 900, "deadline": 1800, "expectedDuration": 8,
/// "minimumInterval": 60, "requiresNetwork": true, "requiresExternalPower": false, "priority": "high",
/// "checkpointable": false, "cost": {"duration": 8, "cpuLoad": 0.3, "networkBytes": 20000, "records": 1, "recordBytes": 400}}`.
struct JobDocument: Decodable {
    var job: Job

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: [
            "id", "interval", "deadline", "expectedDuration", "minimumInterval", "requiresNetwork",
            "requiresExternalPower",
            "priority", "checkpointable", "cost",
        ])
        let id: String = try c.value("id")
        guard !id.isEmpty else { throw c.failure("id", "is empty; expected a stable name such as \"aggregate\"") }
        let interval = try c.positiveSeconds("interval")
        let deadline = try c.positiveSeconds("deadline")
        let expected = try c.positiveSeconds("expectedDuration") ?? 1
        let minimumInterval = try c.optional("minimumInterval", as: Double.self) ?? 0
        guard minimumInterval >= 0, minimumInterval.isFinite else {
            throw c.failure("minimumInterval", "expected seconds, zero or more")
        }
        var priority = JobPriority.normal
        if let text = try c.optional("priority", as: String.self) {
            guard let value = JobPriority.named(text) else {
                throw c.failure(
                    "priority",
                    "\"\(text)\": expected one of: \(JobPriority.allCases.map(\.name).joined(separator: ", "))")
            }
            priority = value
        }
        let cost = try c.optional("cost", as: JobCostDocument.self)?.cost ?? JobCost(duration: expected)
        job = Job(
            id: id, interval: interval, deadline: deadline, expectedDuration: expected,
            minimumInterval: minimumInterval,
            requiresNetwork: try c.optional("requiresNetwork") ?? false,
            requiresExternalPower: try c.optional("requiresExternalPower") ?? false, priority: priority,
            checkpointable: try c.optional("checkpointable") ?? false, cost: cost)
    }
}

/// `cost`: `{"duration": 8, "cpuLoad": 0.3, "networkBytes": 20000, "records": 4, "recordBytes": 200}`.
private struct JobCostDocument: Decodable {
    var cost: JobCost

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["duration", "cpuLoad", "networkBytes", "records", "recordBytes"])
        let duration: Double = try c.value("duration")
        guard duration > 0, duration.isFinite else {
            throw c.failure("duration", "expected a positive number of seconds")
        }
        let load = try c.optional("cpuLoad", as: Double.self) ?? 0.2
        guard (0...1).contains(load) else {
            throw c.failure("cpuLoad", "\(load) is outside 0…1; expected a share of one CPU, e.g. 0.2")
        }
        cost = JobCost(
            duration: duration, cpuLoad: load,
            networkBytes: try c.integer("networkBytes", in: 0...1_000_000_000, default: 0),
            records: try c.integer("records", in: 0...10_000, default: 1),
            recordBytes: try c.integer("recordBytes", in: 0...1_000_000, default: 200))
    }
}

/// `app.jobScheduler`: `{"safetyMargin": 5, "refreshIdentifier": "…", "processingIdentifier": null,
/// "completesRemoteNotifications": true}`; null turns an identifier off.
struct JobSchedulerDocument: Decodable {
    var options: JobScheduler.Options

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: [
            "safetyMargin", "refreshIdentifier", "processingIdentifier", "completesRemoteNotifications",
        ])
        options = JobScheduler.Options()
        if let margin = try c.optional("safetyMargin", as: Double.self) {
            guard margin >= 0, margin.isFinite else {
                throw c.failure("safetyMargin", "expected seconds, zero or more")
            }
            options.safetyMargin = margin
        }
        options.refreshIdentifier = try c.identifier("refreshIdentifier", default: options.refreshIdentifier)
        options.processingIdentifier = try c.identifier("processingIdentifier", default: options.processingIdentifier)
        options.completesRemoteNotifications = try c.optional("completesRemoteNotifications") ?? false
    }
}

extension KeyedDecodingContainer where Key == AnyKey {
    /// `app.jobs`: each id once.
    func jobs() throws -> [Job] {
        let jobs = try optional("jobs", as: [JobDocument].self)?.map(\.job) ?? []
        if let repeated = jobs.first(where: { job in jobs.filter { $0.id == job.id }.count > 1 }) {
            throw failure("jobs", "\"\(repeated.id)\" is declared twice; expected each job id once")
        }
        return jobs
    }

    /// A positive number of seconds, or nil when absent.
    fileprivate func positiveSeconds(_ key: String) throws -> TimeInterval? {
        guard let seconds = try optional(key, as: Double.self) else { return nil }
        guard seconds > 0, seconds.isFinite else {
            throw failure(key, "expected a positive number of seconds; leave it out for none")
        }
        return seconds
    }

    /// A task identifier: a non-empty string, null for none, `fallback` when absent.
    fileprivate func identifier(_ key: String, default fallback: String?) throws -> String? {
        guard contains(AnyKey(key)) else { return fallback }
        if try decodeNil(forKey: AnyKey(key)) { return nil }
        let text: String = try value(key)
        guard !text.isEmpty else {
            throw failure(key, "is empty; expected a reverse-DNS identifier such as com.example.jobs, or null for none")
        }
        return text
    }
}

extension JobPriority {
    /// The name a scenario file uses.
    var name: String {
        switch self {
        case .low: "low"
        case .normal: "normal"
        case .high: "high"
        }
    }

    static func named(_ text: String) -> JobPriority? { allCases.first { $0.name == text } }
}
