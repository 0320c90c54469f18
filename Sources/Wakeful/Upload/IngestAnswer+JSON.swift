import Foundation

extension IngestAnswer {
    /// The answer body of a 200: `{"batch_id":"…","accepted":n,"duplicates":m,"rejected":[{"uuid":"…","reason":"…"}]}`,
    /// with `"configuration":{…}` after `rejected` when the answer carries one.
    ///
    /// - Parameter batchID: The batch it answers, echoed so that the client can match it.
    /// - Complexity: O(n) in the body's size.
    public func jsonBytes(batchID: UUID) -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(112 + rejected.reduce(0) { $0 + $1.reason.utf8.count + 60 })
        buffer.appendJSONRaw(#"{"batch_id":""#)
        buffer.appendUUIDContents(batchID)
        buffer.appendJSONRaw(#"","accepted":"#)
        buffer.appendJSONInt(accepted)
        buffer.appendJSONKey("duplicates")
        buffer.appendJSONInt(duplicates)
        buffer.appendJSONRaw(#","rejected":["#)
        for (index, rejection) in rejected.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.appendJSONRaw(#"{"uuid":""#)
            buffer.appendUUIDContents(rejection.uuid)
            buffer.appendJSONRaw(#"","reason":"#)
            buffer.appendJSONString(rejection.reason)
            buffer.append(UInt8(ascii: "}"))
        }
        buffer.append(UInt8(ascii: "]"))
        if let configuration {
            buffer.appendJSONRaw(#","configuration":"#)
            buffer.append(contentsOf: configuration.utf8)
        }
        buffer.append(UInt8(ascii: "}"))
        return buffer
    }

    /// Reads an answer body. Unknown members (a later `commands` array) are ignored; a
    /// `configuration` member is kept as its JSON text, unread (``configuration``).
    ///
    /// ```swift
    /// let (batchID, answer) = try IngestAnswer.parse(body)
    /// guard batchID == request.batch else { … }  // an answer to another batch settles nothing
    /// ```
    ///
    /// - Returns: The batch it answers and the answer.
    /// - Throws: ``IngestDecodingError`` naming the path (`rejected[0].reason`) and the expected form.
    public static func parse(_ bytes: some Collection<UInt8>) throws(IngestDecodingError) -> (
        batchID: UUID, answer: IngestAnswer
    ) {
        let root = try IngestObjectReader(try JSONValue.parseIngest(bytes), path: "")
        let configuration = root.object["configuration"].map(\.description)
        let batchID = try root.uuid("batch_id")
        let accepted = try root.integer("accepted", minimum: 0)
        let duplicates = try root.integer("duplicates", minimum: 0)
        var rejected: [RecordRejection] = []
        for (index, element) in try root.array("rejected").enumerated() {
            let reader = try IngestObjectReader(element, path: "rejected[\(index)]")
            rejected.append(RecordRejection(uuid: try reader.uuid("uuid"), reason: try reader.string("reason")))
        }
        return (
            batchID,
            IngestAnswer(accepted: accepted, duplicates: duplicates, rejected: rejected, configuration: configuration)
        )
    }
}
