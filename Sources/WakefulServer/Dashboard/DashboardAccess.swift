import Foundation
import HTTPTypes
import Hummingbird

/// Who may see the dashboard: the admin, by bearer header, session cookie or a signed link.
struct DashboardAccess: Sendable {
    let signer: DashboardSigner
    let adminTokenHash: String
    /// Sessions signed out on this instance.
    let sessions = DashboardSessions()

    /// How a request proved it is the admin.
    enum Proof: Sendable, Hashable {
        case bearer, session, link
    }

    /// The proof the request carries, or nil.
    func proof(of request: Request, now: TimeInterval) -> Proof? {
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", omittingEmptySubsequences: true)
            // Compare hashes, as the API's authenticator does, so timing tells nothing about the token.
            if parts.count == 2, parts[0].lowercased() == "bearer", BearerToken.hash(String(parts[1])) == adminTokenHash
            {
                return .bearer
            }
        }
        if let session = self.session(of: request, now: now), !sessions.isSignedOut(session.id) {
            return .session
        }
        if let query = request.uri.query, signer.isValidLink(path: request.uri.path, query: query, now: now) {
            return .link
        }
        return nil
    }

    /// The valid session the request's cookie names, signed out or not.
    func session(of request: Request, now: TimeInterval) -> DashboardSigner.Session? {
        Self.cookie(DashboardSigner.cookieName, in: request.headers).flatMap { signer.session($0, now: now) }
    }

    /// Ends the session of the request's cookie on this instance; a cookie that is not a valid
    /// session changes nothing (so a stranger cannot fill the list).
    func signOut(_ request: Request, now: TimeInterval) {
        guard let session = self.session(of: request, now: now) else { return }
        sessions.signOut(session.id, expires: TimeInterval(session.expires), now: now)
    }

    /// Whether `token` is the admin token.
    func isAdminToken(_ token: String) -> Bool { BearerToken.hash(token) == adminTokenHash }

    /// The cookie that signs the browser in until `now` + the session lifetime.
    func sessionCookie(now: TimeInterval, secure: Bool) -> String {
        let expires = Int(now + DashboardSigner.sessionLifetime)
        return
            "\(DashboardSigner.cookieName)=\(signer.sessionValue(id: DashboardSigner.newSessionID(), expires: expires)); Path=/dashboard; Max-Age=\(Int(DashboardSigner.sessionLifetime)); HttpOnly; SameSite=Strict\(secure ? "; Secure" : "")"
    }

    /// The cookie that signs the browser out.
    static let clearedCookie = "\(DashboardSigner.cookieName)=; Path=/dashboard; Max-Age=0; HttpOnly; SameSite=Strict"

    /// A cookie's value from the `Cookie` headers.
    static func cookie(_ name: String, in headers: HTTPFields) -> String? {
        for header in headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let trimmed = pair.drop { $0 == " " }
                if trimmed.hasPrefix(name + "=") { return String(trimmed.dropFirst(name.count + 1)) }
            }
        }
        return nil
    }

    /// `next` if it is a dashboard page of this server, else `/dashboard`: never a redirect elsewhere.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.count <= 2000,
            next == "/dashboard" || next.hasPrefix("/dashboard/") || next.hasPrefix("/dashboard?"),
            !next.contains("//"), !next.contains("\\"), !next.contains(".."), !next.lowercased().contains("%2e"),
            !next.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }),
            !next.hasPrefix("/dashboard/login"), !next.hasPrefix("/dashboard/logout")
        else { return "/dashboard" }
        return next
    }

    /// The members of an `application/x-www-form-urlencoded` body.
    static func form(_ body: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            fields[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return fields
    }
}
