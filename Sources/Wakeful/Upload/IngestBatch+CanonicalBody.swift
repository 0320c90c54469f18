import Foundation

extension IngestBatch {
    /// Reads a body written exactly as ``encode(into:)`` writes it, every record one the server
    /// stores: what ``parseSeparatingBadRecords(_:)`` would return, with no rejection, read without
    /// building a value for each member. Nil when the body departs from that form in any byte
    /// (whitespace between the envelope's tokens, another member order, an escape in a string, a UUID in another form, a `null`
    /// time) or holds anything the server would reject; the general reader then reads it,
    /// with its messages.
    ///
    /// Every upload of the simulator and of a Wakeful app has this form; building a value for each
    /// member of each record was most of the time of a simulated run that uploads.
    static func readCanonical(_ bytes: UnsafeBufferPointer<UInt8>) -> IngestBatch? {
        var parser = JSONParser(bytes: bytes, keepsValueFaults: true)
        return parser.canonicalBatch()
    }
}

extension JSONParser {
    /// The batch, when the body has the encoder's form (see ``IngestBatch/readCanonical(_:)``).
    fileprivate mutating func canonicalBatch() -> IngestBatch? {
        guard consume(#"{"batch_id":""#), let batchID = uuidInQuotes(), consume(#","install_id":""#),
            let installID = uuidInQuotes(), consume(#","records":["#)
        else { return nil }
        var records: [OutboxRecord] = []
        repeat {
            guard consume(#"{"uuid":""#), let uuid = uuidInQuotes(), consume(#","seq":"#), let seq = positiveInteger(),
                consume(#","kind":""#), let kind = plainString(), !kind.isEmpty,
                kind.utf8.count <= OutboxRecord.maximumKindBytes, consume(#","recorded_at":""#),
                let time = plainString(), let recordedAt = RFC3339Time.secondsSince1970(parsing: time),
                consume(#","payload":"#), peek == UInt8(ascii: "{")
            else { return nil }
            // The payload is scanned as the general reader scans it, at the record's depth, so the
            // same text comes out and the same nesting limit holds.
            depth = 3
            verbatimFault = nil
            var text: [UInt8] = []
            guard (try? scanValue(copyingInto: &text)) != nil, verbatimFault == nil, consume("}") else { return nil }
            records.append(
                OutboxRecord(
                    uuid: uuid, seq: Int64(seq), kind: kind, payload: String(decoding: text, as: UTF8.self),
                    recordedAt: recordedAt))
        } while consume(",")
        guard consume("]}"), index == bytes.count else { return nil }
        return IngestBatch(batchID: batchID, installID: installID, records: records)
    }

    /// Moves past `literal` when the bytes at the index are exactly it.
    private mutating func consume(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        let start = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
        index += count
        return true
    }

    /// The rest of a string, after its opening quote, when it is printable ASCII without escapes
    /// (which the general reader reads as the same characters, none of them a control character);
    /// the index moves past its closing quote.
    private mutating func plainString() -> String? {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
            }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        return nil
    }

    /// A UUID string in the canonical 8-4-4-4-12 form, after its opening quote, read from the bytes.
    private mutating func uuidInQuotes() -> UUID? {
        guard bytes.count - index > 36, bytes[index + 36] == UInt8(ascii: "\""),
            let uuid = TimelineLineReader.uuid(utf8: UnsafeBufferPointer(rebasing: bytes[index..<index + 36]))
        else { return nil }
        index += 37
        return uuid
    }

    /// A whole number of 1 to 18 digits without a leading zero: 1 or more, within `Int`, read by
    /// the general reader as the same `.int`.
    private mutating func positiveInteger() -> Int? {
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            value = value &* 10 &+ Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        guard (1...18).contains(index - start), bytes[start] != UInt8(ascii: "0") else { return nil }
        return value
    }
}
