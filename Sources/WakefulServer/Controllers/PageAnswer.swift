import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Wakeful

/// The bytes of an answer being written, handed to the response a chunk at a time: the writer
/// awaits the connection's writability, so an answer is never built whole and a client that reads
/// slowly slows the server's reading with it.
struct AnswerBuffer {
    /// Bytes collected before they are written.
    static let chunkBytes = 64 << 10

    var bytes: [UInt8] = []

    /// Writes what is collected once it is a chunk or more.
    mutating func writeIfFull(to writer: inout any ResponseBodyWriter) async throws {
        if bytes.count >= Self.chunkBytes { try await write(to: &writer) }
    }

    /// Writes what is collected.
    mutating func write(to writer: inout any ResponseBodyWriter) async throws {
        guard !bytes.isEmpty else { return }
        try await writer.write(ByteBuffer(bytes: bytes))
        bytes.removeAll(keepingCapacity: true)
    }
}

/// One page of records as a streamed JSON answer: `prefix`, the records as `encode` writes them,
/// separated by commas, then `suffix` with the `next` cursor. The page ends at `limit` records or
/// at `maximumBytes` bytes of answer, whichever comes first (one record larger than that is sent
/// alone); `next` is given exactly when a record follows.
struct PageAnswer: Sendable {
    var slices: RecordSlices
    let limit: Int
    let maximumBytes: Int
    /// How long the answer waits for room in the budget once it has started.
    let writeTimeout: Duration
    let retryAfterSeconds: Int
    let prefix: [UInt8]
    /// Bytes `suffix` may add beyond `next`: counted against `maximumBytes` from the start.
    let suffixBytes: Int
    let encode: @Sendable (StoredRecord, inout [UInt8]) -> Void
    let suffix: @Sendable (_ next: String?) -> [UInt8]

    /// `,"next":"<34 characters>"}` or `}`.
    static let nextBytes = 48

    /// Reads the first slice now, so that a storage failure or a full budget is an error answer
    /// (503 with `Retry-After`) rather than a cut stream, then streams the rest.
    func response() async throws -> Response {
        var slices = slices
        let first: RecordSlices.Slice
        do {
            first = try await slices.next(count: limit, bytes: maximumBytes, wait: RecordSlices.initialWait)
        } catch let error as ResponseBudgetExhausted {
            throw error.apiError(retryAfter: retryAfterSeconds)
        }
        let page = self
        return Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: ResponseBody { [slices] writer in
                var slices = slices
                try await page.write(first: first, rest: &slices, to: &writer)
            })
    }

    private func write(
        first: RecordSlices.Slice, rest slices: inout RecordSlices, to writer: inout any ResponseBodyWriter
    )
        async throws
    {
        var buffer = AnswerBuffer(bytes: prefix)
        var size = prefix.count + suffixBytes + Self.nextBytes
        var written = 0
        var last: RecordPosition?
        var next: String?
        var slice = first
        reading: while !slice.records.isEmpty {
            for record in slice.records {
                let mark = buffer.bytes.count
                if written > 0 { buffer.bytes.append(UInt8(ascii: ",")) }
                encode(record, &buffer.bytes)
                if written > 0, size + buffer.bytes.count - mark > maximumBytes {
                    // Read but past the page: it opens the next page.
                    buffer.bytes.removeSubrange(mark...)
                    next = last.map(RecordCursor.token)
                    break reading
                }
                size += buffer.bytes.count - mark
                written += 1
                last = record.position
                try await buffer.writeIfFull(to: &writer)
            }
            slice.finish()
            if written == limit {
                // One record more tells whether a next page exists, so the last page has no `next`.
                let probe = try await slices.next(count: 1, bytes: 0, wait: writeTimeout)
                next = probe.records.isEmpty ? nil : last.map(RecordCursor.token)
                probe.finish()
                break
            }
            slice = try await slices.next(count: limit - written, bytes: maximumBytes - size, wait: writeTimeout)
        }
        slice.finish()
        buffer.bytes += suffix(next)
        try await buffer.write(to: &writer)
        try await writer.finish(nil)
    }
}
