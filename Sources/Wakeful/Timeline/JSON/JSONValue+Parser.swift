import Foundation

extension JSONValue {
    /// The deepest nesting of arrays and objects the parser accepts; deeper input is rejected
    /// rather than allowed to exhaust the stack of a server that reads uploads.
    public static let maximumNestingDepth = 512

    /// Parses one JSON document (RFC 8259): a value with optional whitespace around it.
    ///
    /// Objects keep their members in order, duplicates included. The input must be UTF-8.
    ///
    /// ```swift
    /// try JSONValue.parse(Array(#"{"a":"\u00e9\ud83d\ude00"}"#.utf8))  // .object(["a": .string("é😀")])
    /// try JSONValue.parse(Array("[1,]".utf8))
    /// // throws: line 1, column 4: expected a value, found ']'
    /// ```
    ///
    /// - Parameter bytes: The document's UTF-8 bytes.
    /// - Returns: The value.
    /// - Throws: ``JSONParseError`` with the line and column of the first problem.
    /// - Complexity: O(n) in the number of bytes.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        try parse(bytes, verbatim: nil)
    }

    /// Parses one document like ``parse(_:)``, except that the value of every object member named
    /// `key`, in an object at nesting `depth` (the outermost object or array is at depth 1), is not
    /// built: it is checked against the same grammar and limits and kept as its text, as sent but
    /// without the whitespace between tokens, in a ``string(_:)``.
    ///
    /// Ingest reads record payloads this way, so that a number, an escape or a duplicate key comes
    /// back exactly as the device wrote it (`18446744073709551615` stays itself, where ``double(_:)``
    /// would round it), and so that the payload is scanned once and never turned into values.
    ///
    /// ```swift
    /// try JSONValue.parse(Array(#"[{"p": {"n": 1.50}}]"#.utf8), keepingTextOf: "p", atDepth: 2)
    /// // .array([.object(["p": .string(#"{"n":1.50}"#)])])
    /// ```
    ///
    /// - Complexity: O(n) in the number of bytes.
    static func parse(_ bytes: some Collection<UInt8>, keepingTextOf key: String, atDepth depth: Int)
        throws(JSONParseError) -> JSONValue
    {
        try parse(bytes, verbatim: (key, depth))
    }

    /// The mark that starts a ``string(_:)`` standing for a value at fault (see
    /// `keepingValueFaults`), followed by the fault. It starts with a NUL, which kept JSON text
    /// never holds; a decoded string can only hold it escaped, and every wire field that is a
    /// string refuses control characters anyway.
    static let valueFaultMark = "\u{0}json-fault:"

    /// Parses like ``parse(_:)``, or ``parse(_:keepingTextOf:atDepth:)`` when `verbatim` is given.
    /// With `keepingValueFaults`, a value that is well-formed JSON but that the parser refuses (a
    /// number beyond Double's range, an unpaired surrogate escape) becomes a string starting with
    /// ``valueFaultMark`` and the fault, instead of failing the whole document: ingest then rejects
    /// only the record holding it.
    static func parse(
        _ bytes: some Collection<UInt8>, verbatim: (key: String, depth: Int)?, keepingValueFaults: Bool = false
    ) throws(JSONParseError) -> JSONValue {
        let parsed = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) -> JSONValue in
                var parser = JSONParser(bytes: buffer, verbatim: verbatim, keepsValueFaults: keepingValueFaults)
                return try parser.parseDocument()
            }
        }
        if let parsed { return try parsed.get() }
        // Collections without contiguous storage (lazy or chained views) are copied once.
        return try Array(bytes).withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) -> JSONValue in
                var parser = JSONParser(bytes: buffer, verbatim: verbatim, keepsValueFaults: keepingValueFaults)
                return try parser.parseDocument()
            }
        }.get()
    }
}

