import Crypto
import Foundation

/// The provider tokens one connection of the mock has already verified.
///
/// APNs checks a provider token's signature when a connection first presents it and trusts the
/// same token on that connection afterwards; an ES256 verification per request would make the
/// mock, not the client, the bottleneck of a benchmark. A cached token is reused only while its
/// Key ID still maps to the same public key and Team ID; its age and the mint floor are checked
/// on every request by ``MockAPNsValidator``.
struct MockVerifiedTokens {
    private var entries: [String: Entry] = [:]

    private struct Entry {
        let jwt: DecodedProviderJWT
        let publicKey: Data
    }

    /// Distinct tokens kept per connection; a client sends one at a time, two around a refresh.
    static let capacity = 8

    /// How many tokens are cached.
    var count: Int { entries.count }

    /// The decoded token when it is an ES256 token signed by the key of its `kid` for the `iss`
    /// of that key, with a whole-number `iat`; nil otherwise.
    mutating func verified(_ token: Substring, keys: [String: MockProviderKey]) -> DecodedProviderJWT? {
        let text = String(token)
        if let entry = entries[text], let keyID = entry.jwt.keyID, let key = keys[keyID],
            entry.jwt.issuer == key.teamID,
            entry.publicKey == key.publicKey.rawRepresentation
        {
            return entry.jwt
        }
        guard let jwt = try? ProviderJWT.decode(text), jwt.algorithm == "ES256", let keyID = jwt.keyID,
            let key = keys[keyID],
            jwt.issuer == key.teamID, jwt.issuedAt != nil, jwt.isSigned(by: key.publicKey)
        else { return nil }
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[text] = Entry(jwt: jwt, publicKey: key.publicKey.rawRepresentation)
        return jwt
    }
}
