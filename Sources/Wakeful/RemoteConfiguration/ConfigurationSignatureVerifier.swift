import Foundation

/// Checks the server's signature of a remote configuration with the public key the app ships.
///
/// The core imports Foundation only, so the cryptography sits behind this seam: on iOS the adapter's
/// `Curve25519ConfigurationVerifier` (CryptoKit, Ed25519); the companion server signs with the
/// matching private key (swift-crypto). A configuration whose signature does not verify is refused
/// and nothing of it is applied.
///
/// ```swift
/// let verifier = try Curve25519ConfigurationVerifier(publicKeyBase64: "…")  // WakefulApple
/// var agent = try Agent(strategies: strategies, configuration: configuration, outbox: outbox, seed: 7,
///                       configurationVerifier: verifier)
/// ```
public protocol ConfigurationSignatureVerifier: Sendable {
    /// Whether `signature` is the server's signature of `message`
    /// (``SignedRemoteConfiguration/signedMessage``).
    func isValidSignature(_ signature: [UInt8], of message: [UInt8]) -> Bool
}
