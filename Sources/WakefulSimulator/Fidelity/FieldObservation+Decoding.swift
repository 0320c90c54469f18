import Foundation
import Wakeful

extension FieldObservation {
    /// The rule families of the policy reference an observation may name.
    public static let families = [
        "TASK", "STATE", "BGT", "LOC", "BEACON", "PUSH", "URLS", "BLE", "TERM", "DATA", "MOTION", "AUTH", "CLMON",
        "ENERGY",
    ]

    /// Reads an observation from JSON.
    ///
    /// - Parameters:
    ///   - data: The file's contents.
    ///   - file: The name to use in errors.
    ///   - directory: Where the scenario's relative paths (GPX tracks) are resolved.
    /// - Throws: ``ScenarioError`` naming the file, the field and the expected form.
    public static func decode(_ data: Data, file: String, directory: URL?) throws(ScenarioError) -> FieldObservation {
        try Scenario.decodeDocument(FieldObservationDocument.self, data, file: file, directory: directory).observation
    }

    /// Reads an observation file.
    public static func load(contentsOf url: URL) throws(ScenarioError) -> FieldObservation {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ScenarioError(
                file: url.path, field: nil,
                message: "cannot be read (\(error.localizedDescription)); expected a readable JSON observation file")
        }
        return try decode(data, file: url.lastPathComponent, directory: url.deletingLastPathComponent())
    }
}

/// The top level of an observation file.
private struct FieldObservationDocument: Decodable {
    var observation: FieldObservation

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: [
            "id", "title", "family", "rules", "source", "reportedOn", "setup", "observed", "scenario", "ios",
            "strategy", "measure", "tolerance", "seeds", "conflictsWith", "notes",
        ])
        let id: String = try c.value("id")
        guard !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }) else {
            throw c.failure("id", "\"\(id)\": expected letters, digits, -, _ or . such as bgt-fetch-never-reopened")
        }
        let family: String = try c.value("family")
        guard FieldObservation.families.contains(family) else {
            throw c.failure(
                "family", "\"\(family)\": expected one of: \(FieldObservation.families.joined(separator: ", "))")
        }
        let rules = try c.optional("rules", as: [String].self) ?? []
        let scenario = try c.value("scenario", as: ScenarioDocument.self).scenario
        let iosText: String = try c.value("ios")
        guard let ios = IOSVersion(parsing: iosText) else {
            throw c.failure("ios", "\"\(iosText)\": expected \(IOSVersion.expectedForm)")
        }
        let strategy = try c.optional("strategy", as: SetupDocument.self)?.setup ?? scenario.setups.first ?? .none
        let seeds = try c.integer("seeds", in: 1...10_000, default: 20)
        let conflictsWith: [String] = try c.optional("conflictsWith") ?? []
        // The default policy is what the corpus holds to; a variant may only stand for a report that
        // another observation contradicts, so that no agreement is bought by switching rules.
        if !scenario.device.variants.isEmpty, conflictsWith.isEmpty {
            throw c.failure(
                "scenario",
                "device.variants \(scenario.device.variants.map(\.id)) needs conflictsWith: expected a policy variant only for a report that conflicts with another observation"
            )
        }
        observation = FieldObservation(
            id: id, title: try c.value("title"), family: family, rules: rules,
            source: try c.value("source", as: SourceDocument.self).source,
            reportedOn: try c.optional("reportedOn") ?? "not stated", setup: try c.value("setup"),
            observed: try c.value("observed", as: ObservedDocument.self).observed, scenario: scenario, ios: ios,
            strategy: strategy, measure: try c.value("measure", as: FidelityMeasureDocument.self).measure,
            tolerance: try c.optional("tolerance", as: ToleranceDocument.self)?.tolerance
                ?? .init(relative: 0.1, absolute: 0),
            seeds: seeds, conflictsWith: conflictsWith, notes: try c.optional("notes") ?? "")
    }
}

/// `{"url": "https://…", "date": "2019-09-26", "kind": "log"}`.
private struct SourceDocument: Decodable {
    var source: FieldObservation.Source

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["url", "date", "kind"])
        let url: String = try c.value("url")
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
            throw c.failure("url", "\"\(url)\": expected the address of the source, https://…")
        }
        let date: String = try c.value("date")
        let parts = date.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) })
        else {
            throw c.failure("date", "\"\(date)\": expected YYYY-MM-DD, YYYY-MM or YYYY")
        }
        guard let kind = try c.optionalCase("kind", as: FieldObservation.Source.Kind.self) else {
            throw c.failure(
                "kind",
                "is required; expected one of: \(FieldObservation.Source.Kind.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        source = .init(url: url, date: date, kind: kind)
    }
}

/// `{"value": 1, "low": 0, "high": 3, "unit": "launches/day", "how": "…"}`.
private struct ObservedDocument: Decodable {
    var observed: FieldObservation.Observed

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["value", "low", "high", "unit", "how"])
        let value: Double = try c.value("value")
        let low = try c.optional("low", as: Double.self) ?? value
        let high = try c.optional("high", as: Double.self) ?? value
        guard value.isFinite, low.isFinite, high.isFinite, low <= value, value <= high else {
            throw c.failure("value", "expected finite numbers with low ≤ value ≤ high (\(low), \(value), \(high))")
        }
        observed = .init(value: value, low: low, high: high, unit: try c.value("unit"), how: try c.value("how"))
    }
}

/// `{"relative": 0.1}`, `{"absolute": 2}` or both: the larger applies.
private struct ToleranceDocument: Decodable {
    var tolerance: FieldObservation.Tolerance

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["relative", "absolute"])
        let relative = try c.optional("relative", as: Double.self) ?? 0
        let absolute = try c.optional("absolute", as: Double.self) ?? 0
        guard relative.isFinite, relative >= 0 else { throw c.failure("relative", "expected a share ≥ 0, e.g. 0.1") }
        guard absolute.isFinite, absolute >= 0 else { throw c.failure("absolute", "expected an amount ≥ 0") }
        guard relative > 0 || absolute > 0 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "expected relative or absolute above 0"))
        }
        tolerance = .init(relative: relative, absolute: absolute)
    }
}
