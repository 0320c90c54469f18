import Foundation

/// Finds the line on which each element of a top-level object's array member starts.
///
/// `JSONValue` keeps no positions, but an error in the server's timeline JSON should
/// name the line of the entry at fault. The bytes were already parsed successfully, so this scan
/// only tracks strings, escapes and nesting depth.
enum JSONElementLines {
    /// The 1-based line of each element of `key`'s array in the top-level object, in order.
    static func lines(of key: String, in bytes: [UInt8]) -> [Int] {
        let target = Array("\"\(key)\"".utf8)
        var lines: [Int] = []
        var line = 1
        var depth = 0
        var inString = false
        var escaped = false
        var stringStart = 0
        var pendingKey = false  // the last string at depth 1 was `key`
        var inTarget = false  // inside key's array, at depth 2
        var expectElement = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { line += 1 }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 1 { pendingKey = Array(bytes[stringStart...index]) == target }
                }
                index += 1
                continue
            }
            let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
            if inTarget, depth == 2, expectElement, !isSpace, byte != UInt8(ascii: "]") {
                lines.append(line)
                expectElement = false
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                stringStart = index
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth == 2, byte == UInt8(ascii: "["), pendingKey {
                    inTarget = true
                    expectElement = true
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 1 { inTarget = false }
            case UInt8(ascii: ","):
                if inTarget, depth == 2 { expectElement = true }
                if depth == 1 { pendingKey = false }
            default: break
            }
            index += 1
        }
        return lines
    }
}
