import Foundation
import Wakeful

// Scheduled tasks: the scenario keys the BGTaskScheduler model reads (`world.power`,
// `world.startHour`, `app.usage`, `app.permittedTaskIdentifiers`, `app.processingCPULoad`).

/// `world.power`: `[{"at": 0, "battery": 0.8, "charging": false}, {"at": 79200, "charging": true}]`.
struct PowerDocument: Decodable {
    var timeline: PowerTimeline

    init(from decoder: any Decoder) throws {
        let points = try decoder.singleValueContainer().decode([PowerPointDocument].self).map(\.point)
        do {
            timeline = try PowerTimeline(points)
        } catch {
            var path = decoder.codingPath + [AnyKey(intValue: error.index)!]
            if let field = error.field { path.append(AnyKey(field)) }
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: error.message))
        }
    }
}

private struct PowerPointDocument: Decodable {
    var point: PowerPoint

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["at", "battery", "charging"])
        point = PowerPoint(
            at: try c.value("at"), battery: try c.optional("battery"), charging: try c.optional("charging"))
    }
}

/// `app.usage`: `{"usedDaysAgo": 0, "typicalOpenHours": [8, 12.5, 19]}`.
struct UsageDocument: Decodable {
    var usage: AppUsageHistory

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["usedDaysAgo", "typicalOpenHours"])
        let days = try c.optional("usedDaysAgo", as: Double.self)
        if let days, !(days >= 0 && days.isFinite) {
            throw c.failure("usedDaysAgo", "expected days, zero or more; leave it out for never")
        }
        let hours = try c.optional("typicalOpenHours", as: [Double].self) ?? []
        if let bad = hours.first(where: { !($0 >= 0 && $0 < 24) }) {
            throw c.failure(
                "typicalOpenHours",
                "\(bad) is not an hour of day; expected numbers from 0 up to (not including) 24, e.g. 12.5 for 12:30")
        }
        usage = AppUsageHistory(usedDaysAgo: days, typicalOpenHours: hours)
    }
}

extension KeyedDecodingContainer where Key == AnyKey {
    /// `world.startHour`: an hour of day, 0 up to 24; 0 when absent.
    func startHour() throws -> Double {
        guard let hour = try optional("startHour", as: Double.self) else { return 0 }
        guard hour >= 0, hour < 24 else {
            throw failure(
                "startHour", "\(hour) is not an hour of day; expected a number from 0 up to (not including) 24")
        }
        return hour
    }

    /// `app.permittedTaskIdentifiers`: non-empty strings, each once; nil when absent.
    func permittedTaskIdentifiers() throws -> [String]? {
        guard let identifiers = try optional("permittedTaskIdentifiers", as: [String].self) else { return nil }
        if identifiers.contains("") {
            throw failure(
                "permittedTaskIdentifiers",
                "an identifier is empty; expected reverse-DNS strings such as com.example.refresh")
        }
        if let repeated = identifiers.first(where: { id in identifiers.filter { $0 == id }.count > 1 }) {
            throw failure("permittedTaskIdentifiers", "\"\(repeated)\" is listed twice; expected each identifier once")
        }
        return identifiers
    }

    /// `app.processingCPULoad`: a share of one CPU, 0…1; 1 when absent.
    func processingCPULoad() throws -> Double {
        guard let load = try optional("processingCPULoad", as: Double.self) else { return 1 }
        guard (0...1).contains(load) else {
            throw failure("processingCPULoad", "\(load) is outside 0…1; expected a share of one CPU, e.g. 0.5")
        }
        return load
    }
}
