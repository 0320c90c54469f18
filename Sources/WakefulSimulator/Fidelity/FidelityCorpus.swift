import Foundation
import Wakeful

/// The field-evidence corpus: published observations of real iPhones that the model is held to,
/// with the ids of those it agreed with when last recorded (its baseline).
///
/// ```swift
/// let corpus = try FidelityCorpus.builtin()
/// let results = await corpus.run()
/// print(FidelityReport(results: results).text)
/// ```
public struct FidelityCorpus: Sendable {
    /// The observations, ordered by family then id.
    public var observations: [FieldObservation]
    /// The ids that held when the baseline was recorded (`holding.txt` beside the observations).
    public var baseline: Set<String>

    /// Creates a corpus.
    public init(observations: [FieldObservation], baseline: Set<String> = []) {
        self.observations = observations.sorted { ($0.family, $0.id) < ($1.family, $1.id) }
        self.baseline = baseline
    }

    /// The corpus that ships with Wakeful.
    public static func builtin() throws(ScenarioError) -> FidelityCorpus {
        guard let url = Bundle.module.url(forResource: "Corpus", withExtension: nil) else {
            throw ScenarioError(file: "Corpus", field: nil, message: "the built-in corpus is missing from the bundle")
        }
        return try load(directory: url)
    }

    /// Reads every `*.json` file under a folder (and its subfolders) as an observation, and
    /// `holding.txt` at its top, when present, as the baseline: one id a line, `#` for comments.
    ///
    /// - Throws: ``ScenarioError`` for the first file that cannot be read, or for two files with
    ///   the same id.
    public static func load(directory: URL) throws(ScenarioError) -> FidelityCorpus {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw ScenarioError(
                file: directory.path, field: nil, message: "no such folder; expected a folder of observation files")
        }
        let files = (FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.allObjects ?? [])
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "json" }
            .sorted { $0.path < $1.path }
        guard !files.isEmpty else {
            throw ScenarioError(file: directory.path, field: nil, message: "holds no .json observation files")
        }
        var observations: [FieldObservation] = []
        var seen: [String: String] = [:]
        for file in files {
            let observation = try FieldObservation.load(contentsOf: file)
            if let other = seen[observation.id] {
                throw ScenarioError(
                    file: file.lastPathComponent, field: "id",
                    message: "\"\(observation.id)\" is also the id of \(other); expected ids unique in the corpus")
            }
            seen[observation.id] = file.lastPathComponent
            observations.append(observation)
        }
        for observation in observations {
            for other in observation.conflictsWith where seen[other] == nil {
                throw ScenarioError(
                    file: seen[observation.id] ?? observation.id, field: "conflictsWith",
                    message: "\"\(other)\" is not an observation of the corpus; expected the id of one")
            }
        }
        let baselineFile = directory.appendingPathComponent("holding.txt")
        let baseline = (try? String(contentsOf: baselineFile, encoding: .utf8)).map(Self.ids) ?? []
        return FidelityCorpus(observations: observations, baseline: baseline)
    }

    /// The ids of a baseline file's text.
    static func ids(in text: String) -> Set<String> {
        Set(
            text.split(whereSeparator: \.isNewline)
                .map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0] }
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty })
    }

    /// A baseline file's text for the results: the ids that hold, with a header saying how it is made.
    public static func baselineText(for results: [FidelityResult]) -> String {
        let header = """
            # Field observations the model agreed with when this file was written (wakeful fidelity
            # --write-baseline). The fidelity test fails when one of them stops holding: a change to
            # the model that moves it away from the field must say so here, by removing the line.

            """
        return header + results.filter(\.verdict.holds).map(\.id).sorted().joined(separator: "\n") + "\n"
    }

    /// The observations whose id or family is among `names` (all when `names` is empty).
    public func selecting(_ names: [String]) -> FidelityCorpus {
        guard !names.isEmpty else { return self }
        return FidelityCorpus(
            observations: observations.filter { names.contains($0.id) || names.contains($0.family) },
            baseline: baseline)
    }

    /// Runs every observation over its seeds (or `seeds` for all), on every core, and returns the
    /// results in corpus order. `progress` is called after each run with the runs done so far.
    public func run(
        seeds override: Int? = nil, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: (@Sendable (Int) -> Void)? = nil
    ) async -> [FidelityResult] {
        let plan = observations.enumerated().flatMap { index, observation in
            (1...(override ?? observation.seeds)).map { (observation: index, seed: UInt64($0)) }
        }
        let observations = observations
        let claimed = Counter()
        let done = Counter()
        let workers = max(1, min(workers, plan.count))
        let values = await withTaskGroup(of: [(Int, Double?)].self) { group in
            for _ in 0..<workers {
                group.addTask {
                    var values: [(Int, Double?)] = []
                    while true {
                        let slot = claimed.increment() - 1
                        guard slot < plan.count else { break }
                        let run = plan[slot]
                        values.append((run.observation, observations[run.observation].value(seed: run.seed)))
                        if let progress { progress(done.increment()) }
                    }
                    return values
                }
            }
            var byObservation = [[Double]](repeating: [], count: observations.count)
            var runs = [Int](repeating: 0, count: observations.count)
            for await part in group {
                for (index, value) in part {
                    runs[index] += 1
                    if let value { byObservation[index].append(value) }
                }
            }
            return zip(byObservation, runs).map { $0 }
        }
        return zip(observations, values).map { observation, value in
            FidelityResult(observation: observation, values: value.0, seeds: value.1)
        }
    }

    /// The number of runs `run(seeds:)` makes.
    public func plannedRuns(seeds override: Int? = nil) -> Int {
        observations.reduce(0) { $0 + (override ?? $1.seeds) }
    }
}

extension FieldObservation {
    /// The measure's value in one run with `seed`; nil when the run did not produce it.
    func value(seed: UInt64) -> Double? {
        var timeline = MatchedTimeline(patterns: measure.patterns)
        let metrics = Simulator.run(scenario, ios: ios, setup: strategy, seed: seed, timeline: &timeline)
        return measure.value(in: timeline, metrics: metrics, scenario: scenario)
    }
}
