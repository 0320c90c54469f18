#if canImport(CryptoKit)
    import CryptoKit
    import Foundation
    import Wakeful

    /// Verifies the companion server's Ed25519 signature of a remote configuration with CryptoKit,
    /// given the public key `wakeful-server serve` prints (`configuration public key: …`).
    ///
    /// CryptoKit is part of iOS 13+, so the app links no cryptography package; the server signs
    /// with swift-crypto's identical `Curve25519.Signing` API.
    ///
    /// ```swift
    /// configuration.configurationPublicKey = "u0Ky…="   // WakefulApp.Configuration
    /// ```
    public struct Curve25519ConfigurationVerifier: ConfigurationSignatureVerifier {
        private let key: Curve25519.Signing.PublicKey

        /// Reads the public key: the base64 of its 32 raw bytes.
        ///
        /// - Throws: ``ConfigurationPublicKeyError`` when the text is not such a key.
        public init(publicKeyBase64: String) throws {
            guard let data = Data(base64Encoded: publicKeyBase64.trimmingCharacters(in: .whitespacesAndNewlines)),
                data.count == 32
            else {
                throw ConfigurationPublicKeyError(
                    message: "expected the base64 of a 32-byte Ed25519 public key, as `wakeful-server serve` prints it")
            }
            // https://developer.apple.com/documentation/cryptokit/curve25519/signing/publickey/init(rawrepresentation:)
            key = try Curve25519.Signing.PublicKey(rawRepresentation: data)
        }

        public func isValidSignature(_ signature: [UInt8], of message: [UInt8]) -> Bool {
            // https://developer.apple.com/documentation/cryptokit/curve25519/signing/publickey/isvalidsignature(_:for:)-3ggzs
            key.isValidSignature(Data(signature), for: Data(message))
        }
    }

    /// Why the configured public key cannot verify configurations.
    public struct ConfigurationPublicKeyError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong and what is expected.
        public var message: String

        public var description: String { "configurationPublicKey: \(message)" }
    }
#endif
