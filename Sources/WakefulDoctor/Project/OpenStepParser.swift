import Foundation

/// Reads OpenStep (old-style ASCII) property lists: `project.pbxproj`, and Info.plist files
/// written in that form.
///
/// Foundation can parse the form too, but it neither keeps lines nor says where a malformed file
/// goes wrong; this parser does both, so doctor can point a finding at a build setting's line and
/// report a broken project as `project.pbxproj:12: expected ';' …`.
public struct OpenStepParser {
    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1
    private var depth = 0

    /// Nesting deeper than this is refused rather than risk the stack: real projects nest about 5 deep.
    private static let maximumDepth = 256

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Parses a whole file: one value (a dictionary, for a project), comments and the
    /// `// !$*UTF8*$!` header allowed around it.
    ///
    /// - Parameter data: The file's bytes, UTF-8.
    /// - Parameter file: The name errors use.
    /// - Throws: ``DoctorInputError`` with the file, the line and what was expected there.
    public static func parse(_ data: Data, file: String) throws(DoctorInputError) -> OpenStepValue {
        var parser = OpenStepParser(bytes: [UInt8](data), file: file)
        try parser.skipWhitespace()
        guard parser.index < parser.bytes.count else {
            throw DoctorInputError(
                file: file, message: "is empty; expected an OpenStep property list ({ key = value; … })")
        }
        let value = try parser.parseValue()
        try parser.skipWhitespace()
        guard parser.index >= parser.bytes.count else {
            throw parser.error("expected the end of the file after the top-level value, found \(parser.found)")
        }
        return value
    }

    // MARK: Values

    private mutating func parseValue() throws(DoctorInputError) -> OpenStepValue {
        guard index < bytes.count else { throw error("expected a value, found the end of the file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseDictionary()
        case UInt8(ascii: "("): return try parseArray()
        case UInt8(ascii: "<"): return try parseData()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try parseQuoted())
        case let byte where Self.isUnquoted(byte): return .string(parseUnquoted())
        default: throw error("expected a value (a string, {, ( or <), found \(found)")
        }
    }

