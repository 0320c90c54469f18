import Foundation

extension UUID {
    /// The same text as `uuidString` (upper-case hex, 8-4-4-4-12), written directly: Foundation on
    /// Linux formats it through `sprintf`, a measurable share of an append.
    var databaseText: String {
        let hex: StaticString = "0123456789ABCDEF"
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                hex.withUTF8Buffer { digits in
                    var position = 0
                    for (index, byte) in bytes.enumerated() {
                        if index == 4 || index == 6 || index == 8 || index == 10 {
                            text[position] = UInt8(ascii: "-")
                            position += 1
                        }
                        text[position] = digits[Int(byte >> 4)]
                        text[position + 1] = digits[Int(byte & 0x0F)]
                        position += 2
                    }
                    return position
                }
            }
        }
    }
}
