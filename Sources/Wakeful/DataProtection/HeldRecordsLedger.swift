import Foundation

/// How many records a process holds in memory because its outbox cannot be written (DATA-4), kept
/// where it stays writable on a locked phone (a file of class ``DataProtectionClass/none``), so that
/// if the process dies holding them, the next one can say so with a loss record.
///
/// ```swift
/// let ledger = InMemoryHeldRecordsLedger()
/// var agent = try Agent(strategies: strategies, configuration: configuration, outbox: outbox,
///                       seed: 7, heldRecords: ledger)
/// ```
public protocol HeldRecordsLedger: AnyObject, Sendable {
    /// What the last process left; nil when it held nothing.
    func read() -> HeldRecords?
    /// Replaces what is kept; nil when nothing is held any more.
    func write(_ held: HeldRecords?)
}

/// Records held in memory and not yet in the outbox.
public struct HeldRecords: Sendable, Hashable, Codable {
    /// How many.
    public var count: Int
    /// When the oldest of them was produced, in the context's clock.
    public var firstRecordedAt: TimeInterval
    /// When the newest was produced.
    public var lastRecordedAt: TimeInterval

    /// Creates a count.
    public init(count: Int, firstRecordedAt: TimeInterval, lastRecordedAt: TimeInterval) {
        self.count = count
        self.firstRecordedAt = firstRecordedAt
        self.lastRecordedAt = lastRecordedAt
    }

    /// These records and `other` together: the counts added, the times spanning both.
    public func adding(_ other: HeldRecords) -> HeldRecords {
        HeldRecords(
            count: count + other.count, firstRecordedAt: min(firstRecordedAt, other.firstRecordedAt),
            lastRecordedAt: max(lastRecordedAt, other.lastRecordedAt))
    }

    /// The payload of the loss record for held records that never reached the outbox: the reason,
    /// how many and when they were produced. They never had sequence numbers, so the payload has
    /// no ranges.
    ///
    /// ```json
    /// {"reasons":["processEndedHolding"],"count":12,"firstRecordedAt":3600.0,"lastRecordedAt":3720.0}
    /// ```
    public func lossPayload(reason: String) -> String {
        "{\"reasons\":[\"\(reason)\"],\"count\":\(count),\"firstRecordedAt\":\(firstRecordedAt),"
            + "\"lastRecordedAt\":\(lastRecordedAt)}"
    }

    /// How many held records a loss record's payload accounts for; nil for any other payload
    /// (retention's loss records count sequence numbers instead).
    public static func lostCount(inPayload payload: String) -> Int? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any],
            let reasons = object["reasons"] as? [String],
            reasons.contains(where: { $0 == holdingAreaFull || $0 == processEndedHolding }),
            let count = object["count"] as? Int
        else { return nil }
        return count
    }

    /// The reason of a loss record for records dropped because more were held than
    /// ``AgentConfiguration/holdLimit``.
    public static let holdingAreaFull = "holdingAreaFull"
    /// The reason of a loss record for records a previous process held when it ended.
    public static let processEndedHolding = "processEndedHolding"
}

/// A ``HeldRecordsLedger`` in memory: for tests, and for the simulator, whose device keeps it across
/// the processes of a run as a phone keeps a file.
public final class InMemoryHeldRecordsLedger: HeldRecordsLedger, @unchecked Sendable {
    private let lock = NSLock()
    private var held: HeldRecords?

    /// Creates an empty ledger.
    public init() {}

    public func read() -> HeldRecords? { lock.withLock { held } }

    public func write(_ held: HeldRecords?) { lock.withLock { self.held = held } }
}
