import Foundation

/// A random JSON object for the round-trip property, written twice: compact, and with random
/// whitespace between its tokens (what the server must store is the compact text).
///
/// Made from a seed alone, so a failing case is reproduced by its seed. It reaches what a lossy
/// reader changes: integers past 64 bits, long fractions, exponents in both directions and both
/// cases, negative zero, every Unicode plane written raw or as `\u` escapes (surrogate pairs
/// included), every short escape, control characters, duplicate keys, and nesting hundreds deep.
struct RandomPayload {
    private(set) var compact: [UInt8] = []
    private(set) var spaced: [UInt8] = []
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
        object(depth: Int(next(5)), deepChainAllowed: true)
    }

    var compactText: String { String(decoding: compact, as: UTF8.self) }
    var spacedText: String { String(decoding: spaced, as: UTF8.self) }

    // MARK: Structure

    private mutating func object(depth: Int, deepChainAllowed: Bool = false) {
        token("{")
        let count = Int(next(5))
        var keys: [[UInt8]] = []
        for index in 0..<count {
            if index > 0 { token(",") }
            // A repeated key now and then: JSON allows it and it must survive as written.
            if let key = keys.last, next(8) == 0 {
                token(key)
            } else {
                keys.append(string())
            }
            token(":")
            if deepChainAllowed, index == 0, next(3) == 0 {
                chain(length: 50 + Int(next(350)))
            } else {
                value(depth: depth)
            }
        }
        token("}")
    }

    private mutating func value(depth: Int) {
        switch next(depth > 0 ? 7 : 5) {
        case 0, 1: number()
        case 2: _ = string()
        case 3: token(["true", "false", "null"][Int(next(3))])
        case 4: token(next(2) == 0 ? "[]" : "{}")
        case 5: object(depth: depth - 1)
        default:
            token("[")
            for index in 0..<Int(next(5)) {
                if index > 0 { token(",") }
                value(depth: depth - 1)
            }
            token("]")
        }
    }

    /// Arrays and objects nested `length` deep around a scalar (the parser allows 512 in all).
    private mutating func chain(length: Int) {
        var closers: [String] = []
        for _ in 0..<length {
            if next(2) == 0 {
                token("[")
                closers.append("]")
            } else {
                token("{\"d\":")
                closers.append("}")
            }
        }
        number()
        for closer in closers.reversed() { token(closer) }
    }

    // MARK: Scalars

    private mutating func number() {
        var text = next(2) == 0 ? "-" : ""
        switch next(6) {
        case 0:
            text +=
                [
                    "18446744073709551615", "123456789012345678901234567890", "9223372036854775808",
                    "9223372036854775807", "0",
                ][
                    Int(next(5))]
        case 1: text += digits(1 + Int(next(40)))
        case 2: text += digits(1 + Int(next(3))) + "." + fraction(1 + Int(next(30)))
        case 3:
            // Exponents stay within Double's range (a larger one is refused as out of range);
            // a negative one may underflow to zero, which is still a number to keep as written.
            let sign = ["", "+", "-"][Int(next(3))]
            let exponent = sign == "-" ? next(400) : next(300)
            text += digits(1 + Int(next(2))) + (next(2) == 0 ? "" : "." + fraction(1 + Int(next(17))))
            text += (next(2) == 0 ? "e" : "E") + sign + String(exponent)
        case 4:
            text +=
                ["4.9e-324", "2.2250738585072014e-308", "1.7976931348623157e308", "0.1", "1e-400", "0.0"][Int(next(6))]
        default: text += digits(1 + Int(next(4)))
        }
        token(text)
    }

    /// A whole number without a leading zero.
    private mutating func digits(_ count: Int) -> String {
        guard count > 1 else { return String(next(10)) }
        return String(1 + next(9)) + fraction(count - 1)
    }

    private mutating func fraction(_ count: Int) -> String {
        String((0..<count).map { _ in Character(String(next(10))) })
    }

    /// A string token; returns its bytes so a key can be repeated.
    @discardableResult
    private mutating func string() -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        for _ in 0..<Int(next(12)) { appendScalar(to: &bytes) }
        bytes.append(UInt8(ascii: "\""))
        token(bytes)
        return bytes
    }

    private mutating func appendScalar(to bytes: inout [UInt8]) {
        let value: UInt32
        switch next(8) {
        case 0: value = UInt32(next(0x20))  // a control character: must be escaped
        case 1: value = [0x22, 0x5C, 0x2F][Int(next(3))]  // " \ /
        case 2, 3: value = 0x20 + UInt32(next(0x5F))  // printable ASCII
        case 4: value = 0x80 + UInt32(next(0x780))  // two UTF-8 bytes
        case 5:
            // The rest of the basic plane, around the surrogates (which are not scalars).
            let candidate = 0x800 + UInt32(next(0xF800))
            value = (0xD800...0xDFFF).contains(candidate) ? candidate + 0x800 : candidate
        default: value = 0x10000 + UInt32(next(0x100000))  // planes 1 to 16
        }
        let scalar = Unicode.Scalar(value)!
        let short: [UInt32: String] = [
            0x22: "\\\"", 0x5C: "\\\\", 0x2F: "\\/", 0x08: "\\b", 0x0C: "\\f", 0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t",
        ]
        let mustEscape = value < 0x20 || value == 0x22 || value == 0x5C
        if let escape = short[value], mustEscape || next(2) == 0 {
            bytes += escape.utf8
        } else if mustEscape || next(3) == 0 {
            let upper = next(2) == 0
            if value > 0xFFFF {
                let offset = value - 0x10000
                bytes +=
                    Self.unicodeEscape(0xD800 + (offset >> 10), upper: upper)
                    + Self.unicodeEscape(0xDC00 + (offset & 0x3FF), upper: upper)
            } else {
                bytes += Self.unicodeEscape(value, upper: upper)
            }
        } else {
            bytes += String(Character(scalar)).utf8
        }
    }

    private static func unicodeEscape(_ value: UInt32, upper: Bool) -> [UInt8] {
        let hex = String(value, radix: 16, uppercase: upper)
        return Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
    }

    // MARK: Output

    private mutating func token(_ text: String) { token(Array(text.utf8)) }

    private mutating func token(_ bytes: [UInt8]) {
        // Whitespace between tokens only: inside a string it would be content.
        if next(4) == 0 { spaced += [[0x20], [0x0A], [0x09], [0x0D, 0x0A, 0x20, 0x20]][Int(next(4))] }
        compact += bytes
        spaced += bytes
    }

    /// SplitMix64: a uniform value below `bound`.
    private mutating func next(_ bound: UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return (z ^ (z >> 31)) % bound
    }
}
