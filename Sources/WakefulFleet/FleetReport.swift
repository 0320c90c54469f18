import Foundation

/// What a fleet run sent and what the server kept.
public struct FleetReport: Sendable, Hashable {
    /// Devices that ran.
    public var devices: Int
    /// Records the devices committed to their outboxes (app records, timeline and loss records).
    public var collected: Int
    /// Upload requests sent.
    public var requests: Int
    /// Records the server stored on first receipt.
    public var accepted: Int
    /// Records the server already had (resends after lost answers or a restart).
    public var duplicates: Int
    /// Records the server refused (quarantined on the phone with the reason).
    public var rejected: Int
    /// Records dropped by a retention limit, each accounted for by a loss record.
    public var droppedWithLossRecord: Int
    /// Records still in an outbox at the end (the server never came back in time).
    public var pending: Int
    /// Committed records nowhere: not acknowledged, not pending, not rejected, not dropped. Must be 0.
    public var lost: Int
    /// Requests by HTTP status, and `transport` for those that got no answer.
    public var outcomes: [String: Int]
    /// Acknowledged records the server no longer holds, by the admin API's count per device; nil
    /// when not checked (no admin token). Must be 0.
    public var missingOnServer: Int?

    /// Whether nothing was lost and nothing is left behind.
    public var holds: Bool { lost == 0 && pending == 0 && (missingOnServer ?? 0) == 0 }

    /// The report `wakeful-server fleet` prints.
    public var text: String {
        let outcomeList = outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return """
            Fleet: \(devices) devices
              records collected        \(collected)
              upload requests          \(requests) (\(outcomeList.isEmpty ? "none" : outcomeList))
              accepted by the server   \(accepted)
              duplicates               \(duplicates)
              rejected                 \(rejected)
              dropped, with loss rec.  \(droppedWithLossRecord)
              pending at the end       \(pending)
              lost                     \(lost)
              missing on the server    \(missingOnServer.map(String.init) ?? "not checked (no admin token)")
            """
    }
}
