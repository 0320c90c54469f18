import Foundation
import NIOConcurrencyHelpers

/// The sessions signed out on this server instance: each session cookie carries a random ID, and
/// `POST /dashboard/logout` records it here until the cookie would have expired, so the old value
/// stops working on the server, not only in the browser.
///
/// Held in memory, per instance: with several instances behind one database, a session signed out
/// on one still opens pages on the others until it expires (12 h), and a restart forgets sign-outs.
/// Changing the admin token ends every session on every instance at once (all cookies derive from it).
final class DashboardSessions: Sendable {
    private let signedOut = NIOLockedValueBox<[String: TimeInterval]>([:])

    /// Ends the session `id`, whose cookie expires at `expires`; forgets sessions past their expiry.
    func signOut(_ id: String, expires: TimeInterval, now: TimeInterval) {
        signedOut.withLockedValue { ended in
            // Only cookies this server signed reach here, so the list grows with sign-ins alone.
            ended = ended.filter { $0.value > now }
            ended[id] = expires
        }
    }

    /// Whether the session `id` was signed out.
    func isSignedOut(_ id: String) -> Bool {
        signedOut.withLockedValue { $0[id] != nil }
    }
}
