import Foundation

/// The byte-level primitives of Wakeful's JSON output, shared by ``TimelineJSONEncoder`` and
/// ``JSONValue``'s serialisation, so both write numbers and strings the same way.
///
/// Everything appends to the array in place and allocates nothing of its own, because the timeline
/// encoder runs on every event the runtime delivers.
extension Array where Element == UInt8 {
    /// Appends bytes known at compile time (punctuation, quoted keys) without building a `String`.
    @inline(__always)
    mutating func appendJSONRaw(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends `,"key":`, the separator and key of a member after the first; `key` must not need escaping.
    @inline(__always)
    mutating func appendJSONKey(_ key: StaticString) {
        append(UInt8(ascii: ","))
        append(UInt8(ascii: "\""))
        appendJSONRaw(key)
        append(UInt8(ascii: "\""))
        append(UInt8(ascii: ":"))
    }

    /// Appends `true` or `false`.
    @inline(__always)
    mutating func appendJSONBool(_ value: Bool) {
        if value { appendJSONRaw("true") } else { appendJSONRaw("false") }
    }

    /// Appends an integer in decimal.
    mutating func appendJSONInt(_ value: Int) {
        if value < 0 {
            append(UInt8(ascii: "-"))
        }
        // Through the magnitude as UInt, so Int.min has no overflowing negation.
        appendDecimalDigits(value.magnitude)
    }

    /// Appends the decimal digits of a non-negative integer.
    mutating func appendDecimalDigits(_ value: UInt) {
        if value < 10 {
            append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        var digitCount = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            digitCount += 1
        }
        let start = count
        append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digitCount))
        var remaining = value
        var index = start + digitCount - 1
        while true {
            self[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
            if remaining == 0 { break }
            index -= 1
        }
    }

    /// Appends a double in the shortest form that reads back as the same value.
    ///
    /// The form is Swift's `description`, with two adjustments that the timeline format documents:
    /// non-finite values become `null`, and unless `keepsFraction` is set a whole value drops its
    /// `.0` (`176`, not `176.0`). Negative zero keeps `-0.0` so that its sign survives. Fields set
    /// `keepsFraction` because there `3.0` and `3` are different values (a double and an int).
    mutating func appendJSONDouble(_ value: Double, keepsFraction: Bool) {
        guard value.isFinite else {
            appendJSONRaw("null")
            return
        }
        // Up to 2^53 Swift prints whole values as digits and `.0`, never with an exponent, so the
        // common case (times, metres, budgets) is written digit by digit without a `String`.
        if value.magnitude <= 9_007_199_254_740_992, value.rounded(.towardZero) == value {
            if value == 0, value.sign == .minus {
                appendJSONRaw("-0.0")
                return
            }
            appendJSONInt(Int(value))
            if keepsFraction { appendJSONRaw(".0") }
            return
        }
        // Shortest round-trip digits; descriptions of up to 15 bytes are small strings that do not allocate.
        append(contentsOf: value.description.utf8)
    }

    /// Appends a field's value; a double keeps its fraction so that it does not read back as an int.
    mutating func appendFieldValue(_ value: FieldValue) {
        switch value {
        case .string(let string): appendJSONString(string)
        case .int(let int): appendJSONInt(int)
        case .double(let double): appendJSONDouble(double, keepsFraction: true)
        case .bool(let bool): appendJSONBool(bool)
        }
    }

    /// Appends a string literal, escaped per RFC 8259; non-ASCII characters are written as UTF-8.
    mutating func appendJSONString(_ value: String) {
        append(UInt8(ascii: "\""))
        appendJSONStringContents(value)
        append(UInt8(ascii: "\""))
    }

    /// Appends the escaped contents of a string literal, without the quotes.
    mutating func appendJSONStringContents(_ value: String) {
        let handled: Void? = value.utf8.withContiguousStorageIfAvailable { appendJSONEscaped($0) }
        if handled == nil {
            // Bridged or lazily decoded strings have no contiguous UTF-8; rare, so copying is fine.
            Array(value.utf8).withUnsafeBufferPointer { appendJSONEscaped($0) }
        }
    }

    /// Appends UTF-8 bytes, escaping quote, backslash and the control characters.
    private mutating func appendJSONEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        // Copies runs of plain bytes at once: most strings in a timeline need no escaping at all.
        var runStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index {
                append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            }
            appendJSONEscape(for: byte)
            runStart = index + 1
        }
        if runStart < bytes.count {
            append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }

    /// Appends the escape sequence of one byte that may not appear raw in a JSON string.
    private mutating func appendJSONEscape(for byte: UInt8) {
        append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): append(UInt8(ascii: "\\"))
        case 0x0A: append(UInt8(ascii: "n"))
        case 0x0D: append(UInt8(ascii: "r"))
        case 0x09: append(UInt8(ascii: "t"))
        case 0x08: append(UInt8(ascii: "b"))
        case 0x0C: append(UInt8(ascii: "f"))
        default:
            appendJSONRaw("u00")
            append(Self.hexDigit(byte >> 4))
            append(Self.hexDigit(byte & 0x0F))
        }
    }

    /// Appends a UUID in its canonical upper-case form (as `UUID.uuidString`), without allocating.
    mutating func appendUUIDContents(_ uuid: UUID) {
        // Grows once and fills in place: 36 single-byte appends would each check uniqueness and capacity.
        let start = count
        append(contentsOf: repeatElement(UInt8(ascii: "-"), count: 36))
        Swift.withUnsafeBytes(of: uuid.uuid) { raw in
            withUnsafeMutableBufferPointer { output in
                var position = start
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 { position += 1 }
                    output[position] = Self.hexDigit(raw[index] >> 4)
                    output[position + 1] = Self.hexDigit(raw[index] & 0x0F)
                    position += 2
                }
            }
        }
    }

    /// The upper-case hexadecimal digit of a value below 16.
    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ (nibble &- 10)
    }
}
