import Crypto
import Foundation
import Wakeful

/// Signs remote configurations with the server's Ed25519 (Curve25519) private key; the app holds
/// the public key and verifies (``ConfigurationSignatureVerifier``).
///
/// The key is 32 bytes, kept as base64 text: `wakeful-server serve` reads it from
/// `--configuration-key-file` or `WAKEFUL_CONFIGURATION_KEY`, creating the file with a new key on
/// first start, and prints the public key for the app.
///
/// ```swift
/// let signer = try ConfigurationSigner(privateKeyBase64: text)
/// let signed = try signer.sign(RemoteConfiguration(version: 3, jobIntervals: [.init(job: "sample", interval: 300)]))
/// signer.publicKeyBase64   // for the app's verifier
/// ```
public struct ConfigurationSigner: Sendable {
    private let key: Curve25519.Signing.PrivateKey

    /// Reads a private key: the base64 of its 32 raw bytes (surrounding whitespace ignored).
    ///
    /// - Throws: ``ConfigurationKeyError`` saying what is wrong with the text.
    public init(privateKeyBase64 text: String) throws(ConfigurationKeyError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let data = Data(base64Encoded: trimmed) else {
            throw ConfigurationKeyError("expected the base64 of a 32-byte Ed25519 private key; the text is not base64")
        }
        guard data.count == 32, let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: data) else {
            throw ConfigurationKeyError(
                "expected the base64 of a 32-byte Ed25519 private key; found \(data.count) bytes")
        }
        self.key = key
    }

    /// A signer with a new random key.
    public init() {
        key = Curve25519.Signing.PrivateKey()
    }

    /// The private key as base64 text, to keep (readable by the server's user only).
    public var privateKeyBase64: String { key.rawRepresentation.base64EncodedString() }

    /// The public key as base64 text: what the app's verifier is given.
    public var publicKeyBase64: String { key.publicKey.rawRepresentation.base64EncodedString() }

    /// Signs `configuration`: its JSON bytes and the signature of ``SignedRemoteConfiguration/signedMessage``.
    public func sign(_ configuration: RemoteConfiguration) throws -> SignedRemoteConfiguration {
        let unsigned = SignedRemoteConfiguration(payload: configuration.jsonBytes, signature: [])
        return SignedRemoteConfiguration(
            payload: unsigned.payload, signature: Array(try key.signature(for: unsigned.signedMessage)))
    }
}

/// Why a configuration signing key could not be read.
public struct ConfigurationKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong and what was expected.
    public var message: String

    init(_ message: String) { self.message = message }

    public var description: String { message }
}
