import Foundation
import Wakeful

/// An entry of `world.health`:
/// `{"type": "bloodGlucose", "id": "glucose", "at": 300, "every": 300, "until": 28800, "value": 104}`.
/// Only `type` and `at` are required.
struct HealthSeriesDocument: Decodable {
    var series: HealthSampleSeries

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["type", "id", "at", "every", "until", "value"])
        let type: String = try c.value("type")
        guard !type.isEmpty else {
            throw c.failure("type", "expected a HealthKit type's name, such as \"bloodGlucose\" or \"stepCount\"")
        }
        let at: Double = try c.value("at")
        guard at >= 0, at.isFinite else { throw c.failure("at", "expected seconds from the start, zero or more") }
        let id = try c.optional("id", as: String.self)
        if let id, id.isEmpty { throw c.failure("id", "expected a non-empty string") }
        let every = try c.optional("every", as: Double.self)
        if let every, !(every >= 1 && every.isFinite) {
            throw c.failure("every", "expected seconds between samples, at least 1")
        }
        let until = try c.optional("until", as: Double.self)
        if let until, until < at { throw c.failure("until", "expected a time no earlier than at (\(at) s)") }
        let value = try c.optional("value", as: Double.self) ?? 1
        series = HealthSampleSeries(
            type: HealthDataType(rawValue: type), id: id, at: at, every: every, until: until, value: value)
    }
}
