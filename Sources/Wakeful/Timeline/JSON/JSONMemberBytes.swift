import Foundation

/// One member of a line, `,"key":value`, put together on the stack so that ``TimelineLineWriter``
/// appends it to the line at once.
///
/// Each append to an array checks again that the array is unique and has room, and a line has a
/// dozen members or more, most of them a few bytes long; assembling a member first makes that one
/// check per member instead of one per piece.
struct JSONMemberBytes {
    /// The room on the stack: a key of up to ``maximumKey`` bytes with its punctuation, then a value.
    static let capacity = 128
    /// The longest key assembled here; a longer key is appended on its own.
    static let maximumKey = 48
    /// The longest string value assembled here, so that the whole member fits.
    static let maximumString = 64

    private let base: UnsafeMutablePointer<UInt8>
    /// The bytes written so far.
    private(set) var count = 0

    /// Writes into `base`, which has room for ``capacity`` bytes.
    init(base: UnsafeMutablePointer<UInt8>) {
        self.base = base
    }

    /// The bytes written, to append to the line.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    mutating func byte(_ byte: UInt8) {
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        (base + count).update(from: source, count: bytes.count)
        count &+= bytes.count
    }

    @inline(__always)
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { raw($0) }
    }

    /// Writes an integer in decimal, as ``Swift/Array/appendJSONInt(_:)`` does.
    mutating func int(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        var remaining = value.magnitude
        var digitCount = 1
        var probe = remaining
        while probe >= 10 {
            probe /= 10
            digitCount &+= 1
        }
        var index = count &+ digitCount &- 1
        while true {
            base[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
            if remaining == 0 { break }
            index &-= 1
        }
        count &+= digitCount
    }

    /// Writes a UUID in its canonical upper-case form, as ``Swift/Array/appendUUIDContents(_:)`` does.
    mutating func uuidContents(_ uuid: UUID) {
        Swift.withUnsafeBytes(of: uuid.uuid) { raw in
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 { byte(UInt8(ascii: "-")) }
                byte(Self.hexDigit(raw[index] >> 4))
                byte(Self.hexDigit(raw[index] & 0x0F))
            }
        }
    }

    /// The upper-case hexadecimal digit of a value below 16.
    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ (nibble &- 10)
    }

    /// Whether `bytes` can go between quotes as they are: no quote, backslash or control character.
    @inline(__always)
    static func needsNoEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            return false
        }
        return true
    }
}
