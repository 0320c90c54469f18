import Foundation

extension IngestBatch {
    /// The wire form of an outbox batch.
    ///
    /// - Parameters:
    ///   - batch: The claimed batch.
    ///   - installID: The install that produced it (``Outbox/installID``).
    ///   - clockOrigin: Seconds since 1970 of the context's time 0, added to each record's
    ///     ``OutboxRecord/recordedAt`` to give `recorded_at`.
    public init(_ batch: OutboxBatch, installID: UUID, clockOrigin: TimeInterval = 0) {
        self.init(
            batchID: batch.id, installID: installID,
            records: batch.records.map {
                OutboxRecord(
                    uuid: $0.uuid, seq: $0.seq, kind: $0.kind, payload: $0.payload,
                    recordedAt: clockOrigin + $0.recordedAt)
            })
    }

    /// The request body: compact JSON, members in the contract's order, the same bytes for the same batch.
    ///
    /// ```swift
    /// let body = try IngestBatch(batch, installID: outbox.installID).jsonBytes()
    /// // {"batch_id":"…","install_id":"…","records":[{"uuid":"…","seq":1,"kind":"location",
    /// //  "recorded_at":"2026-11-21T07:45:51.123Z","payload":{"lat":52.1}}]}
    /// ```
    ///
    /// Each record's `payload` is written as it is stored, without re-encoding: it is already one JSON
    /// object (``Record/payloadJSON``). A payload that is not valid JSON makes the body malformed;
    /// the server answers 400 and the uploader splits the batch until that record is alone and
    /// quarantined, so the rest still uploads.
    ///
    /// A `recordedAt` that RFC 3339 cannot write (not finite, or outside the years 0001 to 9999) is
    /// written as `null`: the server rejects that record alone, with the path in its reason, and the
    /// uploader quarantines it, instead of a batch that can never be encoded blocking the queue.
    ///
    /// - Complexity: O(n) in the body's size; one allocation for the whole body.
    public func jsonBytes() -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(96 + records.reduce(0) { $0 + $1.kind.utf8.count + $1.payload.utf8.count + 150 })
        encode(into: &buffer)
        return buffer
    }

    /// Appends the request body to `buffer` (see ``jsonBytes()``).
    public func encode(into buffer: inout [UInt8]) {
        buffer.appendJSONRaw(#"{"batch_id":""#)
        buffer.appendUUIDContents(batchID)
        buffer.appendJSONRaw(#"","install_id":""#)
        buffer.appendUUIDContents(installID)
        buffer.appendJSONRaw(#"","records":["#)
        for (index, record) in records.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.appendJSONRaw(#"{"uuid":""#)
            buffer.appendUUIDContents(record.uuid)
            buffer.appendJSONRaw(#"","seq":"#)
            buffer.appendJSONInt(Int(record.seq))
            buffer.appendJSONKey("kind")
            buffer.appendJSONString(record.kind)
            buffer.appendJSONRaw(#","recorded_at":"#)
            buffer.append(UInt8(ascii: "\""))
            if RFC3339Time.append(secondsSince1970: record.recordedAt, to: &buffer) {
                buffer.appendJSONRaw(#"","payload":"#)
            } else {
                buffer.removeLast()
                buffer.appendJSONRaw(#"null,"payload":"#)
            }
            buffer.append(contentsOf: record.payload.utf8)
            buffer.append(UInt8(ascii: "}"))
        }
        buffer.appendJSONRaw("]}")
    }

    /// Reads a request body, refusing it at the first problem.
    ///
    /// Unknown members are ignored, so a newer client's additions do not break an older server.
    ///
    /// - Throws: ``IngestDecodingError`` naming the path (`records[3].recorded_at`) and the expected form.
    public static func parse(_ bytes: some Collection<UInt8>) throws(IngestDecodingError) -> IngestBatch {
        let (batch, rejected) = try parseSeparatingBadRecords(bytes)
        if let first = rejected.first {
            throw IngestDecodingError(path: "", message: first.reason)
        }
        return batch
    }

    /// Reads a request body as the server does: a bad envelope throws (HTTP 400), while a record
    /// whose `uuid` reads but whose other fields do not is set aside as a rejection with the path
    /// and the expected form as its reason, so one bad record never fails its batch.
    ///
    /// ```swift
    /// let (batch, rejected) = try IngestBatch.parseSeparatingBadRecords(body)
    /// // rejected: [RecordRejection(uuid: …, reason: "records[1].seq: expected a whole number, 1 or more, found 0")]
    /// ```
    ///
    /// - Returns: The batch with the good records, and the rejections, both in body order.
    /// - Throws: ``IngestDecodingError`` when the body is not JSON, `batch_id`, `install_id` or
    ///   `records` is missing or malformed, `records` is empty, or a record has no readable `uuid`.
    public static func parseSeparatingBadRecords(
        _ bytes: some Collection<UInt8>
    ) throws(IngestDecodingError) -> (batch: IngestBatch, rejected: [RecordRejection]) {
        // A body as the encoder writes it, the form of every upload from Wakeful, reads the same
        // without building a value for each member.
        if case let batch?? = bytes.withContiguousStorageIfAvailable(readCanonical) { return (batch, []) }
        // Payloads (members of each record, the record being at depth 3) are kept as sent: never
        // built into values, so their numbers and escapes are stored exactly as acknowledged.
        let root = try IngestObjectReader(try JSONValue.parseIngest(bytes, keepingTextOf: ("payload", 3)), path: "")
        let batchID = try root.uuid("batch_id")
        let installID = try root.uuid("install_id")
        let elements = try root.array("records")
        guard !elements.isEmpty else { throw root.failure("records", "expected at least one record") }
        var records: [OutboxRecord] = []
        records.reserveCapacity(elements.count)
        var rejected: [RecordRejection] = []
        for (index, element) in elements.enumerated() {
            let reader = try IngestObjectReader(element, path: "records[\(index)]")
            let uuid = try reader.uuid("uuid")
            do {
                records.append(try OutboxRecord(reading: reader, uuid: uuid))
            } catch {
                rejected.append(RecordRejection(uuid: uuid, reason: error.description))
            }
        }
        return (IngestBatch(batchID: batchID, installID: installID, records: records), rejected)
    }
}

extension OutboxRecord {
    /// Reads the fields after `uuid` of one record.
    fileprivate init(reading reader: IngestObjectReader, uuid: UUID) throws(IngestDecodingError) {
        let seq = try reader.integer("seq", minimum: 1)
        let kind = try reader.string("kind")
        guard !kind.isEmpty else { throw reader.failure("kind", "expected a non-empty string") }
        // A label, indexed and repeated in every answer: a megabyte of it is no kind.
        guard kind.utf8.count <= OutboxRecord.maximumKindBytes else {
            throw reader.failure(
                "kind", "expected at most \(OutboxRecord.maximumKindBytes) bytes, found \(kind.utf8.count)")
        }
        // A kind is a label: a control character in it (U+0000 above all, which PostgreSQL text
        // cannot hold) is the client's mistake, rejected here rather than failing at the database.
        // Printable ASCII has none, and asking Unicode's tables of every scalar is slow.
        if !kind.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }),
            let control = kind.unicodeScalars.first(where: { $0.properties.generalCategory == .control })
        {
            throw reader.failure(
                "kind",
                "expected a string without control characters, found U+\(String(control.value, radix: 16, uppercase: true).leftPadded(to: 4))"
            )
        }
        let time = try reader.string("recorded_at")
        guard let recordedAt = RFC3339Time.secondsSince1970(parsing: time) else {
            throw reader.failure(
                "recorded_at",
                "expected an RFC 3339 time such as \"2026-11-21T07:45:51.123Z\", found \(JSONValue.string(time).summary)"
            )
        }
        let payload = try reader.objectText("payload")
        self.init(uuid: uuid, seq: Int64(seq), kind: kind, payload: payload, recordedAt: recordedAt)
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
