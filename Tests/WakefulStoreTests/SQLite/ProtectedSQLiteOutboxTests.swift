import Foundation
import Synchronization
import Testing
import Wakeful
import WakefulStore
import WakefulTestSupport

/// The store on a phone that withholds protected data: nothing opens at launch, failures while
/// locked are `ProtectedDataUnavailable`, and the first call after the unlock opens it afresh.
///
/// Linux has no Data Protection, so a missing folder stands for the unreadable file: SQLite answers
/// `SQLITE_CANTOPEN`, as it does for a `complete` file on a locked phone (DATA-7).
@Suite(.watchdog, .cpuBound) struct ProtectedSQLiteOutboxTests {
    final class Availability: Sendable {
        let available = Atomic(false)
        var check: @Sendable () -> Bool { { self.available.load(ordering: .relaxed) } }
    }

    @Test func lockedCallsWaitAndTheFirstCallAfterTheUnlockOpensTheStore() throws {
        try withTemporaryDirectory { directory in
            let folder = directory.appendingPathComponent("container")
            let phone = Availability()
            let outbox = ProtectedSQLiteOutbox(
                path: folder.appendingPathComponent("outbox.sqlite").path, protection: .complete,
                isProtectedDataAvailable: phone.check)
            #expect(!outbox.isOpen, "nothing opens before the first call")
            #expect(outbox.installID == UUID(uuid: uuid_t(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
            let write = OutboxWrite(records: [CollectedRecord(kind: "sample", payload: "{}", at: 1)])
            #expect {
                try outbox.commit(write)
            } throws: { error in
                (error as? ProtectedDataUnavailable)?.operation == "open"
                    && (error as? ProtectedDataUnavailable)?.protection == .complete
            }
            // The unlock: the file can be opened again.
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            phone.available.store(true, ordering: .relaxed)
            #expect(try outbox.commit(write).map(\.seq) == [1])
            #expect(outbox.isOpen)
            #expect(outbox.installID != UUID(uuid: uuid_t(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        }
    }

    @Test func aBrokenStoreOnAnUnlockedPhoneIsReportedAsItIs() throws {
        try withTemporaryDirectory { directory in
            let outbox = ProtectedSQLiteOutbox(
                path: directory.appendingPathComponent("missing/outbox.sqlite").path,
                isProtectedDataAvailable: { true })
            #expect(throws: OutboxStoreError.self) { try outbox.jobStates() }
        }
    }

    @Test func anAgentStartedWhileLockedHoldsItsRecordsAndCommitsThemAfterTheUnlock() throws {
        try withTemporaryDirectory { directory in
            let folder = directory.appendingPathComponent("container")
            let phone = Availability()
            let outbox = ProtectedSQLiteOutbox(
                path: folder.appendingPathComponent("outbox.sqlite").path, isProtectedDataAvailable: phone.check)
            struct Sampler: Strategy {
                var name: String { "Sampler" }
                var requirements: Requirements { Requirements() }
                func handle(_ event: Event, in context: Context) -> [Command] {
                    [.record(Record(kind: "sample", fields: [Field("t", .double(context.now))]))]
                }
            }
            var agent = try Agent(
                strategies: [Sampler()],
                configuration: AgentConfiguration(
                    jobs: JobScheduler.Options(jobs: [Job(id: "j", interval: 600, expectedDuration: 1)]), upload: nil,
                    timeline: .off),
                outbox: outbox, seed: 1)
            var timeline = DiscardingTimeline()
            for now in [1.0, 2] {
                _ = agent.handle(.memoryWarning, in: Context(now: now, appState: .background), timeline: &timeline)
                #expect(agent.lastError is ProtectedDataUnavailable)
            }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            phone.available.store(true, ordering: .relaxed)
            _ = agent.handle(
                .protectedDataDidBecomeAvailable, in: Context(now: 3, appState: .background), timeline: &timeline)
            #expect(agent.lastError == nil)
            let batch = try #require(try outbox.claimBatch(limits: BatchLimits(), now: 3))
            #expect(batch.records.map(\.kind) == ["sample", "sample", "sample"])
            #expect(batch.records.map(\.recordedAt) == [1, 2, 3], "held in order, stored once")
        }
    }
}

@Suite(.watchdog, .cpuBound) struct FileHeldRecordsLedgerTests {
    @Test func theCountSurvivesInItsFileUntilCleared() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("held.json").path
            let held = HeldRecords(count: 3, firstRecordedAt: 10, lastRecordedAt: 12.5)
            FileHeldRecordsLedger(path: path).write(held)
            #expect(FileHeldRecordsLedger(path: path).read() == held, "a new process reads what the last one left")
            FileHeldRecordsLedger(path: path).write(nil)
            #expect(FileHeldRecordsLedger(path: path).read() == nil)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func theFileIsCreatedWithItsClassInTheWriteItself() {
        // Not set after an `.atomic` write: before the first unlock that write cannot create the file.
        #expect(FileHeldRecordsLedger.writingOptions == [.atomic, .noFileProtection])
        #expect(
            Data.WritingOptions(atomicallyCreatingWith: .complete) == [.atomic, .completeFileProtection])
        #expect(
            Data.WritingOptions(atomicallyCreatingWith: .completeUntilFirstUserAuthentication)
                == [.atomic, .completeFileProtectionUntilFirstUserAuthentication])
    }
}
