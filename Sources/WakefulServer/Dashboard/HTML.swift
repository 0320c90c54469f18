import Foundation

/// Escaping for the dashboard's hand-written HTML and SVG: every value that did not come from this
/// module's own literals goes through ``escape(_:)`` (bundle IDs, device-reported names, errors).
enum HTML {
    /// `text` safe in element content and in double- or single-quoted attribute values.
    static func escape(_ text: some StringProtocol) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // Control characters other than tab and newline are not allowed in HTML text.
            case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` percent-encoded for one query parameter value or path segment.
    static func urlComponent(_ text: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
