import Crypto
import Foundation

/// Who may register a new install (`serve --registration`). Whatever the policy, an install that
/// already has a device gets a new token only for that device's current token (a rotation) or the
/// admin token, and the admin may always register.
public enum RegistrationPolicy: Sendable, Hashable {
    /// Anyone who can reach the server may register new installs (rate-limited per address).
    case open
    /// Only requests carrying this secret in `Wakeful-Registration-Secret` (shipped in the app or
    /// handed out by the admin) may register new installs.
    case secret(String)
    /// Only the admin registers installs.
    case closed

    /// The mode's name, as `serve --registration` takes it (never the secret).
    public var name: String {
        switch self {
        case .open: "open"
        case .secret: "secret"
        case .closed: "closed"
        }
    }

    /// Whether `presented` is the registration secret, compared in constant time (over the
    /// SHA-256 of both, so neither the length nor a common prefix shows in the timing).
    static func matches(_ presented: String, secret: String) -> Bool {
        let left = Array(SHA256.hash(data: Array(presented.utf8)))
        let right = Array(SHA256.hash(data: Array(secret.utf8)))
        var difference: UInt8 = 0
        for (a, b) in zip(left, right) { difference |= a ^ b }
        return difference == 0
    }
}
