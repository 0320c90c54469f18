import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@testable import WakefulSimulator

@Suite(
    "The built-in field-evidence corpus: its breadth, and no observation that held stops holding", .watchdog, .cpuBound)
struct BuiltinCorpusTests {
    @Test("at least 60 observations from at least 30 sources, every rule family, iOS 7 to 26")
    func breadth() throws {
        let corpus = try FidelityCorpus.builtin()
        #expect(corpus.observations.count >= 60)
        #expect(Set(corpus.observations.map(\.source.url)).count >= 30)
        #expect(Set(corpus.observations.map(\.family)) == Set(FieldObservation.families))
        let majors = corpus.observations.map(\.ios.major)
        #expect(majors.min() ?? 99 <= 8 && majors.max() ?? 0 >= 26, "iOS \(majors.min() ?? 0)–\(majors.max() ?? 0)")
        // Every baseline line names an observation: a renamed one must not silently leave the gate.
        let ids = Set(corpus.observations.map(\.id))
        #expect(
            corpus.baseline.subtracting(ids).isEmpty, "holding.txt names \(corpus.baseline.subtracting(ids).sorted())")
    }

    /// Every observation over its seeds: about a minute on an idle 2-core machine, ten times that
    /// beside a few parallel builds. No time limit: a computing test's wait for its turn counts
    /// against one, and the watchdog tells a run that never ends from a slow one.
    @Test("every observation in holding.txt still holds")
    func baselineHolds() async throws {
        let corpus = try FidelityCorpus.builtin()
        let report = FidelityReport(results: await corpus.run(), baseline: corpus.baseline)
        #expect(
            report.regressions.isEmpty,
            "no longer holding: \(report.regressions.map { "\($0.id): model \(FidelityReport.model($0)), observed \(FidelityReport.observed($0))" })"
        )
        // The corpus runs the same on every run: seeds, not the machine, decide each figure.
        let again = await corpus.selecting(report.results.prefix(3).map(\.id)).run()
        #expect(again == Array(report.results.prefix(3)))
    }
}
