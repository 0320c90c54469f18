import Foundation

/// A plain-text table with left-aligned columns, for terminal reports.
public struct TextTable: Sendable {
    /// Column titles.
    public var header: [String]
    /// Rows of cells.
    public var rows: [[String]] = []

    /// Creates a table.
    public init(header: [String]) {
        self.header = header
    }

    /// Adds a row.
    public mutating func append(_ row: [String]) {
        rows.append(row)
    }

    /// The table, columns padded to their widest cell and separated by two spaces.
    public var rendered: String {
        let all = [header] + rows
        let widths = header.indices.map { column in
            all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.indices.map { index in
                index == cells.count - 1
                    ? cells[index] : cells[index].padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}

/// Formats for report cells.
enum Format {
    /// `1h 02m`, `3m 05s`, `42 s`.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        if whole >= 3600 { return String(format: "%dh %02dm", whole / 3600, (whole % 3600) / 60) }
        if whole >= 60 { return String(format: "%dm %02ds", whole / 60, whole % 60) }
        return "\(whole) s"
    }

    /// Metres with one decimal below 10 m, whole metres above.
    static func meters(_ value: Double) -> String {
        value < 10 ? String(format: "%.1f m", value) : String(format: "%.0f m", value)
    }

    /// `1,000`: a whole number with commas between thousands, the same in every locale.
    static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// `8, 12 and 17`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// One row of a GitHub-flavoured Markdown table, `|` in a cell escaped.
    static func markdownRow(_ cells: [String]) -> String {
        "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
    }

    /// One RFC 4180 CSV field: quoted when it holds a comma, a quote or a line break.
    static func csvField(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
            ? "\"\(text.replacingOccurrences(of: "\"", with: "\"\""))\"" : text
    }
}
