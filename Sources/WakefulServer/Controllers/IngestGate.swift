import Foundation

/// Bounds the ingest requests handled at once, so an overloaded server answers 503 with
/// `Retry-After` at once instead of queueing without limit, and keeps the batches being processed,
/// so a second request for the same (device, batch ID) is answered 409 instead of racing the first.
actor IngestGate {
    private let capacity: Int
    private var inFlight = 0
    private var batches: Set<BatchKey> = []

    /// A batch being processed: the device and its `Idempotency-Key`.
    struct BatchKey: Hashable {
        var deviceID: UUID
        var batchID: UUID
    }

    init(capacity: Int) { self.capacity = capacity }

    /// Takes a place, or returns false when all are taken.
    func enter() -> Bool {
        guard inFlight < capacity else { return false }
        inFlight += 1
        return true
    }

    /// Gives a place back.
    func leave() { inFlight -= 1 }

    /// Marks `key` as being processed, or returns false when another request already holds it.
    func claim(_ key: BatchKey) -> Bool { batches.insert(key).inserted }

    /// Ends the processing of `key`.
    func release(_ key: BatchKey) { batches.remove(key) }
}
