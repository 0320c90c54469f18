import Foundation

/// Values that ``JSONValue/parse(_:keepingTextOf:atDepth:)`` keeps as text: checked against the
/// same grammar and limits as the values the parser builds, copied without building them.
extension JSONParser {
    /// Checks one value as ``parseValue()`` would, appending its tokens without the whitespace
    /// between them: strings keep their escapes and numbers their digits, as written.
    mutating func scanValue(copyingInto output: inout [UInt8]) throws(JSONParseError) {
        guard index < bytes.count else { throw error("expected a value, found the end of the input") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): try scanContainer(close: UInt8(ascii: "}"), copyingInto: &output)
        case UInt8(ascii: "["): try scanContainer(close: UInt8(ascii: "]"), copyingInto: &output)
        case UInt8(ascii: "\""): try scanString(copyingInto: &output)
        case UInt8(ascii: "t"): _ = try parseLiteral("true", .null)
        case UInt8(ascii: "f"): _ = try parseLiteral("false", .null)
        case UInt8(ascii: "n"): _ = try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try scanNumber()
            // Only an exponent or more than 308 digits can leave Double's range; such a number is
            // refused as parseNumber refuses it, so every stored payload still parses as values.
            let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
            if text.count > 308 || text.contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) {
                guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else {
                    let fault = error(Self.outOfRange, at: start)
                    guard keepsValueFaults else { throw fault }
                    verbatimFault = verbatimFault ?? fault.message
                    break
                }
            }
        default: throw error("expected a value, found \(found(at: index))")
        }
        if bytes[start] != UInt8(ascii: "{"), bytes[start] != UInt8(ascii: "["), bytes[start] != UInt8(ascii: "\"") {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        }
    }

    /// An object (`close` is `}`) or an array (`]`), as ``parseObject()`` and ``parseArray()`` read them.
    private mutating func scanContainer(close: UInt8, copyingInto output: inout [UInt8]) throws(JSONParseError) {
        let isObject = close == UInt8(ascii: "}")
        try enterContainer()
        output.append(bytes[index])
        index += 1
        skipWhitespace()
        if peek == close {
            index += 1
            depth -= 1
            output.append(close)
            return
        }
        while true {
            if isObject {
                guard peek == UInt8(ascii: "\"") else {
                    throw error("expected a string key, found \(found(at: index))")
                }
                try scanString(copyingInto: &output)
                skipWhitespace()
                guard peek == UInt8(ascii: ":") else {
                    throw error("expected ':' after an object key, found \(found(at: index))")
                }
                index += 1
                output.append(UInt8(ascii: ":"))
                skipWhitespace()
            }
            try scanValue(copyingInto: &output)
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                index += 1
                output.append(UInt8(ascii: ","))
                skipWhitespace()
            case close:
                index += 1
                depth -= 1
                output.append(close)
                return
            default:
                throw error(
                    isObject
                        ? "expected ',' or '}' after an object member, found \(found(at: index))"
                        : "expected ',' or ']' after an array element, found \(found(at: index))")
            }
        }
    }

    /// A string, checked as ``parseString()`` checks it (control characters, UTF-8, escapes and
    /// surrogate pairs), appended with its quotes and escapes as written.
    private mutating func scanString(copyingInto output: inout [UInt8]) throws(JSONParseError) {
        let open = index
        let (start, end, hasEscapes) = try scanStringContent()
        if hasEscapes {
            do {
                try checkEscapes(from: start, to: end)
            } catch  where keepsValueFaults && Self.isValueFault(error) {
                verbatimFault = verbatimFault ?? error.message
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[open..<index]))
    }

    /// Refuses what ``unescape(from:to:)`` refuses, without building the string.
    private func checkEscapes(from start: Int, to end: Int) throws(JSONParseError) {
        var position = start
        while position < end {
            guard bytes[position] == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            let escape = bytes[position + 1]
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"),
                UInt8(ascii: "r"), UInt8(ascii: "t"):
                position += 2
            case UInt8(ascii: "u"):
                position += try unicodeEscape(at: position, end: end).value > 0xFFFF ? 12 : 6
            default:
                throw error(
                    "invalid escape '\\\(Self.character(escape))'; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u",
                    at: position)
            }
        }
    }
}