    private mutating func parseDictionary() throws(DoctorInputError) -> OpenStepValue {
        let openLine = line
        try enter()
        index += 1
        var dictionary = OpenStepDictionary()
        while true {
            try skipWhitespace()
            guard index < bytes.count else {
                throw error(
                    "expected '}' to close the dictionary opened on line \(openLine), found the end of the file")
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .dictionary(dictionary)
            }
            let keyLine = line
            let key: String
            switch bytes[index] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): key = try parseQuoted()
            case let byte where Self.isUnquoted(byte): key = parseUnquoted()
            default: throw error("expected a key or '}', found \(found)")
            }
            let keyEndLine = line
            try skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw error("expected '=' after the key \"\(key)\", found \(found)", line: keyEndLine)
            }
            index += 1
            try skipWhitespace()
            let value = try parseValue()
            // A missing ';' is reported on the value's line, not on the line of whatever follows.
            let valueEndLine = line
            try skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
                throw error("expected ';' after the value of \"\(key)\", found \(found)", line: valueEndLine)
            }
            index += 1
            dictionary.add(key, value, line: keyLine)
        }
    }

    private mutating func parseArray() throws(DoctorInputError) -> OpenStepValue {
        let openLine = line
        try enter()
        index += 1
        var items: [OpenStepValue] = []
        var lines: [Int] = []
        while true {
            try skipWhitespace()
            guard index < bytes.count else {
                throw error("expected ')' to close the array opened on line \(openLine), found the end of the file")
            }
            if bytes[index] == UInt8(ascii: ")") { break }
            lines.append(line)
            items.append(try parseValue())
            let itemEndLine = line
            try skipWhitespace()
            guard index < bytes.count else {
                throw error("expected ',' or ')' in the array opened on line \(openLine), found the end of the file")
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] != UInt8(ascii: ")") {
                throw error("expected ',' or ')' after an array item, found \(found)", line: itemEndLine)
            }
        }
        index += 1
        depth -= 1
        return .array(items, lines: lines)
    }

    private mutating func parseData() throws(DoctorInputError) -> OpenStepValue {
        let openLine = line
        index += 1
        var data = Data()
        var high: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ">") {
                guard high == nil else {
                    throw error("expected an even number of hex digits in the data opened on line \(openLine)")
                }
                return .data(data)
            }
            if byte == UInt8(ascii: "\n") { line += 1 }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
            {
                continue
            }
            guard let digit = Self.hexValue(byte) else {
                index -= 1
                throw error("expected hex digits or '>' in data, found \(found)")
            }
            if let first = high {
                data.append(first << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
        throw error("expected '>' to close the data opened on line \(openLine), found the end of the file")
    }

    // MARK: Strings

    private mutating func parseQuoted() throws(DoctorInputError) -> String {
        let quote = bytes[index]
        let openLine = line
        index += 1
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case quote:
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &utf8)
            case UInt8(ascii: "\n"):
                line += 1
                utf8.append(byte)
            default:
                utf8.append(byte)
            }
        }
        throw DoctorInputError(
            file: file, line: openLine,
            message: "expected a closing quote for the string that starts on this line, found the end of the file")
    }

    /// The escapes NeXT's and Foundation's readers accept: `\n \t \r \a \b \f \v \" \\`, `\U1234`
    /// (four hex digits, a UTF-16 unit) and octal `\012`; any other escaped character stands for itself.
    private mutating func parseEscape(into utf8: inout [UInt8]) throws(DoctorInputError) {
        guard index < bytes.count else { throw error("expected a character after '\\', found the end of the file") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "a"): utf8.append(0x07)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "v"): utf8.append(0x0B)
        case UInt8(ascii: "U"), UInt8(ascii: "u"):
            var unit = try parseUTF16Unit()
            // A surrogate pair is written as two escapes, `\UD83D\UDE00`.
            if UTF16.isLeadSurrogate(unit), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "U") || bytes[index + 1] == UInt8(ascii: "u")
            {
                index += 2
                let trail = try parseUTF16Unit()
                let scalar =
                    UTF16.isTrailSurrogate(trail)
                    ? (UInt32(unit) - 0xD800) << 10 + (UInt32(trail) - 0xDC00) + 0x10000 : 0xFFFD
                utf8.append(contentsOf: Array(String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8))
                return
            }
            if UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) { unit = 0xFFFD }
            utf8.append(contentsOf: Array(String(Unicode.Scalar(unit) ?? "\u{FFFD}").utf8))
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(byte - UInt8(ascii: "0"))
            var count = 1
            while count < 3, index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                value = value * 8 + UInt32(bytes[index] - UInt8(ascii: "0"))
                index += 1
                count += 1
            }
            utf8.append(contentsOf: Array(String(Unicode.Scalar(value) ?? "\u{FFFD}").utf8))
        case UInt8(ascii: "\n"):
            line += 1
            utf8.append(byte)
        default:
            utf8.append(byte)
        }
    }

    private mutating func parseUTF16Unit() throws(DoctorInputError) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
                throw error("expected four hex digits after \\U, found \(found)")
            }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    private mutating func parseUnquoted() -> String {
        let start = index
        while index < bytes.count, Self.isUnquoted(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    // MARK: Whitespace and comments

    private mutating func skipWhitespace() throws(DoctorInputError) {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                let openLine = line
                index += 2
                while true {
                    guard index + 1 < bytes.count else {
                        throw DoctorInputError(
                            file: file, line: openLine,
                            message:
                                "expected '*/' to close the comment that starts on this line, found the end of the file"
                        )
                    }
                    if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") { break }
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                index += 2
            default:
                return
            }
        }
    }

    // MARK: Helpers

    private mutating func enter() throws(DoctorInputError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
    }

    /// What is at the current position, as a message names it.
    private var found: String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return String(format: "byte 0x%02X", byte)
    }

    private func error(_ message: String, line: Int? = nil) -> DoctorInputError {
        DoctorInputError(file: file, line: line ?? self.line, message: message)
    }

    /// Letters, digits and `_$+/:.-`, the characters an unquoted string may hold.
    private static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: "."),
            UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
