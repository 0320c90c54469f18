import Foundation
import HTTPTypes
import Wakeful

/// Reads a device's records for one answer a slice at a time: each slice's bytes are taken from
/// the ``ResponseBudget`` before it is read and held until the answer has written it, so a client
/// that stops reading pins one slice, not a page or an export.
struct RecordSlices: Sendable {
    let storage: any ServerStorage
    let budget: ResponseBudget
    let deviceID: UUID
    /// The query; its `after` moves past each slice read.
    var query: RecordQuery
    /// The largest record storage may hold (the ingest body limit): a slice may hold one such record
    /// past its bound, since the first record is always read.
    let largestRecord: Int

    /// Bytes of records (by ``OutboxRecord/byteCount``) one slice reads: small, so a stalled answer
    /// pins little; large enough that an answer is few queries.
    static let sliceBytes = 256 << 10
    /// Records one slice reads at most, which bounds the per-record memory beside their bytes.
    static let sliceRecords = 1000
    /// Memory a record held in a slice takes beyond its ``OutboxRecord/byteCount`` (the struct, its
    /// strings' headers), an upper estimate.
    static let recordOverhead = 128
    /// How long a new answer waits for room in the budget before it is answered 503.
    static let initialWait: Duration = .seconds(1)

    /// A slice: its records and the budget they hold, until ``finish()`` (or its end, for an answer
    /// dropped unsent, such as the answer to HEAD).
    final class Slice: @unchecked Sendable {  // used by one answer's task at a time
        private(set) var records: [StoredRecord]
        private let reservation: Reservation

        fileprivate init(records: [StoredRecord], reservation: Reservation) {
            self.records = records
            self.reservation = reservation
        }

        /// Drops the records and gives their bytes back, before the next slice is read.
        func finish() {
            records = []
            reservation.release()
        }
    }

    /// Reads the next slice: at most `count` records (and ``sliceRecords``), and at most `bytes`
    /// (and ``sliceBytes``) bytes, or one record when the first alone is larger; empty at the end.
    ///
    /// - Parameter wait: How long to wait for room in the budget.
    /// - Throws: ``ResponseBudgetExhausted`` when none came in time; storage errors.
    mutating func next(count: Int, bytes: Int = sliceBytes, wait: Duration) async throws -> Slice {
        let bound = max(0, min(bytes, Self.sliceBytes))
        let records = min(count, Self.sliceRecords)
        // Before reading: the bound, one record past it, the records' overhead, and what writing
        // holds (the chunk being encoded and its copy handed to the connection, each up to a record
        // larger than a chunk).
        let before = bound + largestRecord + records * Self.recordOverhead + Self.writing(largestRecord)
        // A budget smaller than one slice (a misconfiguration) serves one answer at a time rather than none.
        guard let reservation = await budget.reserve(min(before, budget.capacity), waitingAtMost: wait) else {
            throw ResponseBudgetExhausted()
        }
        var slice = query
        slice.limit = records
        slice.maximumBytes = bound
        let read = try await storage.records(deviceID: deviceID, matching: slice)
        let largest = read.lazy.map(\.record.byteCount).max() ?? 0
        reservation.shrink(
            to: read.reduce(0) { $0 + $1.record.byteCount + Self.recordOverhead } + Self.writing(largest))
        if let last = read.last { query.after = last.position }
        return Slice(records: read, reservation: reservation)
    }

    /// What writing a slice holds beside its records: the chunk being encoded and its copy handed
    /// to the connection, each up to `largest` bytes larger than a chunk.
    private static func writing(_ largest: Int) -> Int { 2 * (AnswerBuffer.chunkBytes + largest) }
}

/// No room in the ``ResponseBudget`` in time.
struct ResponseBudgetExhausted: Error {
    /// The answer to a request that had not started: 503 with `Retry-After`.
    func apiError(retryAfter seconds: Int) -> APIError {
        var error = APIError(
            .serviceUnavailable, "overloaded", "too many large answers are being sent; retry after \(seconds) s")
        error.headers[.retryAfter] = String(seconds)
        return error
    }
}
