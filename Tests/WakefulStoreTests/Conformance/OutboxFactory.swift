import Foundation
import Testing
import Wakeful
import WakefulStore

/// One way of making an outbox for the conformance suite, with its clean-up.
struct OutboxFactory: Sendable, CustomTestStringConvertible {
    /// The implementation's name, shown in test results.
    let name: String
    /// Runs `body` with a fresh, empty outbox of install `install`, then cleans up.
    let with: @Sendable (_ install: UUID, _ body: (any Outbox) throws -> Void) throws -> Void

    var testDescription: String { name }

    /// Every implementation: each must pass the whole suite.
    static let all: [OutboxFactory] = [
        OutboxFactory(name: "InMemoryOutbox") { install, body in try body(InMemoryOutbox(installID: install)) },
        OutboxFactory(name: "SQLiteOutbox") { install, body in
            try withTemporaryDirectory { directory in
                try body(
                    SQLiteOutbox(
                        path: directory.appendingPathComponent("outbox.sqlite").path,
                        options: SQLiteOutbox.Options(newInstallID: install)))
            }
        },
        OutboxFactory(name: "SQLiteOutbox in memory") { install, body in
            try body(SQLiteOutbox.inMemory(options: SQLiteOutbox.Options(newInstallID: install)))
        },
    ]
}

/// A fixed install ID for the tests.
let testInstall = UUID(uuidString: "5A1E0C4B-9D2F-4E61-8A3B-0123456789AB")!

/// A record with a `n` field and a payload of about `padding` bytes.
func sample(_ n: Int, padding: Int = 0, kind: String = "sensor") -> Record {
    Record(kind: kind, fields: [Field("n", .int(n)), Field("pad", .string(String(repeating: "x", count: padding)))])
}

/// Commits `count` records recorded at `start`, `start + 1`, … and returns them as stored.
@discardableResult
func appendSamples(_ outbox: any Outbox, count: Int, start: TimeInterval = 0, padding: Int = 0) throws -> [OutboxRecord]
{
    try outbox.commit(
        OutboxWrite(records: (0..<count).map { CollectedRecord(sample($0, padding: padding), at: start + Double($0)) }))
}

/// An answer that accepts every record of `batch`.
func acceptAll(_ batch: OutboxBatch) -> IngestAnswer {
    IngestAnswer(accepted: batch.records.count, duplicates: 0)
}
