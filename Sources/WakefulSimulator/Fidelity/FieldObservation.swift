import Foundation

/// One published observation of what real iPhones do in the background, written so that the model
/// can be held to it: the source, what was observed with its spread, the scenario that reproduces
/// the setup, the measure taken from the run and the tolerance.
///
/// The field-evidence corpus (``FidelityCorpus``) is a folder of these, one JSON file each; the
/// format is documented in <doc:FieldEvidence>. `wakeful fidelity` runs every observation over
/// seeds and compares the model's median and 5th–95th percentile with what was observed.
public struct FieldObservation: Sendable {
    /// A short identifier, unique in the corpus, e.g. `bgt-fetch-never-reopened`.
    public var id: String
    /// What was observed, in a line.
    public var title: String
    /// The rule family of the policy reference it bears on: `BGT`, `LOC`, `TASK` …
    public var family: String
    /// The policy rules it bears on, e.g. `["BGT-3", "BGT-11"]`.
    public var rules: [String]
    /// Where it was published.
    public var source: Source
    /// The iOS versions and device the source reports, as it reports them ("not stated" when silent).
    public var reportedOn: String
    /// The app's setup as the source describes it.
    public var setup: String
    /// What was observed.
    public var observed: Observed
    /// The scenario that reproduces the setup.
    public var scenario: Scenario
    /// The iOS version the model runs it on.
    public var ios: IOSVersion
    /// The strategy setup the app runs.
    public var strategy: StrategySetup
    /// What is measured in each run.
    public var measure: FidelityMeasure
    /// How far the model's median may be from the observed range and still agree.
    public var tolerance: Tolerance
    /// How many seeds the model runs it with.
    public var seeds: Int
    /// Observations that report something else for a comparable setup, by id.
    public var conflictsWith: [String]
    /// Anything a reader should know: a possible bug in the reporter's app, an unclear setup.
    public var notes: String

    /// Where an observation was published and how it was measured.
    public struct Source: Sendable, Hashable, Codable {
        /// The address of the thread, post, talk or measurement.
        public var url: String
        /// When it was published, `YYYY-MM-DD` or `YYYY-MM` or `YYYY`.
        public var date: String
        /// How the figure was obtained.
        public var kind: Kind

        /// How a figure was obtained, from the most to the least direct.
        public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
            /// Timestamped logs from a device.
            case log
            /// A measurement with instruments (a power meter, Xcode's energy gauges).
            case measurement
            /// Counts or times without the logs themselves (a server's request count, notifications).
            case count
            /// A statement by an Apple engineer or Apple's documentation.
            case statement
            /// A rule of thumb from developers' experience.
            case experience
        }
    }

    /// What was observed: a value, the range the source reports around it, and the unit.
    public struct Observed: Sendable, Hashable, Codable {
        /// The figure (the middle of the reported range when the source gives only a range).
        public var value: Double
        /// The lowest value the source reports; `value` when it reports one.
        public var low: Double
        /// The highest value the source reports; `value` when it reports one.
        public var high: Double
        /// The unit, e.g. `launches/day`, `s`, `m`, `%/h`.
        public var unit: String
        /// How it was measured, in the source's terms.
        public var how: String
    }

    /// How far the model's median may fall outside the observed range and still agree: the larger
    /// of `absolute` and `relative` × the observed value.
    public struct Tolerance: Sendable, Hashable, Codable {
        /// A share of the observed value, e.g. 0.1 for ±10 %.
        public var relative: Double
        /// An amount in the observation's unit.
        public var absolute: Double

        /// The allowance around `value`.
        public func allowance(around value: Double) -> Double { max(absolute, relative * abs(value)) }
    }
}
