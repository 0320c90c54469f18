import Foundation
import Wakeful

extension StoredRecord {
    /// Appends the record as the records API and the export write it: `uuid`, `seq`, `kind`,
    /// `recorded_at`, `received_at`, then `payload` exactly as stored, which is the text the device
    /// sent (ingest checked it is one JSON object and kept it verbatim), never re-encoded, so a
    /// number or an escape reads back as it was acknowledged.
    ///
    /// - Parameter deviceID: Written first as `device_id` when given (the all-devices export).
    func appendJSON(to bytes: inout [UInt8], deviceID: UUID? = nil) {
        var members: JSONObject = [:]
        if let deviceID { members.members.append(JSONMember(key: "device_id", value: .string(deviceID.uuidString))) }
        members.members += [
            JSONMember(key: "uuid", value: .string(record.uuid.uuidString)),
            JSONMember(key: "seq", value: .int(Int(record.seq))),
            JSONMember(key: "kind", value: .string(record.kind)),
            JSONMember(key: "recorded_at", value: .time(record.recordedAt)),
            JSONMember(key: "received_at", value: .time(receivedAt)),
        ]
        JSONValue.appendObject(members, verbatim: ("payload", record.payload), to: &bytes)
    }
}

extension JSONValue {
    /// Appends `{…members, "key": text, …trailing}`, with `text` written as it is: it must be one
    /// JSON value.
    static func appendObject(
        _ members: JSONObject, verbatim: (key: String, text: String), then trailing: JSONObject = [:],
        to bytes: inout [UInt8]
    ) {
        JSONValue.object(members).encode(into: &bytes)
        bytes.removeLast()  // the closing brace: the verbatim member and the trailing ones follow
        if !members.isEmpty { bytes.append(UInt8(ascii: ",")) }
        JSONValue.string(verbatim.key).encode(into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(contentsOf: verbatim.text.utf8)
        for member in trailing {
            bytes.append(UInt8(ascii: ","))
            JSONValue.string(member.key).encode(into: &bytes)
            bytes.append(UInt8(ascii: ":"))
            member.value.encode(into: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }
}
