import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// The agent on a locked phone: what it cannot commit it holds, in order and bounded, and commits
/// exactly once when the outbox can be written again; what it cannot keep, a loss record accounts
/// for (DATA-4, DATA-7).
@Suite(.watchdog, .cpuBound) struct AgentHoldingTests {
    /// An in-memory outbox whose file is of class `complete`: every call fails while `locked`.
    final class LockableOutbox {
        let base = InMemoryOutbox(installID: AgentTests.install)
        var locked: Bool
        private(set) lazy var outbox = GuardedOutbox(base) { [unowned self] operation in
            guard self.locked else { return }
            throw ProtectedDataUnavailable(
                operation: operation, protection: .complete, detail: "SQLite error 23: authorization denied")
        }

        init(locked: Bool) { self.locked = locked }

        /// Every stored record, in sequence order.
        var stored: [OutboxRecord] {
            (try? base.claimBatch(limits: BatchLimits(maxRecords: 100_000, maxBytes: .max), now: 0))?.records ?? []
        }
    }

    static func agent(_ outbox: LockableOutbox, holdLimit: Int = 1000, ledger: (any HeldRecordsLedger)? = nil) throws
        -> Agent
    {
        var configuration = AgentConfiguration(upload: nil, timeline: .off)
        configuration.holdLimit = holdLimit
        return try Agent(
            strategies: [AgentTests.Recorder()], configuration: configuration, outbox: outbox.outbox, seed: 1,
            heldRecords: ledger)
    }

    static func event(_ agent: inout Agent, at now: Double) {
        var timeline = DiscardingTimeline()
        _ = agent.handle(.memoryWarning, in: Context(now: now, appState: .background), timeline: &timeline)
    }

    static func times(_ records: [OutboxRecord]) -> [Double] {
        records.filter { $0.kind == "sample" }.compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.payload.utf8)) as? [String: Double])?["t"]
        }
    }

    @Test func heldRecordsAreCommittedInOrderExactlyOnceAfterTheUnlock() throws {
        let outbox = LockableOutbox(locked: true)
        var agent = try Self.agent(outbox)
        for now in [1.0, 2, 3] { Self.event(&agent, at: now) }
        #expect(agent.lastError is ProtectedDataUnavailable)
        #expect(outbox.stored.isEmpty)
        outbox.locked = false
        Self.event(&agent, at: 4)
        Self.event(&agent, at: 5)
        #expect(agent.lastError == nil)
        #expect(Self.times(outbox.stored) == [1, 2, 3, 4, 5])
        #expect(!outbox.stored.contains { $0.kind == OutboxRecord.lossKind })
    }

    @Test func beyondTheHoldLimitTheOldestGoAndALossRecordSaysHowMany() throws {
        let outbox = LockableOutbox(locked: true)
        var agent = try Self.agent(outbox, holdLimit: 2)
        for now in [1.0, 2, 3, 4, 5] { Self.event(&agent, at: now) }
        outbox.locked = false
        Self.event(&agent, at: 6)
        let stored = outbox.stored
        #expect(stored.first?.kind == OutboxRecord.lossKind)
        #expect(
            stored.first?.payload
                == #"{"reasons":["holdingAreaFull"],"count":3,"firstRecordedAt":1.0,"lastRecordedAt":3.0}"#)
        #expect(Self.times(stored) == [4, 5, 6])
    }

    @Test func aFullHoldingAreaDropsTheTimelinesEntriesBeforeTheAppsRecords() throws {
        let outbox = LockableOutbox(locked: true)
        var configuration = AgentConfiguration(upload: nil, timeline: .all)
        configuration.holdLimit = 4
        var agent = try Agent(
            strategies: [AgentTests.Recorder()], configuration: configuration, outbox: outbox.outbox, seed: 1)
        // Each event makes one sample and a few timeline entries (the event, the record command).
        for now in [1.0, 2, 3, 4] { Self.event(&agent, at: now) }
        outbox.locked = false
        Self.event(&agent, at: 5)
        let stored = outbox.stored
        #expect(Self.times(stored) == [1, 2, 3, 4, 5], "every sample kept: only timeline entries were dropped")
        let loss = try #require(stored.first { $0.kind == OutboxRecord.lossKind })
        #expect(loss.payload.contains(#""reasons":["holdingAreaFull"]"#))
        #expect(agent.holdingCounts.dropped > 0)
    }

    @Test func aProcessThatDiesHoldingRecordsIsAccountedForByTheNext() throws {
        let outbox = LockableOutbox(locked: true)
        let ledger = InMemoryHeldRecordsLedger()
        do {
            var first = try Self.agent(outbox, ledger: ledger)
            for now in [10.0, 11] { Self.event(&first, at: now) }
        }  // killed while locked: its two records die with it
        #expect(ledger.read() == HeldRecords(count: 2, firstRecordedAt: 10, lastRecordedAt: 11))
        outbox.locked = false
        var second = try Self.agent(outbox, ledger: ledger)
        Self.event(&second, at: 20)
        let stored = outbox.stored
        #expect(stored.map(\.kind) == [OutboxRecord.lossKind, "sample"])
        #expect(
            stored.first?.payload
                == #"{"reasons":["processEndedHolding"],"count":2,"firstRecordedAt":10.0,"lastRecordedAt":11.0}"#)
        #expect(ledger.read() == nil, "accounted for once")
    }

    @Test func jobsWaitForProtectedDataWhenTheirStatesCannotBeReadAtLaunch() throws {
        let outbox = LockableOutbox(locked: true)
        var configuration = AgentConfiguration(
            jobs: JobScheduler.Options(jobs: [Job(id: "sample", interval: 300, expectedDuration: 2)]), upload: nil,
            timeline: .off)
        configuration.holdLimit = 10
        var agent = try Agent(strategies: [], configuration: configuration, outbox: outbox.outbox, seed: 1)
        var timeline = DiscardingTimeline()
        let locked = agent.handle(.didEnterBackground, in: Context(now: 0, appState: .background), timeline: &timeline)
        #expect(!locked.contains { if case .runJob = $0 { true } else { false } }, "no job runs on unread states")
        outbox.locked = false
        let unlocked = agent.handle(
            .protectedDataDidBecomeAvailable, in: Context(now: 30, appState: .background), timeline: &timeline)
        #expect(unlocked.contains { if case .runJob = $0 { true } else { false } }, "\(unlocked)")
    }
}