/// A recursive-descent parser over contiguous UTF-8 bytes.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    /// The member whose values are kept as text (``JSONValue/parse(_:keepingTextOf:atDepth:)``).
    let verbatim: (key: String, depth: Int)?
    /// Whether a value fault stays in its value (``JSONValue/valueFaultMark``) instead of failing
    /// the document.
    let keepsValueFaults: Bool
    /// The first value fault inside the verbatim value being scanned.
    var verbatimFault: String?

    init(
        bytes: UnsafeBufferPointer<UInt8>, verbatim: (key: String, depth: Int)? = nil, keepsValueFaults: Bool = false
    ) {
        self.bytes = bytes
        self.verbatim = verbatim
        self.keepsValueFaults = keepsValueFaults
    }

    /// The fault of a number beyond Double's range.
    static let outOfRange = "number out of range"

    /// Whether an error is a value fault: well-formed JSON the parser still refuses.
    static func isValueFault(_ error: JSONParseError) -> Bool {
        error.message == outOfRange || error.message.hasPrefix("unpaired ")
    }

    /// A value standing for `fault` (``JSONValue/valueFaultMark``).
    static func faultValue(_ fault: JSONParseError) -> JSONValue {
        .string(JSONValue.valueFaultMark + fault.message)
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else {
            throw error("unexpected \(found(at: index)) after the value")
        }
        return value
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw error("expected a value, found the end of the input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""):
            do {
                return .string(try parseString())
            } catch  where keepsValueFaults && Self.isValueFault(error) {
                return Self.faultValue(error)
            }
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            do {
                return try parseNumber()
            } catch  where keepsValueFaults && Self.isValueFault(error) {
                return Self.faultValue(error)
            }
        default: throw error("expected a value, found \(found(at: index))")
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(JSONObject(members))
        }
        while true {
            guard peek == UInt8(ascii: "\"") else {
                throw error("expected a string key, found \(found(at: index))")
            }
            let key = try parseString()
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else {
                throw error("expected ':' after an object key, found \(found(at: index))")
            }
            index += 1
            skipWhitespace()
            if let verbatim, depth == verbatim.depth, key == verbatim.key {
                var text: [UInt8] = []
                verbatimFault = nil
                try scanValue(copyingInto: &text)
                let value: JSONValue =
                    verbatimFault.map { .string(JSONValue.valueFaultMark + $0) }
                    ?? .string(String(decoding: text, as: UTF8.self))
                members.append(JSONMember(key: key, value: value))
            } else {
                members.append(JSONMember(key: key, value: try parseValue()))
            }
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(JSONObject(members))
            default:
                throw error("expected ',' or '}' after an object member, found \(found(at: index))")
            }
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(elements)
            default:
                throw error("expected ',' or ']' after an array element, found \(found(at: index))")
            }
        }
    }

    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONValue.maximumNestingDepth else {
            throw error("nesting deeper than \(JSONValue.maximumNestingDepth) arrays and objects")
        }
    }

    mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        let matches = word.withUTF8Buffer { expected in
            index + expected.count <= bytes.count
                && expected.indices.allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { throw error("expected a value, found \(found(at: index))") }
        index += word.utf8CodeUnitCount
        return value
    }

    // MARK: Numbers

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        let isInteger = try scanNumber()
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if isInteger, let value = Self.integer(text) {
            return .int(value)
        }
        // Strtod behind `Double(_:)` rounds correctly, so shortest-form output reads back exactly.
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else {
            throw error(Self.outOfRange, at: start)
        }
        return .double(value)
    }

    /// Moves past one number of RFC 8259's grammar.
    ///
    /// - Returns: Whether it has neither fraction nor exponent.
    mutating func scanNumber() throws(JSONParseError) -> Bool {
        if peek == UInt8(ascii: "-") { index += 1 }
        if peek == UInt8(ascii: "0") {
            index += 1
            if let next = peek, isDigit(next) { throw error("a number may not start with 0 unless it is 0") }
        } else {
            try digits("after '-'")
        }
        var isInteger = true
        if peek == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            try digits("after '.'")
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            isInteger = false
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            try digits("in the exponent")
        }
        return isInteger
    }

    private mutating func digits(_ place: String) throws(JSONParseError) {
        guard let first = peek, isDigit(first) else {
            throw error("expected a digit \(place), found \(found(at: index))")
        }
        while let byte = peek, isDigit(byte) { index += 1 }
    }

    /// The value of an optionally negative run of digits, or nil when it does not fit in `Int`.
    private static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        let isNegative = text.first == UInt8(ascii: "-")
        var value = 0
        // Accumulates negatively, since Int.min has no positive counterpart.
        for byte in text.dropFirst(isNegative ? 1 : 0) {
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = shifted.subtractingReportingOverflow(Int(byte &- UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            value = next
        }
        if isNegative { return value }
        return value == .min ? nil : -value
    }

    // MARK: Strings

    private mutating func parseString() throws(JSONParseError) -> String {
        let (start, end, hasEscapes) = try scanStringContent()
        guard hasEscapes else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        return try unescape(from: start, to: end)
    }

    /// Moves past a string whose opening quote is at `index`, refusing unescaped control
    /// characters, an unterminated string and invalid UTF-8: the bounds of its content (between
    /// the quotes) and whether it holds escapes, which the caller checks or decodes.
    mutating func scanStringContent() throws(JSONParseError) -> (start: Int, end: Int, hasEscapes: Bool) {
        index += 1
        let start = index
        var hasEscapes = false
        while true {
            guard index < bytes.count else {
                throw error("unterminated string; expected '\"' before the end of the input")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 {
                throw error("a control character (\(Self.scalarName(UInt32(byte)))) must be escaped in a string")
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                index += 1
                guard index < bytes.count else { continue }
            }
            index += 1
        }
        let end = index
        index += 1
        if let invalid = Self.firstInvalidUTF8(in: UnsafeBufferPointer(rebasing: bytes[start..<end])) {
            throw error("invalid UTF-8 in a string", at: start + invalid)
        }
        return (start, end, hasEscapes)
    }

    private func unescape(from start: Int, to end: Int) throws(JSONParseError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(end - start)
        var position = start
        while position < end {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                position += 1
                continue
            }
            let escape = bytes[position + 1]
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                let scalar = try unicodeEscape(at: position, end: end)
                UTF8.encode(scalar) { output.append($0) }
                position += scalar.value > 0xFFFF ? 12 : 6
                continue
            default:
                throw error(
                    "invalid escape '\\\(Self.character(escape))'; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u",
                    at: position)
            }
            position += 2
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The scalar of `\uXXXX` at `position`, combined with a following low surrogate escape.
    func unicodeEscape(at position: Int, end: Int) throws(JSONParseError) -> Unicode.Scalar {
        let high = try hexQuad(at: position + 2, end: end, escapeAt: position)
        if (0xDC00...0xDFFF).contains(high) {
            throw error("unpaired low surrogate \\u\(Self.hex(high))", at: position)
        }
        guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high)! }
        let next = position + 6
        guard next + 1 < end, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u") else {
            throw unpairedHighSurrogate(high, at: position)
        }
        let low = try hexQuad(at: next + 2, end: end, escapeAt: next)
        guard (0xDC00...0xDFFF).contains(low) else {
            throw unpairedHighSurrogate(high, at: position)
        }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
    }

    private func unpairedHighSurrogate(_ value: UInt32, at position: Int) -> JSONParseError {
        error("unpaired high surrogate \\u\(Self.hex(value)); expected a \\uDC00-\\uDFFF escape after it", at: position)
    }

    private func hexQuad(at position: Int, end: Int, escapeAt escape: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard position + offset < end, let digit = Self.hexValue(bytes[position + offset]) else {
                throw error("invalid \\u escape; expected four hexadecimal digits", at: escape)
            }
            value = value << 4 | digit
        }
        return value
    }

    // MARK: Bytes

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    mutating func skipWhitespace() {
        while let byte = peek,
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
                || byte == UInt8(ascii: "\r")
        {
            index += 1
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func scalarName(_ value: UInt32) -> String { "U+" + hex(value) }

    static func character(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : scalarName(UInt32(byte))
    }

    /// The offset of the first byte that is not part of well-formed UTF-8, or nil.
    static func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The second byte's range depends on the lead so that overlong forms and surrogates fail.
            let length: Int, secondRange: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
            case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange) = (3, 0x80...0xBF)
            case 0xED: (length, secondRange) = (3, 0x80...0x9F)
            case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
            case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
            default: return index
            }
            guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return index }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }

    // MARK: Errors

    /// How the input at `position` reads in a message: a character, a code point, or the end.
    func found(at position: Int) -> String {
        guard position < bytes.count else { return "the end of the input" }
        let byte = bytes[position]
        if byte < 0x80 { return "'\(Self.character(byte))'" }
        let rest = UnsafeBufferPointer(rebasing: bytes[position...])
        var iterator = rest.makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return "'\(Character(scalar))'" }
        return "the byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    func error(_ message: String, at position: Int? = nil) -> JSONParseError {
        let offset = min(position ?? index, bytes.count)
        var line = 1
        var column = 1
        for byte in UnsafeBufferPointer(rebasing: bytes[..<offset]) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONParseError(line: line, column: column, offset: offset, message: message)
    }
}
