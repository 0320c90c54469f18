import Foundation

/// Escaping for hand-written HTML and SVG: every value that did not come from a literal goes
/// through ``escape(_:)`` (bundle IDs, device-reported names, scenario names, errors).
public enum HTML {
    /// `text` safe in element content and in double- or single-quoted attribute values.
    public static func escape(_ text: some StringProtocol) -> String {
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
}
