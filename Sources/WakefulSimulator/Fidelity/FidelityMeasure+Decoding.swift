import Foundation
import Wakeful

/// `{"count": {…}}`, `{"first": {…}}`, `{"interval": {…}}`, `{"span": {…}}`, `{"distance": {…}}`,
/// `{"field": {…}}` or `{"metric": "…"}`: exactly one key.
struct FidelityMeasureDocument: Decodable {
    var measure: FidelityMeasure

    private static let forms = ["count", "first", "interval", "span", "distance", "field", "metric"]

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: Self.forms)
        guard c.allKeys.count == 1, let key = c.allKeys.first?.stringValue else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected an object with exactly one of: \(Self.forms.joined(separator: ", "))"))
        }
        if key == "metric" {
            let path: String = try c.value("metric")
            guard !path.isEmpty else { throw c.failure("metric", "expected a dotted path such as wakes.regionWake") }
            measure = .metric(path: path)
            return
        }
        let m = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(key))
        switch key {
        case "count":
            try m.rejectUnknownKeys(allowed: ["of", "from", "to", "per"])
            measure = .count(of: try m.value("of"), window: try Self.window(m), per: try Self.positive(m, "per"))
        case "first":
            try m.rejectUnknownKeys(allowed: ["of", "after"])
            let anchor: FidelityMeasure.Anchor
            if let time = try? m.optional("after", as: Double.self) {
                guard time.isFinite, time >= 0 else { throw m.failure("after", "expected seconds ≥ 0 or a pattern") }
                anchor = .time(time)
            } else {
                anchor = try m.optional("after", as: EntryPattern.self).map(FidelityMeasure.Anchor.entry) ?? .time(0)
            }
            measure = .first(of: try m.value("of"), after: anchor)
        case "interval":
            try m.rejectUnknownKeys(allowed: ["of", "from", "to", "statistic"])
            measure = .interval(of: try m.value("of"), window: try Self.window(m), statistic: try Self.statistic(m))
        case "span":
            try m.rejectUnknownKeys(allowed: ["from", "to", "statistic", "window"])
            let window = try m.optional("window", as: WindowDocument.self)?.window ?? .init(from: 0, to: nil)
            measure = .span(
                from: try m.value("from"), to: try m.value("to"), window: window, statistic: try Self.statistic(m))
        case "distance":
            try m.rejectUnknownKeys(allowed: ["at", "from", "along"])
            let point = try m.value("from", as: PointDocument.self).point
            measure = .distance(at: try m.value("at"), from: point, along: try m.optional("along") ?? false)
        default:  // field
            try m.rejectUnknownKeys(allowed: ["of", "key", "from", "to", "statistic"])
            let key: String = try m.value("key")
            measure = .field(
                of: try m.value("of"), key: key, window: try Self.window(m), statistic: try Self.statistic(m))
        }
    }

    static func window(_ c: KeyedDecodingContainer<AnyKey>) throws -> FidelityMeasure.Window {
        let from = try c.optional("from", as: Double.self) ?? 0
        guard from.isFinite, from >= 0 else { throw c.failure("from", "expected seconds ≥ 0") }
        let to = try c.optional("to", as: Double.self)
        if let to, !(to.isFinite && to > from) { throw c.failure("to", "expected seconds after from (\(from))") }
        return .init(from: from, to: to)
    }

    private static func positive(_ c: KeyedDecodingContainer<AnyKey>, _ key: String) throws -> Double? {
        guard let value = try c.optional(key, as: Double.self) else { return nil }
        guard value.isFinite, value > 0 else { throw c.failure(key, "expected a positive number of seconds") }
        return value
    }

    private static func statistic(_ c: KeyedDecodingContainer<AnyKey>) throws -> FidelityMeasure.Statistic {
        try c.optionalCase("statistic") ?? .median
    }
}

/// `{"from": 0, "to": 3600}` for a span's window.
private struct WindowDocument: Decodable {
    var window: FidelityMeasure.Window

    init(from decoder: any Decoder) throws {
        window = try FidelityMeasureDocument.window(try decoder.fields(allowed: ["from", "to"]))
    }
}

/// `{"east": 0, "north": 0}`: metres from the scenario's origin.
private struct PointDocument: Decodable {
    var point: LocalPoint

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["east", "north"])
        point = LocalPoint(east: try c.value("east"), north: try c.value("north"))
    }
}
