import Foundation
import Testing
import WakefulSimulator
import WakefulTestSupport

@Suite("Rule IDs in reading order", .watchdog, .cpuBound)
struct RuleIDsTests {
    @Test("distinct IDs, by family and then by number (a word after the dash counts as 0)")
    func readingOrder() {
        #expect(
            RuleIDs.sorted(["TASK-12", "STATE-1", "TASK-6", "TASK-12", "CONF-BEACON-5", "CONF-5"])
                == ["CONF-BEACON-5", "CONF-5", "STATE-1", "TASK-6", "TASK-12"])
        #expect(RuleIDs.sorted(["LOC-19b", "LOC-19", "LOC-3"]) == ["LOC-3", "LOC-19", "LOC-19b"])
        #expect(RuleIDs.sorted(["TERM-6"]) == ["TERM-6"])
        #expect(RuleIDs.sorted([]) == [])
        #expect(RuleIDs.sorted(["BGT-11", "BGT-11"]) == ["BGT-11"])
    }

    @Test("many IDs go through a set and come out the same way")
    func manyIDs() {
        let ids = (1...20).reversed().map { "BGT-\($0)" } + ["AUTH-2", "BGT-3"]
        #expect(RuleIDs.sorted(ids) == ["AUTH-2"] + (1...20).map { "BGT-\($0)" })
    }

    @Test("IDs of other shapes sort as whole words or by what follows the number")
    func otherShapes() {
        // No dash, a dash at an end, a second dash, and a number Unicode knows but Int does not.
        #expect(RuleIDs.sorted(["LOC-", "-5", "LOC", "A--5"]) == ["-5", "A--5", "LOC", "LOC-"])
        #expect(RuleIDs.sorted(["X-٣", "X-2", "X-10"]) == ["X-٣", "X-2", "X-10"])
        #expect(RuleIDs.sorted(["CAFÉ-2", "CAFÉ-10", "CAFÉ-1b"]) == ["CAFÉ-1b", "CAFÉ-2", "CAFÉ-10"])
    }
}
