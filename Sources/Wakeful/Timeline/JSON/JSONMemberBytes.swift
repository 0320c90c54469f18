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
    ///
    /// Each byte's two digits come from ``hexPairs``: a ranging line holds two UUIDs, whose digits
    /// are the costliest part of writing it.
    @inline(never)
    mutating func uuidContents(_ uuid: UUID) {
        var value = uuid.uuid
        Self.hexPairs.withUTF8Buffer { pairs in
            let pairs = pairs.baseAddress.unsafelyUnwrapped
            Swift.withUnsafeBytes(of: &value) { raw in
                var output = base + count
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        output.pointee = UInt8(ascii: "-")
                        output += 1
                    }
                    let pair = pairs + Int(raw.load(fromByteOffset: index, as: UInt8.self)) &* 2
                    output[0] = pair[0]
                    output[1] = pair[1]
                    output += 2
                }
            }
        }
        count &+= 36
    }

    /// The upper-case hexadecimal digits of every byte, `00` to `FF`, two characters each.
    private static var hexPairs: StaticString {
        """
        000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F\
        202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F\
        404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F\
        606162636465666768696A6B6C6D6E6F707172737475767778797A7B7C7D7E7F\
        808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9F\
        A0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBF\
        C0C1C2C3C4C5C6C7C8C9CACBCCCDCECFD0D1D2D3D4D5D6D7D8D9DADBDCDDDEDF\
        E0E1E2E3E4E5E6E7E8E9EAEBECEDEEEFF0F1F2F3F4F5F6F7F8F9FAFBFCFDFEFF
        """
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
