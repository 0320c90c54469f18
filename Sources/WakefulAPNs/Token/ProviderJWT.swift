import Crypto
import Foundation

/// The ES256 provider token (JWT) that APNs expects in `authorization: bearer …` (reference §3).
public enum ProviderJWT {
    /// Signs a token `{"alg":"ES256","kid":…}.{"iss":…,"iat":…}` with the credentials' key.
    ///
    /// - Parameters:
    ///   - credentials: the Team ID, the Key ID and the `.p8` key that signs.
    ///   - issuedAt: seconds since 1970, written as a JSON integer.
    /// - Returns: the compact JWS: three base64url parts, the signature raw r‖s (64 bytes).
    public static func sign(_ credentials: APNsCredentials, issuedAt: Int) throws -> String {
        let header = #"{"alg":"ES256","kid":"\#(credentials.keyID)"}"#
        let claims = #"{"iss":"\#(credentials.teamID)","iat":\#(issuedAt)}"#
        let signingInput = Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(Data(claims.utf8))
        let signature = try credentials.privateKey.signature(for: Data(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
    }

    /// Splits and decodes a token without checking its signature.
    ///
    /// - Throws: ``ProviderJWTError`` when the token is not three base64url parts of JSON.
    public static func decode(_ token: String) throws -> DecodedProviderJWT {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerData = Base64URL.decode(String(parts[0])),
            let claimsData = Base64URL.decode(String(parts[1])),
            let signature = Base64URL.decode(String(parts[2])),
            let header = try? JSONDecoder().decode(Header.self, from: headerData),
            let claims = try? JSONDecoder().decode(Claims.self, from: claimsData)
        else { throw ProviderJWTError.malformed }
        return DecodedProviderJWT(
            algorithm: header.alg,
            keyID: header.kid,
            issuer: claims.iss,
            issuedAt: claims.iat,
            signingInput: Data((parts[0] + "." + parts[1]).utf8),
            signature: signature
        )
    }

    private struct Header: Decodable {
        let alg: String?
        let kid: String?
    }

    /// `iat` counts only as a whole JSON number; a string or a fraction reads as absent.
    private struct Claims: Decodable {
        let iss: String?
        let iat: Int?

        enum CodingKeys: String, CodingKey { case iss, iat }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            iss = try? container.decode(String.self, forKey: .iss)
            iat = try? container.decode(Int.self, forKey: .iat)
        }
    }
}

/// The parts of a provider token, as read before verification.
public struct DecodedProviderJWT: Sendable, Equatable {
    /// The header's `alg` (APNs accepts only `ES256`).
    public let algorithm: String?
    /// The header's `kid`.
    public let keyID: String?
    /// The claims' `iss` (the Team ID).
    public let issuer: String?
    /// The claims' `iat` in seconds since 1970, when it is a whole JSON number.
    public let issuedAt: Int?
    /// `header.claims` as signed.
    public let signingInput: Data
    /// The decoded signature bytes.
    public let signature: Data

    /// Whether the signature is a valid ES256 signature by `key` over the signing input.
    public func isSigned(by key: P256.Signing.PublicKey) -> Bool {
        guard let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
        return key.isValidSignature(ecdsa, for: signingInput)
    }
}

/// A provider token that cannot be read.
///
/// A struct with a ``Code`` rather than an enum (as swift-nio's and AsyncHTTPClient's errors), so
/// that a new reason is not a breaking change for callers that switch over the reasons.
public struct ProviderJWTError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why the token cannot be read.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case malformed
        }

        private let base: Base

        /// Not three base64url-encoded parts with JSON header and claims.
        public static let malformed = Code(base: .malformed)

        public var description: String {
            switch base {
            case .malformed:
                "a provider token must be three base64url-encoded parts (header, claims, signature) with a JSON header and claims"
            }
        }
    }

    /// Why the token cannot be read.
    public var code: Code

    /// Not three base64url-encoded parts with JSON header and claims.
    public static let malformed = ProviderJWTError(code: .malformed)

    public var description: String { code.description }
}

/// Base64url without padding (RFC 7515 §2).
enum Base64URL {
    static func encode(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard !base64.contains("=") else { return nil }
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
