import Foundation

/// Turns a string literal's raw pieces into its value: escapes resolved and, for a Swift
/// multi-line string, the closing delimiter's indentation removed from every line.
enum SourceStringDecoder {
    typealias Piece = SourceLexer.StringPiece

    /// A Swift literal with `hashes` `#`s (escapes are `\#n` in `#"…"#`).
    static func swift(_ pieces: [Piece], hashes: Int, multiline: Bool) -> SourceStringLiteral {
        var texts: [[UInt8]?] = pieces.map { if case .text(let bytes) = $0 { bytes } else { nil } }
        if multiline { stripIndentation(&texts) }
        let decoded = texts.map { $0.map { decodeSwiftEscapes($0, hashes: hashes) } }
        return literal(decoded)
    }

    /// A C or Objective-C literal's content between its quotes.
    static func c(_ raw: [UInt8]) -> SourceStringLiteral {
        literal([decodeCEscapes(raw)])
    }

    private static func literal(_ texts: [String?]) -> SourceStringLiteral {
        let pattern = texts.map { $0 ?? "*" }.joined()
        return SourceStringLiteral(value: texts.contains(nil) ? nil : pattern, pattern: pattern)
    }

    /// Drops the newline after the opening `"""` and the last line (the closing delimiter's
    /// indentation), then that indentation from the start of every line.
    private static func stripIndentation(_ texts: inout [[UInt8]?]) {
        var indentation: [UInt8] = []
        if let last = texts.indices.last, var bytes = texts[last],
            let newline = bytes.lastIndex(of: SourceByte.lineFeed)
        {
            let tail = bytes[(newline + 1)...]
            if tail.allSatisfy({ $0 == SourceByte.space || $0 == SourceByte.tab }) {
                indentation = Array(tail)
                bytes.removeSubrange(newline...)
                texts[last] = bytes
            }
        }
        if var first = texts.first ?? nil, let newline = first.firstIndex(of: SourceByte.lineFeed),
            first[..<newline].allSatisfy({ $0 == SourceByte.space || $0 == SourceByte.tab })
        {
            first.removeSubrange(...newline)
            texts[0] = first
        }
        guard !indentation.isEmpty else { return }
        for position in texts.indices {
            guard let bytes = texts[position] else { continue }
            var stripped: [UInt8] = []
            stripped.reserveCapacity(bytes.count)
            var lineStarts = position == 0
            var cursor = 0
            while cursor < bytes.count {
                if lineStarts, bytes[cursor...].starts(with: indentation) { cursor += indentation.count }
                lineStarts = false
                guard cursor < bytes.count else { break }
                stripped.append(bytes[cursor])
                lineStarts = bytes[cursor] == SourceByte.lineFeed
                cursor += 1
            }
            texts[position] = stripped
        }
    }

    private static func decodeSwiftEscapes(_ raw: [UInt8], hashes: Int) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var cursor = 0
        while cursor < raw.count {
            let byte = raw[cursor]
            let escaped = cursor + 1 + hashes
            guard byte == SourceByte.backslash, escaped <= raw.count,
                raw[(cursor + 1)..<escaped].allSatisfy({ $0 == SourceByte.hash })
            else {
                out.append(byte)
                cursor += 1
                continue
            }
            guard escaped < raw.count else {
                // `\` then a newline (a multi-line continuation): the newline was not kept raw.
                cursor = escaped
                continue
            }
            cursor = escaped + 1
            switch raw[escaped] {
            case UInt8(ascii: "n"): out.append(SourceByte.lineFeed)
            case UInt8(ascii: "t"): out.append(SourceByte.tab)
            case UInt8(ascii: "r"): out.append(SourceByte.carriageReturn)
            case UInt8(ascii: "0"): out.append(0)
            case UInt8(ascii: "u"):
                cursor = appendUnicodeEscape(raw, from: escaped + 1, to: &out) ?? cursor
            case SourceByte.space, SourceByte.tab, SourceByte.lineFeed:
                // A line continuation: `\`, maybe trailing blanks, then the newline, all dropped.
                while cursor < raw.count, raw[cursor] == SourceByte.space || raw[cursor] == SourceByte.tab {
                    cursor += 1
                }
                if cursor < raw.count, raw[cursor] == SourceByte.lineFeed { cursor += 1 }
            default: out.append(raw[escaped])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `{XXXX}` after `\u`: appends the scalar and returns the position after `}`.
    private static func appendUnicodeEscape(_ raw: [UInt8], from start: Int, to out: inout [UInt8]) -> Int? {
        guard start < raw.count, raw[start] == UInt8(ascii: "{"),
            let close = raw[start...].firstIndex(of: UInt8(ascii: "}")),
            let value = UInt32(String(decoding: raw[(start + 1)..<close], as: UTF8.self), radix: 16),
            let scalar = Unicode.Scalar(value)
        else { return nil }
        out.append(contentsOf: Array(String(Character(scalar)).utf8))
        return close + 1
    }

    private static func decodeCEscapes(_ raw: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var cursor = 0
        while cursor < raw.count {
            let byte = raw[cursor]
            guard byte == SourceByte.backslash, cursor + 1 < raw.count else {
                out.append(byte)
                cursor += 1
                continue
            }
            let escaped = raw[cursor + 1]
            cursor += 2
            switch escaped {
            case UInt8(ascii: "n"): out.append(SourceByte.lineFeed)
            case UInt8(ascii: "t"): out.append(SourceByte.tab)
            case UInt8(ascii: "r"): out.append(SourceByte.carriageReturn)
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                // Up to three octal digits.
                var value = Int(escaped - SourceByte.zero)
                var digits = 1
                while digits < 3, cursor < raw.count, raw[cursor] >= SourceByte.zero, raw[cursor] <= UInt8(ascii: "7") {
                    value = value * 8 + Int(raw[cursor] - SourceByte.zero)
                    cursor += 1
                    digits += 1
                }
                out.append(UInt8(truncatingIfNeeded: value))
            case UInt8(ascii: "x"):
                var value = 0
                while cursor < raw.count, let digit = hexValue(raw[cursor]) {
                    value = (value << 4 | digit) & 0xFF
                    cursor += 1
                }
                out.append(UInt8(value))
            case UInt8(ascii: "u"), UInt8(ascii: "U"):
                let width = escaped == UInt8(ascii: "u") ? 4 : 8
                let end = min(cursor + width, raw.count)
                if let value = UInt32(String(decoding: raw[cursor..<end], as: UTF8.self), radix: 16),
                    let scalar = Unicode.Scalar(value)
                {
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                    cursor = end
                }
            default: out.append(escaped)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case SourceByte.zero...SourceByte.nine: Int(byte - SourceByte.zero)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
