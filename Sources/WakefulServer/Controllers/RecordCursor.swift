import Foundation

/// The opaque `cursor` of the records and timeline endpoints: a ``RecordPosition`` as 34
/// base64url characters, so a client treats it as a token and the server may change its form.
///
/// Bytes: a version (1), then the bit pattern of `recorded_at`, `seq` and the row ID, each 8 bytes
/// big-endian. The bit pattern carries the time exactly, so no record at the boundary is skipped
/// or read twice.
enum RecordCursor {
    private static let version: UInt8 = 1

    /// The token for the position after `position`.
    static func token(_ position: RecordPosition) -> String {
        var bytes: [UInt8] = [version]
        bytes.reserveCapacity(25)
        for value in [
            position.recordedAt.bitPattern, UInt64(bitPattern: position.seq), UInt64(bitPattern: position.rowID),
        ] {
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            }
        }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
                of: "=", with: "")
    }

    /// The position a token names, or nil when it is not one this server wrote.
    static func position(_ token: String) -> RecordPosition? {
        guard token.utf8.count == 34, token.utf8.allSatisfy({ $0.isBase64URL }) else { return nil }
        let standard = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "=="
        guard let data = Data(base64Encoded: standard), data.count == 25, data.first == version else { return nil }
        let bytes = Array(data)
        func word(_ index: Int) -> UInt64 { bytes[1 + 8 * index..<9 + 8 * index].reduce(0) { $0 << 8 | UInt64($1) } }
        let recordedAt = Double(bitPattern: word(0))
        guard recordedAt.isFinite else { return nil }
        return RecordPosition(
            recordedAt: recordedAt, seq: Int64(bitPattern: word(1)), rowID: Int64(bitPattern: word(2)))
    }
}

extension UInt8 {
    fileprivate var isBase64URL: Bool {
        switch self {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
