import Foundation
import WakefulSimulator

/// The crash-injection runs summed up, with the runs that broke the invariant.
public struct ChaosSummary: Sendable, Hashable {
    /// Every run, in seed order.
    public var results: [ChaosRunResult]

    /// Creates a summary.
    public init(results: [ChaosRunResult]) {
        self.results = results
    }

    /// The runs that broke a promise.
    public var failures: [ChaosRunResult] { results.filter { !$0.holds } }
    /// Whether every run held.
    public var holds: Bool { failures.isEmpty }

    private func total(_ value: (OutboxMetrics) -> Int) -> Int { results.reduce(0) { $0 + value($1.outbox) } }

    /// App records committed, over all runs.
    public var collected: Int { total(\.collected) }
    /// Timeline records committed.
    public var timelineRecords: Int { total(\.timelineRecords) }
    /// Records stored by the server.
    public var acknowledged: Int { total(\.acknowledged) }
    /// Records dropped by retention, accounted for by loss records.
    public var lostByRetention: Int { total(\.lostByRetention) }
    /// Records quarantined after the server rejected them.
    public var quarantined: Int { total(\.quarantined) }
    /// Records lost without a trace (must be 0).
    public var silentlyLost: Int { total(\.silentlyLost) }
    /// Identical records stored twice (must be 0).
    public var duplicatesStored: Int { total(\.duplicatesStored) }
    /// Resends the server deduplicated.
    public var duplicatesReceived: Int { total(\.duplicatesReceived) }
    /// Records held while the outbox could not be written (a locked phone, DATA-4).
    public var heldWhileLocked: Int { total(\.heldWhileLocked) }
    /// Held records stored after the unlock.
    public var flushedAfterUnlock: Int { total(\.flushedAfterUnlock) }
    /// Held records lost and accounted for by a loss record.
    public var heldLostWithLossRecord: Int { total(\.lostWithLossRecord) }
    /// Held records still in memory at the end (must be 0).
    public var stillHeld: Int { total(\.stillHeld) }
    /// Records still pending after the drain (must be 0).
    public var pending: Int { total(\.pending) }
    /// `0xdead10cc` kills (must be 0).
    public var lockKills: Int { results.reduce(0) { $0 + $1.lockKills } }
    /// Wakeful's background tasks left open (must be 0).
    public var tasksLeftOpen: Int { results.reduce(0) { $0 + $1.tasksLeftOpen.count } }
    /// Runs that started by migrating an older store.
    public var migratedRuns: Int { results.filter(\.migrated).count }

    /// Kills over all runs, by reason.
    public var kills: [String: Int] { merged(\.kills) }
    /// Store crashes over all runs, by fault point.
    public var storeCrashes: [String: Int] { merged(\.storeCrashes) }
    /// Upload attempts over all runs, by outcome.
    public var uploads: [String: Int] {
        results.reduce(into: [:]) { sum, result in sum.merge(result.outbox.uploads, uniquingKeysWith: +) }
    }

    private func merged(_ counts: (ChaosRunResult) -> [String: Int]) -> [String: Int] {
        results.reduce(into: [:]) { sum, result in sum.merge(counts(result), uniquingKeysWith: +) }
    }

    /// The report `wakeful chaos` prints.
    public var text: String {
        func list(_ counts: [String: Int]) -> String {
            counts.isEmpty
                ? "none" : counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
        let configurations = Set(results.map { "\($0.scenario)/\($0.setup)/\($0.ios)" }).count
        var lines = [
            "Crash injection: \(results.count) runs (\(configurations) configurations, \(migratedRuns) starting with a migration)",
            "  records collected        \(collected) (+ \(timelineRecords) timeline records)",
            "  stored by the server     \(acknowledged)",
            "  lost, with loss record   \(lostByRetention)",
            "  quarantined              \(quarantined)",
            "  held while locked        \(heldWhileLocked)   (stored after the unlock: \(flushedAfterUnlock); lost with a loss record: \(heldLostWithLossRecord); still held: \(stillHeld))",
            "  lost silently            \(silentlyLost)",
            "  stored twice             \(duplicatesStored)   (resends deduplicated by the server: \(duplicatesReceived))",
            "  pending after the drain  \(pending)",
            "  0xdead10cc kills         \(lockKills)",
            "  tasks left open          \(tasksLeftOpen)",
            "  kills                    \(list(kills))",
            "  crashes in transactions  \(list(storeCrashes))",
            "  upload attempts          \(list(uploads))",
        ]
        if holds {
            lines.append("Invariant held in every run.")
        } else {
            lines.append("Invariant broken in \(failures.count) runs:")
            for failure in failures.prefix(20) {
                lines.append(
                    "  seed \(failure.seed) \(failure.scenario) / \(failure.setup) / iOS \(failure.ios): lost \(failure.outbox.silentlyLost), "
                        + "twice \(failure.outbox.duplicatesStored), pending \(failure.outbox.pending), 0xdead10cc \(failure.lockKills), "
                        + "tasks \(failure.tasksLeftOpen), model \(failure.modelViolations.prefix(2))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
