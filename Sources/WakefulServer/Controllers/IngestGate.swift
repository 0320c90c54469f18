/// Bounds the ingest requests handled at once, so an overloaded server answers 503 with
/// `Retry-After` at once instead of queueing without limit.
actor IngestGate {
    private let capacity: Int
    private var inFlight = 0

    init(capacity: Int) { self.capacity = capacity }

    /// Takes a place, or returns false when all are taken.
    func enter() -> Bool {
        guard inFlight < capacity else { return false }
        inFlight += 1
        return true
    }

    /// Gives a place back.
    func leave() { inFlight -= 1 }
}
