import Crypto
import Foundation

/// The signing key and identifiers for token-based APNs authentication (reference §3).
///
/// Its `description` never shows the key.
public struct APNsCredentials: Sendable, CustomStringConvertible {
    /// The 10-character Team ID, written as the token's `iss` claim.
    public let teamID: String
    /// The 10-character Key ID of the `.p8` key, written as the token's `kid` header.
    public let keyID: String
    /// The P-256 private key read from the `.p8` file.
    let privateKey: P256.Signing.PrivateKey

    /// Reads credentials from the contents of a `.p8` file (PKCS#8 PEM).
    ///
    /// - Throws: ``APNsCredentialsError`` naming the field that is wrong and the expected form.
    public init(teamID: String, keyID: String, p8PEM: String) throws {
        try Self.checkIdentifier(teamID, field: "teamID")
        try Self.checkIdentifier(keyID, field: "keyID")
        do {
            privateKey = try P256.Signing.PrivateKey(pemRepresentation: p8PEM)
        } catch {
            throw APNsCredentialsError(
                field: "p8PEM",
                expected:
                    "a PKCS#8 PEM P-256 key (the .p8 file from the Apple developer account, starting with -----BEGIN PRIVATE KEY-----)"
            )
        }
        self.teamID = teamID
        self.keyID = keyID
    }

    /// Reads credentials from a `.p8` file on disk.
    public init(teamID: String, keyID: String, p8File path: String) throws {
        let pem: String
        do {
            pem = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw APNsCredentialsError(field: "p8File", expected: "a readable .p8 file at \(path)")
        }
        try self.init(teamID: teamID, keyID: keyID, p8PEM: pem)
    }

    /// Credentials around a key already in memory (tests, or keys kept elsewhere).
    public init(teamID: String, keyID: String, privateKey: P256.Signing.PrivateKey) throws {
        try Self.checkIdentifier(teamID, field: "teamID")
        try Self.checkIdentifier(keyID, field: "keyID")
        self.teamID = teamID
        self.keyID = keyID
        self.privateKey = privateKey
    }

    /// The public half of the key, which APNs (or the mock) uses to verify tokens.
    public var publicKey: P256.Signing.PublicKey { privateKey.publicKey }

    /// Team and key IDs only; the key is never shown.
    public var description: String { "APNsCredentials(teamID: \(teamID), keyID: \(keyID), key: <redacted>)" }

    private static func checkIdentifier(_ value: String, field: String) throws {
        let ok = value.utf8.count == 10 && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard ok else {
            throw APNsCredentialsError(
                field: field, expected: "10 ASCII letters or digits, as shown in the Apple developer account")
        }
    }
}

/// A credential input that is not in the expected form.
public struct APNsCredentialsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field that was wrong.
    public let field: String
    /// The form the field should have.
    public let expected: String

    /// Names the field and the expected form.
    public var description: String { "APNs credentials: \(field) must be \(expected)" }
}
