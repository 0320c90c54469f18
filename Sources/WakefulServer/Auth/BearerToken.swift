import Crypto
import Foundation

/// Opaque bearer credentials: 256 random bits, written as 64 lower-case hex digits; only their
/// SHA-256 is ever stored.
public enum BearerToken {
    /// A new token from the system's cryptographic random number generator.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<4 {
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
        }
        return hex(bytes)
    }

    /// The hex SHA-256 of a token: what the storage keeps and looks up.
    public static func hash(_ token: String) -> String {
        hex(SHA256.hash(data: Array(token.utf8)))
    }

    /// Lower-case hex of `bytes`.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
