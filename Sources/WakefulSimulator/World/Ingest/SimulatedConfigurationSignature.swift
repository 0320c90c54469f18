import Foundation
import Wakeful

/// The simulated server's configuration signature: a keyed 64-bit FNV-1a digest of the signed
/// message, standing for the Ed25519 signature of the companion server.
///
/// The simulator models when a configuration reaches the app and what the app does with it, not
/// the cryptography: this digest changes with every byte of the message and with the key, so a
/// tampered payload or a release signed with another key is refused exactly where a real
/// signature would be, deterministically and without a cryptography library. It is no protection
/// and is never used outside the simulator.
struct SimulatedConfigurationSignature: ConfigurationSignatureVerifier {
    /// The key the scenario's device trusts.
    static let server = SimulatedConfigurationSignature(key: Array("simulated server key".utf8))
    /// Another key: what a release signed with the wrong key carries.
    static let other = SimulatedConfigurationSignature(key: Array("another key".utf8))

    let key: [UInt8]

    /// The 8-byte digest of the key then `message`.
    func sign(_ message: [UInt8]) -> [UInt8] {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key + [0] + message {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return (0..<8).map { UInt8(truncatingIfNeeded: hash >> (8 * $0)) }
    }

    func isValidSignature(_ signature: [UInt8], of message: [UInt8]) -> Bool {
        signature == sign(message)
    }
}
