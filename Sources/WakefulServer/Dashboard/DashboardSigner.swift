import Crypto
import Foundation

/// The dashboard's credentials, all derived from the admin token so that any number of server
/// instances sharing the token accept each other's: a session cookie and short-lived signed links,
/// each an HMAC-SHA256 with an expiry. Changing the admin token ends every session; signing out
/// ends one on the instance that handled it (``DashboardSessions``).
///
/// The raw admin token never travels in a cookie or a URL; the key is a hash of it, and each value
/// signs its purpose (`session` or `link` with the exact path) so one cannot stand for the other.
struct DashboardSigner: Sendable {
    /// How long a login lasts.
    static let sessionLifetime: TimeInterval = 12 * 3600
    /// The longest a signed link may live.
    static let maximumLinkLifetime = 3600
    /// The session cookie's name.
    static let cookieName = "wakeful_dashboard"

    private let key: SymmetricKey

    init(adminToken: String) {
        key = SymmetricKey(data: SHA256.hash(data: Array("wakeful-dashboard-v1\n\(adminToken)".utf8)))
    }

    // MARK: Sessions

    /// A session, as its cookie's value says.
    struct Session: Sendable, Hashable {
        /// A random ID, so that one session can be signed out (``DashboardSessions``).
        var id: String
        /// Seconds since 1970.
        var expires: Int
    }

    /// A cookie value for session `id` valid until `expires` (seconds since 1970):
    /// `v2.<expires>.<id>.<hex MAC>`.
    func sessionValue(id: String, expires: Int) -> String {
        "v2.\(expires).\(id).\(mac("session\n\(expires)\n\(id)"))"
    }

    /// A new random session ID: 128 bits in hex.
    static func newSessionID() -> String {
        var generator = SystemRandomNumberGenerator()
        return BearerToken.hex((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The session `value` names if this key signed it and it has not expired at `now`, else nil.
    func session(_ value: String, now: TimeInterval) -> Session? {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "v2", let expires = Int(parts[1]), TimeInterval(expires) > now,
            TimeInterval(expires) <= now + Self.sessionLifetime, parts[2].count == 32, parts[2].allSatisfy(\.isHexDigit)
        else { return nil }
        let id = String(parts[2])
        guard isValid(String(parts[3]), for: "session\n\(expires)\n\(id)") else { return nil }
        return Session(id: id, expires: expires)
    }

    // MARK: Signed links

    /// `path` with `query` plus `expires` and `signature` appended: opens exactly that page, without
    /// a cookie, until `expires`.
    func signedLink(path: String, query: String, expires: Int) -> String {
        let unsigned = (query.isEmpty ? "" : query + "&") + "expires=\(expires)"
        return "\(path)?\(unsigned)&signature=\(mac(Self.linkMessage(path: path, query: unsigned)))"
    }

    /// Whether the request's path and raw query form a link this key signed that has not expired.
    func isValidLink(path: String, query: String, now: TimeInterval) -> Bool {
        let items = query.split(separator: "&", omittingEmptySubsequences: false)
        guard let signature = items.last, signature.hasPrefix("signature=") else { return false }
        let unsigned = items.dropLast()
        guard let expiresItem = unsigned.last(where: { $0.hasPrefix("expires=") }),
            let expires = Int(expiresItem.dropFirst("expires=".count)), TimeInterval(expires) > now,
            TimeInterval(expires) <= now + TimeInterval(Self.maximumLinkLifetime)
        else { return false }
        return isValid(
            String(signature.dropFirst("signature=".count)),
            for: Self.linkMessage(path: path, query: unsigned.joined(separator: "&")))
    }

    private static func linkMessage(path: String, query: String) -> String { "link\n\(path)\n\(query)" }

    // MARK: MACs

    private func mac(_ message: String) -> String {
        BearerToken.hex(HMAC<SHA256>.authenticationCode(for: Array(message.utf8), using: key))
    }

    /// Compares in constant time (the library's check), after decoding the hex.
    private func isValid(_ hex: String, for message: String) -> Bool {
        guard let bytes = Self.bytes(hex: hex) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(bytes, authenticating: Array(message.utf8), using: key)
    }

    private static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count == 64 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        var index = 0
        while index < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
