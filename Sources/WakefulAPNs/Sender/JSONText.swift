import Foundation

/// JSON text written by hand for push bodies: encoded once, in a fixed order, without a JSON
/// encoder's dictionary ordering.
enum JSONText {
    /// Appends `string` as a JSON string literal (RFC 8259 §7: quote, backslash and control
    /// characters escaped).
    static func appendQuoted(_ string: String, to json: inout String) {
        json += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case "\n": json += "\\n"
            case "\r": json += "\\r"
            case "\t": json += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: json.unicodeScalars.append(scalar)
            }
        }
        json += "\""
    }

    /// Whether `data` is one JSON object.
    static func isObject(_ data: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: data)) is [String: Any]
    }

    /// The object's text without surrounding whitespace, to embed as a member's value.
    static func trimmed(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
