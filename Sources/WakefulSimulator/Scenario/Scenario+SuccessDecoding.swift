import Foundation

/// `success`: `{"trigger": {}}`, `{"periodic": {"record": …, "period": …}}`, `{"stored": {…}}` (as
/// periodic, counting only records that reached the outbox), `{"kept": {"record": …}}` or
/// `{"completed": {"record": …, "by": …}}`; `{"shown": {"within": …}}` for pushes that reach the
/// screen, such as Live Activity updates.
struct SuccessDocument: Decodable {
    static let forms = [
        "trigger", "periodic", "stored", "kept", "switches", "completed", "latency", "connected", "entries", "tracked",
        "configured",
        "delivered",
        "shown",
    ]

    var measure: SuccessMeasure

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: Self.forms)
        guard c.allKeys.count == 1, let form = c.allKeys.first?.stringValue else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected an object with exactly one key: \(Self.forms.joined(separator: ", "))"))
        }
        let body = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(form))
        switch form {
        case "trigger":
            try body.rejectUnknownKeys(allowed: [])
            measure = .trigger
        case "periodic", "stored":
            try body.rejectUnknownKeys(allowed: ["record", "period", "from", "to", "tolerance"])
            let period: Double = try body.value("period")
            guard period > 0, period.isFinite else {
                throw body.failure("period", "expected a positive number of seconds")
            }
            let from = try body.optional("from", as: Double.self) ?? 0
            let to = try body.optional("to", as: Double.self)
            if let to, to <= from { throw body.failure("to", "expected a time after from (\(from) s)") }
            let tolerance = try body.optional("tolerance", as: Double.self) ?? 0
            guard tolerance >= 0 else { throw body.failure("tolerance", "expected seconds, zero or more") }
            let record: String = try body.value("record")
            measure =
                form == "stored"
                ? .stored(record: record, period: period, from: from, to: to, tolerance: tolerance)
                : .periodic(record: record, period: period, from: from, to: to, tolerance: tolerance)
        case "latency":
            try body.rejectUnknownKeys(allowed: ["record", "within"])
            let within: Double = try body.value("within")
            guard within > 0, within.isFinite else {
                throw body.failure("within", "expected a positive number of seconds")
            }
            measure = .latency(record: try body.value("record"), within: within)
        case "delivered":
            try body.rejectUnknownKeys(allowed: ["record", "within"])
            let within: Double = try body.value("within")
            guard within > 0, within.isFinite else {
                throw body.failure("within", "expected a positive number of seconds")
            }
            measure = .delivered(record: try body.value("record"), within: within)
        case "kept":
            try body.rejectUnknownKeys(allowed: ["record"])
            measure = .kept(record: try body.value("record"))
        case "switches":
            try body.rejectUnknownKeys(allowed: ["within", "expected"])
            let within: Double = try body.value("within")
            guard within >= 0, within.isFinite else { throw body.failure("within", "expected seconds, zero or more") }
            let expected: Int = try body.value("expected")
            guard expected >= 1 else {
                throw body.failure(
                    "expected", "\(expected): expected the number of switches the schedule makes in the run, at least 1"
                )
            }
            measure = .switches(within: within, expected: expected)
        case "entries", "shown":
            try body.rejectUnknownKeys(allowed: ["within"])
            let within: Double = try body.value("within")
            guard within > 0, within.isFinite else {
                throw body.failure("within", "expected a positive number of seconds")
            }
            measure = form == "shown" ? .shown(within: within) : .entries(within: within)
        case "connected":
            try body.rejectUnknownKeys(allowed: ["accessory"])
            measure = .connected(accessory: try body.value("accessory"))
        case "tracked":
            try body.rejectUnknownKeys(allowed: ["record", "interval", "accuracy"])
            let interval: Double = try body.value("interval")
            guard interval > 0, interval.isFinite else {
                throw body.failure("interval", "expected a positive number of seconds")
            }
            let accuracy = try body.optional("accuracy", as: Double.self) ?? 50
            guard accuracy > 0, accuracy.isFinite else {
                throw body.failure("accuracy", "expected a positive number of metres")
            }
            measure = .tracked(record: try body.value("record"), interval: interval, accuracy: accuracy)
        case "configured":
            try body.rejectUnknownKeys(allowed: ["version", "within", "record"])
            let version: Int = try body.value("version")
            guard version >= 1 else { throw body.failure("version", "expected a configuration version, 1 or more") }
            let within: Double = try body.value("within")
            guard within > 0, within.isFinite else {
                throw body.failure("within", "expected a positive number of seconds")
            }
            measure = .configured(version: version, within: within, record: try body.optional("record"))
        default:
            try body.rejectUnknownKeys(allowed: ["record", "by"])
            let by: Double = try body.value("by")
            guard by >= 0 else { throw body.failure("by", "expected seconds from the start, zero or more") }
            measure = .completed(record: try body.value("record"), by: by)
        }
    }
}
