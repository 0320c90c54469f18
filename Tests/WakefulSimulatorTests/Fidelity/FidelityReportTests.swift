import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@testable import WakefulSimulator

@Suite("Fidelity verdicts and the report: tolerance, spread, families and the baseline", .watchdog, .cpuBound)
struct FidelityReportTests {
    private func observation(
        _ id: String, family: String = "TASK", value: Double, low: Double? = nil, high: Double? = nil
    )
        throws -> FieldObservation
    {
        let range = [low.map { #""low": \#($0)"# }, high.map { #""high": \#($0)"# }].compactMap { $0 }
        let observed =
            #""observed": {"value": \#(value), "unit": "s", "how": "log""# + range.map { ", " + $0 }.joined() + "}"
        return try FieldObservation.decode(
            Data(
                observationJSON(["id": #""id": "\#(id)""#, "family": #""family": "\#(family)""#, "observed": observed])
                    .utf8),
            file: "\(id).json", directory: nil)
    }

    @Test("within tolerance of the observed range, inside the model's spread, or diverging")
    func verdicts() throws {
        let thirty = try observation("a", value: 30, low: 28, high: 31)  // tolerance: 1 s
        #expect(FidelityResult(observation: thirty, values: [29, 29, 30], seeds: 3).verdict == .withinTolerance)
        #expect(FidelityResult(observation: thirty, values: [27.5, 27, 27], seeds: 3).verdict == .withinTolerance)
        let spread = FidelityResult(observation: thirty, values: [10, 20, 40, 60, 80], seeds: 5)
        #expect(spread.verdict == .insideSpread)
        let far = FidelityResult(observation: thirty, values: [180, 180, 180], seeds: 3)
        #expect(far.verdict == .diverges)
        #expect(far.error == (180 - 31) / 30.0)
        // A model that mostly never produces the figure has no median to compare.
        let never = FidelityResult(observation: thirty, values: [30], seeds: 3)
        #expect(never.verdict == .diverges && never.error == nil)
        #expect(FidelityReport.model(never) == "30 [30–30], none in 2 of 3 seeds")
        #expect(FidelityReport.model(FidelityResult(observation: thirty, values: [], seeds: 3)) == "never")
    }

    @Test("the families' shares and median errors, the headline, and what left the baseline")
    func report() throws {
        let results = [
            FidelityResult(observation: try observation("a", value: 30), values: [30, 30], seeds: 2),
            FidelityResult(observation: try observation("b", value: 30), values: [60, 60], seeds: 2),
            FidelityResult(observation: try observation("c", family: "BGT", value: 10), values: [0, 10, 40], seeds: 3),
        ]
        let report = FidelityReport(results: results, baseline: ["a", "b"])
        let families = report.families
        #expect(families.map(\.family) == ["TASK", "BGT", "all"])
        #expect(families[0].withinTolerance == 1 && families[0].insideSpread == 0 && families[0].share == 0.5)
        #expect(families[0].medianError == 0)  // the nearest-rank median of 0 and 1
        #expect(families[1].insideSpread == 0 && families[1].withinTolerance == 1)
        #expect(families[2].observations == 3 && families[2].share == 2.0 / 3)
        #expect(report.regressions.map(\.id) == ["b"])
        #expect(report.newlyHolding.map(\.id) == ["c"])
        #expect(report.headline.hasPrefix("2 of 3 field observations (67 %) from 1 source hold"))
        #expect(report.text.contains("No longer holding (in the baseline): b (60 [60–60] against 30 s)"))
        #expect(report.markdown(worst: 5).contains("| b | TASK | 30 s | 60 [60–60] | diverges (100 % off) |"))
        #expect(FidelityCorpus.ids(in: FidelityCorpus.baselineText(for: results)) == ["a", "c"])
        #expect(FidelityHTMLReport(report: report).html.contains("<svg width=\"240\""))
    }

    @Test("a corpus folder: nested files, unique ids, known conflicts, the baseline beside them")
    func loadsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fidelity-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("TASK"), withIntermediateDirectories: true)
        try Data(observationJSON(["id": #""id": "one""#]).utf8).write(
            to: folder.appendingPathComponent("TASK/one.json"))
        try Data("one  # held\n\n# a comment\n".utf8).write(to: folder.appendingPathComponent("holding.txt"))
        let corpus = try FidelityCorpus.load(directory: folder)
        #expect(corpus.observations.map(\.id) == ["one"] && corpus.baseline == ["one"])
        #expect(corpus.selecting(["BGT"]).observations.isEmpty && corpus.selecting(["TASK"]).observations.count == 1)

        try Data(observationJSON(["id": #""id": "one""#]).utf8).write(to: folder.appendingPathComponent("two.json"))
        #expect {
            try FidelityCorpus.load(directory: folder)
        } throws: { error in
            (error as? ScenarioError)?.description.contains("\"one\" is also the id of") == true
        }
        try Data(observationJSON(["id": #""id": "two", "conflictsWith": ["nobody"]"#]).utf8).write(
            to: folder.appendingPathComponent("two.json"))
        #expect {
            try FidelityCorpus.load(directory: folder)
        } throws: { error in
            (error as? ScenarioError)?.description
                == #"two.json: conflictsWith: "nobody" is not an observation of the corpus; expected the id of one"#
        }
        #expect(throws: ScenarioError.self) {
            try FidelityCorpus.load(directory: folder.appendingPathComponent("none"))
        }
    }
}
