import Foundation

/// The fidelity table: each observation with the model's median and spread and the verdict, the
/// share that holds and the median error per rule family, and what changed against the baseline.
public struct FidelityReport: Sendable {
    /// The results, in corpus order.
    public var results: [FidelityResult]
    /// The ids that held when the baseline was recorded.
    public var baseline: Set<String>

    /// Creates a report.
    public init(results: [FidelityResult], baseline: Set<String> = []) {
        self.results = results
        self.baseline = baseline
    }

    /// One rule family's figures.
    public struct FamilySummary: Sendable, Hashable, Codable {
        /// The family, e.g. `BGT`.
        public var family: String
        /// Its observations.
        public var observations: Int
        /// How many the model's median is within tolerance of.
        public var withinTolerance: Int
        /// How many more lie inside the model's 5th–95th percentile.
        public var insideSpread: Int
        /// How many of those that hold run under a policy variant (a report the default contradicts).
        public var underVariant: Int
        /// The median of the observations' errors (see ``FidelityResult/error``); nil when the
        /// model produced no value for any.
        public var medianError: Double?

        /// The share that holds, from 0 to 1.
        public var share: Double {
            observations == 0 ? 0 : Double(withinTolerance + insideSpread) / Double(observations)
        }
    }

    /// Per family, in the order families first appear, then `all`.
    public var families: [FamilySummary] {
        let names = results.map(\.family).uniqued()
        return (names.map { name in results.filter { $0.family == name } } + [results]).enumerated().map {
            index, group in
            FamilySummary(
                family: index < names.count ? names[index] : "all", observations: group.count,
                withinTolerance: group.filter { $0.verdict == .withinTolerance }.count,
                insideSpread: group.filter { $0.verdict == .insideSpread }.count,
                underVariant: group.filter { $0.verdict.holds && !$0.variants.isEmpty }.count,
                medianError: SeedSummary.Spread(group.compactMap(\.error))?.median)
        }
    }

    /// Observations in the baseline that no longer hold: the model drifted away from the field.
    public var regressions: [FidelityResult] {
        results.filter { baseline.contains($0.id) && !$0.verdict.holds }
    }

    /// Observations that hold and are not in the baseline.
    public var newlyHolding: [FidelityResult] {
        results.filter { !baseline.contains($0.id) && $0.verdict.holds }
    }

    /// The headline: how many observations hold, of how many, from how many sources.
    public var headline: String {
        let all = families.last!
        let sources = Set(results.map(\.source)).count
        let variantPart =
            all.underVariant == 0
            ? ""
            : "; \(all.underVariant) of them under a policy variant that models a report the default contradicts"
        return
            "\(all.withinTolerance + all.insideSpread) of \(all.observations) field observations (\(Self.percent(all.share))) from \(sources) source\(sources == 1 ? "" : "s") hold: \(all.withinTolerance) within tolerance, \(all.insideSpread) inside the model's 5th–95th percentile\(variantPart)"
    }

    /// The table of observations, worst first when `worstFirst`.
    public func observationTable(worstFirst: Bool = false, limit: Int? = nil) -> TextTable {
        var table = TextTable(header: [
            "observation", "family", "observed", "model median [p5–p95]", "verdict", "source",
        ])
        var rows = results
        if worstFirst {
            rows = rows.filter { !$0.verdict.holds }.sorted { ($0.error ?? .infinity) > ($1.error ?? .infinity) }
        }
        for result in rows.prefix(limit ?? rows.count) {
            table.append([
                result.id, result.family, Self.observed(result), Self.model(result), Self.verdict(result),
                result.source,
            ])
        }
        return table
    }

    /// The per-family table.
    public var familyTable: TextTable {
        var table = TextTable(header: [
            "family", "observations", "within tolerance", "inside spread", "hold", "under a variant", "median error",
        ])
        for family in families {
            table.append([
                family.family, String(family.observations), String(family.withinTolerance), String(family.insideSpread),
                Self.percent(family.share), String(family.underVariant), family.medianError.map(Self.percent) ?? "–",
            ])
        }
        return table
    }

    /// The whole report as text: the observations, the families, the headline and the baseline.
    public var text: String {
        var parts = [observationTable().rendered, familyTable.rendered, headline]
        if !regressions.isEmpty {
            parts.append(
                "No longer holding (in the baseline): "
                    + regressions.map { "\($0.id) (\(Self.model($0)) against \(Self.observed($0)))" }.joined(
                        separator: ", "))
        }
        if !newlyHolding.isEmpty, !baseline.isEmpty {
            parts.append(
                "Holding, not yet in the baseline: \(newlyHolding.map(\.id).joined(separator: ", ")) (record with --write-baseline)"
            )
        }
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// The table as Markdown, for the README: the family table and the worst rows.
    public func markdown(worst: Int) -> String {
        var lines = [Format.markdownRow(familyTable.header), Format.markdownRow(familyTable.header.map { _ in "---" })]
        lines += familyTable.rows.map(Format.markdownRow)
        let worstRows = observationTable(worstFirst: true, limit: worst)
        lines += ["", Format.markdownRow(worstRows.header), Format.markdownRow(worstRows.header.map { _ in "---" })]
        lines += worstRows.rows.map(Format.markdownRow)
        return lines.joined(separator: "\n") + "\n"
    }

    static func observed(_ result: FidelityResult) -> String {
        let observed = result.observed
        let range = observed.low == observed.high ? "" : " [\(number(observed.low))–\(number(observed.high))]"
        return "\(number(observed.value))\(range) \(observed.unit)"
    }

    static func model(_ result: FidelityResult) -> String {
        guard let model = result.model else { return "never" }
        let never = model.count < result.seeds ? ", none in \(result.seeds - model.count) of \(result.seeds) seeds" : ""
        return "\(number(model.median)) [\(number(model.p5))–\(number(model.p95))]\(never)"
    }

    static func verdict(_ result: FidelityResult) -> String {
        let under = result.variants.isEmpty ? "" : " under \(result.variants.joined(separator: ", "))"
        guard result.verdict == .diverges, let error = result.error else { return result.verdict.rawValue + under }
        return "diverges (\(percent(error)) off)\(under)"
    }

    /// Up to three significant digits, without trailing zeros.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e9 { return String(Int(value)) }
        let digits = abs(value) >= 100 ? 0 : abs(value) >= 10 ? 1 : abs(value) >= 1 ? 2 : 3
        var text = String(format: "%.\(digits)f", value)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static func percent(_ share: Double) -> String { String(format: "%.0f %%", share * 100) }
}
