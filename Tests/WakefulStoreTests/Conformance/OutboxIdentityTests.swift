import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// The helpers both outboxes share: batch IDs and the loss record's payload.
@Suite("Outbox identities and loss payloads", .watchdog, .cpuBound)
struct OutboxIdentityTests {
    @Test("batch IDs are deterministic, distinct per number and never a record's UUID")
    func batchIDs() {
        let batches = (1...50).map { RecordIdentity.batchID(install: testInstall, number: $0) }
        let records = Set((1...50).map { RecordIdentity.uuid(install: testInstall, seq: $0) })
        #expect(Set(batches).count == 50)
        #expect(records.isDisjoint(with: batches))
        #expect(RecordIdentity.batchID(install: testInstall, number: 7) == batches[6])
        #expect(
            RecordIdentity.batchID(install: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, number: 1)
                != batches[0])
    }

    @Test(
        "dropped sequence numbers fold into ranges and come back from the payload",
        arguments: [
            ([], "[]"), ([5], "[[5,5]]"), ([1, 2, 3], "[[1,3]]"), ([3, 4, 5, 6, 7, 9], "[[3,7],[9,9]]"),
            ([1, 3, 5], "[[1,1],[3,3],[5,5]]"),
        ] as [([Int64], String)])
    func ranges(_ seqs: [Int64], _ ranges: String) {
        let payload = LossReport.lossPayload(reasons: ["count"], droppedSeqs: seqs, droppedBytes: 10)
        #expect(payload.hasSuffix("\"ranges\":\(ranges)}"))
        #expect(payload.contains("\"count\":\(seqs.count),"))
        #expect(LossReport.droppedSeqs(inPayload: payload) == seqs)
    }

    @Test(
        "a payload that is not a loss payload gives nil",
        arguments: ["{}", "not json", #"{"ranges":[[4,2]]}"#, #"{"ranges":[[1]]}"#])
    func notALossPayload(_ payload: String) {
        #expect(LossReport.droppedSeqs(inPayload: payload) == nil)
    }
}
