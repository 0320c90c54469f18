import Foundation

/// How the model did on one observation over its seeds.
public struct FidelityResult: Sendable, Hashable, Codable {
    /// The observation's id.
    public var id: String
    /// Its rule family.
    public var family: String
    /// Its title.
    public var title: String
    /// The source's address.
    public var source: String
    /// What was observed.
    public var observed: FieldObservation.Observed
    /// The allowance around the observed range at the observed value.
    public var allowance: Double
    /// The model's median and 5th–95th percentile over the seeds that produced a value; nil when
    /// none did.
    public var model: SeedSummary.Spread?
    /// The seeds run.
    public var seeds: Int
    /// The verdict.
    public var verdict: Verdict
    /// How far the model's median is outside the observed range, as a share of the observed value
    /// (0 inside it); nil when the model produced no value.
    public var error: Double?
    /// The observations reporting otherwise, by id.
    public var conflictsWith: [String]
    /// The policy variants the observation runs under (`CONF-…`), empty for the default policy.
    /// Only an observation that conflicts with another may name one: the default policy follows
    /// the better-evidenced report, and the variant models the other.
    public var variants: [String]

    /// Whether the model agrees with an observation.
    public enum Verdict: String, Sendable, Hashable, Codable {
        /// The model's median is within tolerance of the observed range.
        case withinTolerance = "within tolerance"
        /// The observed value lies inside the model's 5th–95th percentile.
        case insideSpread = "inside spread"
        /// Neither.
        case diverges

        /// Within tolerance or inside the spread.
        public var holds: Bool { self != .diverges }
    }

    /// Judges the model's values for an observation.
    init(observation: FieldObservation, values: [Double], seeds: Int) {
        id = observation.id
        family = observation.family
        title = observation.title
        source = observation.source.url
        observed = observation.observed
        allowance = observation.tolerance.allowance(around: observation.observed.value)
        model = SeedSummary.Spread(values)
        self.seeds = seeds
        conflictsWith = observation.conflictsWith
        variants = observation.scenario.device.variants.map(\.id)
        // A model that mostly never produces the figure has no median to compare.
        guard let model, model.count * 2 > seeds else {
            verdict = .diverges
            error = nil
            return
        }
        let outside = max(observed.low - model.median, model.median - observed.high, 0)
        error = outside / max(abs(observed.value), allowance, 1e-9)
        if outside <= allowance {
            verdict = .withinTolerance
        } else if model.p5 <= observed.value, observed.value <= model.p95 {
            verdict = .insideSpread
        } else {
            verdict = .diverges
        }
    }
}
