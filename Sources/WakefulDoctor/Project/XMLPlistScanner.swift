import Foundation

/// Finds the lines of an XML property list's top-level keys and of the items of its top-level
/// arrays in one pass over the bytes.
///
/// `PropertyListSerialization` and `XMLParser` keep no lines, and a DOM of a 60 MB file with
/// 200,000 array items would cost far more than the byte scan, which only tracks element depth. It
/// trusts the file to be well-formed (Foundation parses it first and reports errors); on anything
/// odd it returns what it found so far rather than failing.
enum XMLPlistScanner {
    /// Scans `data`, naming `file` in the locations.
    static func scan(_ data: Data, file: String) -> InfoPlistLocations {
        data.withUnsafeBytes { raw in
            var scanner = State(bytes: raw.bindMemory(to: UInt8.self), file: file)
            scanner.run()
            return scanner.locations()
        }
    }

    private struct State {
        let bytes: UnsafeBufferPointer<UInt8>
        let file: String
        var index = 0
        var line = 1
        var lineStart = 0
        /// Elements open at the current position.
        var depth = 0
        /// The depth the top-level dictionary's children open at, once it is found.
        var childDepth: Int?
        /// The last top-level key, waiting for its value.
        var pendingKey: String?
        /// The key whose array value is open, collecting its items.
        var arrayKey: String?
        var occurrences: [String: [Finding.Location]] = [:]
        var items: [String: [Finding.Location]] = [:]

        init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
            self.bytes = bytes
            self.file = file
        }

        mutating func run() {
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                    index += 1
                } else if byte == UInt8(ascii: "<") {
                    guard tag() else { return }
                } else {
                    index += 1
                }
            }
        }

        /// Handles the markup at `index` (a `<`); false once the top-level dictionary has closed.
        mutating func tag() -> Bool {
            let location = Finding.Location(file: file, line: line, column: index - lineStart + 1)
            guard index + 1 < bytes.count else { index += 1; return true }
            switch bytes[index + 1] {
            case UInt8(ascii: "!"):
                if starts(with: "<!--") {
                    skip(past: "-->")
                } else if starts(with: "<![CDATA[") {
                    skip(past: "]]>")
                } else {
                    skip(past: ">")
                }
                return true
            case UInt8(ascii: "?"):
                skip(past: "?>")
                return true
            case UInt8(ascii: "/"):
                skip(past: ">")
                depth -= 1
                if let childDepth {
                    if depth < childDepth { return false }
                    if depth == childDepth { arrayKey = nil }
                }
                return true
            default:
                break
            }
            let nameStart = index + 1
            var nameEnd = nameStart
            while nameEnd < bytes.count, !Self.endsName(bytes[nameEnd]) { nameEnd += 1 }
            skip(past: ">")
            let selfClosing = index >= 2 && bytes[index - 2] == UInt8(ascii: "/")
            let isKey = equals(nameStart, nameEnd, "key")
            if childDepth == nil {
                if equals(nameStart, nameEnd, "dict"), !selfClosing { childDepth = depth + 1 }
            } else if depth == childDepth {
                if isKey {
                    let key = selfClosing ? "" : keyText()
                    occurrences[key, default: []].append(location)
                    // A repeated key starts its items afresh: the last occurrence is the one that counts.
                    items[key] = nil
                    pendingKey = key
                    return true
                }
                if equals(nameStart, nameEnd, "array"), !selfClosing, let key = pendingKey {
                    arrayKey = key
                    items[key] = []
                }
                pendingKey = nil
            } else if let arrayKey, let childDepth, depth == childDepth + 1 {
                items[arrayKey, default: []].append(location)
            }
            if !selfClosing { depth += 1 }
            return true
        }

        /// The text of a `<key>` whose start tag was just read, ending after its `</key>`.
        mutating func keyText() -> String {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
                if bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            skip(past: ">")
            return text.contains("&") ? Self.decodeEntities(text) : text
        }

        /// Moves past the next `terminator`, counting lines; to the end when there is none.
        mutating func skip(past terminator: StaticString) {
            let first = terminator.utf8Start.pointee
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                } else if byte == first, starts(with: terminator) {
                    index += terminator.utf8CodeUnitCount
                    return
                }
                index += 1
            }
        }

        func starts(with text: StaticString) -> Bool {
            let length = text.utf8CodeUnitCount
            guard index + length <= bytes.count else { return false }
            for offset in 0..<length where bytes[index + offset] != text.utf8Start[offset] { return false }
            return true
        }

        func equals(_ start: Int, _ end: Int, _ name: StaticString) -> Bool {
            guard end - start == name.utf8CodeUnitCount else { return false }
            for offset in 0..<(end - start) where bytes[start + offset] != name.utf8Start[offset] { return false }
            return true
        }

        static func endsName(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: " ")
                || byte == UInt8(ascii: "\t")
                || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        }

        /// The five predefined XML entities and numeric references, the only ones a plist uses.
        static func decodeEntities(_ text: String) -> String {
            var result = ""
            var rest = Substring(text)
            while let ampersand = rest.firstIndex(of: "&") {
                result += rest[..<ampersand]
                guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
                let name = rest[rest.index(after: ampersand)..<semicolon]
                switch name {
                case "amp": result += "&"
                case "lt": result += "<"
                case "gt": result += ">"
                case "quot": result += "\""
                case "apos": result += "'"
                default:
                    let number =
                        name.hasPrefix("#x")
                        ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
                    if let number, let scalar = Unicode.Scalar(number) {
                        result.unicodeScalars.append(scalar)
                    } else {
                        result += rest[ampersand...semicolon]
                    }
                }
                rest = rest[rest.index(after: semicolon)...]
            }
            return result + rest
        }

        func locations() -> InfoPlistLocations {
            var keys: [String: Finding.Location] = [:]
            var duplicates: [String: [Finding.Location]] = [:]
            for (key, places) in occurrences {
                keys[key] = places.last
                if places.count > 1 { duplicates[key] = places }
            }
            return InfoPlistLocations(keys: keys, items: items, duplicates: duplicates)
        }
    }
}
