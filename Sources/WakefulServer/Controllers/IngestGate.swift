import Foundation

/// Bounds the ingest work in flight, and keeps the batches being processed.
///
/// - Stores at once: at most `capacity` requests whose body has fully arrived, so an overloaded
///   server answers 503 with `Retry-After` at once instead of queueing without limit. A request
///   still receiving its body takes no place here: a slow client costs only its own connection.
/// - Uploads per device: at most `perDevice` requests of one device open at once, from
///   authentication to the answer (reading the body included), so one token cannot hold many
///   connections in slow uploads; beyond, 429.
/// - Batches: a second request for the same (device, batch ID) is answered 409 instead of racing the first.
actor IngestGate {
    private let capacity: Int
    private let perDevice: Int
    private var inFlight = 0
    private var uploads: [UUID: Int] = [:]
    private var batches: Set<BatchKey> = []

    /// A batch being processed: the device and its `Idempotency-Key`.
    struct BatchKey: Hashable {
        var deviceID: UUID
        var batchID: UUID
    }

    init(capacity: Int, perDevice: Int) {
        self.capacity = capacity
        self.perDevice = perDevice
    }

    /// Takes a place to store a received batch, or returns false when all are taken.
    func enter() -> Bool {
        guard inFlight < capacity else { return false }
        inFlight += 1
        return true
    }

    /// Gives a place back.
    func leave() { inFlight -= 1 }

    /// Counts an upload of `device`, or returns false when it already has `perDevice` open.
    func openUpload(of device: UUID) -> Bool {
        let open = uploads[device, default: 0]
        guard open < perDevice else { return false }
        uploads[device] = open + 1
        return true
    }

    /// Ends an upload of `device`; a device with none open leaves no entry behind.
    func closeUpload(of device: UUID) {
        let open = uploads[device, default: 1] - 1
        uploads[device] = open > 0 ? open : nil
    }

    /// Marks `key` as being processed, or returns false when another request already holds it.
    func claim(_ key: BatchKey) -> Bool { batches.insert(key).inserted }

    /// Ends the processing of `key`.
    func release(_ key: BatchKey) { batches.remove(key) }
}
