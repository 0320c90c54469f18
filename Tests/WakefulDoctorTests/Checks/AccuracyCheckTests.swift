import Testing
@testable import WakefulDoctor
import WakefulTestSupport

/// Location accuracy: the temporary full-accuracy request's purpose strings (AUTH-7) and reduced
/// accuracy by default (AUTH-6).
@Suite("Checks: location accuracy", .watchdog, .cpuBound)
struct AccuracyCheckTests {
    @Test(
        "requestTemporaryFullAccuracyAuthorization without NSLocationTemporaryUsageDescriptionDictionary: an error at the call"
    )
    func dictionaryMissing() throws {
        let run = try CheckRun.run("temporary-accuracy-missing")
        let missing = try run.only(.usageDescriptionMissing)
        #expect(missing.severity == .error)
        #expect(missing.key == "NSLocationTemporaryUsageDescriptionDictionary")
        #expect(missing.place == "App/DropFinder.swift:13")
        #expect(missing.rules == ["AUTH-7"])
        #expect(run.problems.count == 1, "\(run.problems.map(\.message))")
    }

    @Test("an empty purpose string in the dictionary is named; a sentence is fine")
    func emptyPurpose() throws {
        let run = try CheckRun.run("temporary-accuracy-empty")
        let empty = try run.only(.usageDescriptionEmpty)
        #expect(empty.key == "NSLocationTemporaryUsageDescriptionDictionary")
        #expect(empty.value == "Drop")
        #expect(run.problems.count == 1, "\(run.problems.map(\.message))")
    }

    @Test("a dictionary entry is judged as a usage description is: not a string, the placeholder, empty")
    func purposeStrings() {
        let judge = PlistDoctor.purposeStringProblem
        #expect(judge(.string("Delivery needs your precise location to find the door.")) == nil)
        #expect(judge(.string("  ")) == .usageDescriptionEmpty)
        #expect(
            judge(.string("\(InfoPlistFragment.placeholderPrefix) precise location.")) == .usageDescriptionPlaceholder)
        #expect(judge(.boolean(true)) == .wrongType)
    }

    @Test("NSLocationDefaultAccuracyReduced with region monitoring: a warning, regions get nothing (AUTH-6)")
    func reducedByDefault() throws {
        let run = try CheckRun.run("reduced-by-default")
        let warning = try run.only(.reducedAccuracyLosses)
        #expect(warning.severity == .warning)
        #expect(warning.key == "NSLocationDefaultAccuracyReduced")
        #expect(warning.rules == ["AUTH-6"])
        #expect(warning.message.contains("region monitoring"))
    }
}
