import Clocks
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WakefulAPNs
import WakefulServer
import WakefulTestSupport

@Suite("dashboard: signing in, cookies, signed links", .hangLimit, .watchdog)
struct DashboardAuthTests {
    @Test("without credentials a page answers 401 with the login form, coming back to the page")
    func noCookie() async throws {
        try await ServerHarness.withServer { _, client in
            let response = try await client.send(.get, "/dashboard/devices/\(UUID().uuidString)?preset=1h")
            #expect(response.status == .unauthorized)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.text.contains(#"<form method="post" action="/dashboard/login">"#))
            #expect(response.text.contains(#"name="next" value="/dashboard/devices/"#))
            #expect(response.headers[.setCookie] == nil)
        }
    }

    @Test("a wrong token is refused with the form again and no cookie")
    func badToken() async throws {
        try await ServerHarness.withServer { _, client in
            let response = try await Self.login(client, token: "not-the-token")
            #expect(response.status == .unauthorized)
            #expect(response.text.contains("That is not the admin token."))
            #expect(response.headers[.setCookie] == nil)
            #expect(!response.text.contains("not-the-token"))
        }
    }

    @Test("the admin token signs in: an HttpOnly, SameSite=Strict cookie for /dashboard that opens the pages")
    func goodLogin() async throws {
        try await ServerHarness.withServer { _, client in
            let response = try await Self.login(
                client, token: ServerHarness.adminToken, next: "/dashboard/devices/x?preset=6h")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/dashboard/devices/x?preset=6h")
            let cookie = try #require(response.headers[.setCookie])
            #expect(cookie.contains("; Path=/dashboard; Max-Age=43200; HttpOnly; SameSite=Strict"))
            #expect(!cookie.contains(ServerHarness.adminToken))
            let page = try await client.send(.get, "/dashboard", headers: [.cookie: Self.pair(cookie)])
            #expect(page.status == .ok)
            #expect(page.text.contains("<h1>Devices</h1>"))
            let logout = try await client.send(.post, "/dashboard/logout", headers: [.cookie: Self.pair(cookie)])
            #expect(logout.status == .seeOther)
            #expect(logout.headers[.setCookie]?.contains("Max-Age=0") == true)
        }
    }

    @Test(
        "after Sign out the old cookie no longer opens a page, though another session's still does",
        .hangLimit)
    func logoutRevokes() async throws {
        try await Self.withClockedServer { clock, client in
            let first = Self.pair(
                try #require(try await Self.login(client, token: ServerHarness.adminToken).headers[.setCookie]))
            let second = Self.pair(
                try #require(try await Self.login(client, token: ServerHarness.adminToken).headers[.setCookie]))
            #expect(first != second, "each sign-in is a session of its own")
            #expect(try await client.send(.get, "/dashboard", headers: [.cookie: first]).status == .ok)
            let logout = try await client.send(.post, "/dashboard/logout", headers: [.cookie: first])
            #expect(logout.status == .seeOther && logout.headers[.setCookie]?.contains("Max-Age=0") == true)
            // The browser would drop the cookie; a copy of its value must not work either.
            #expect(try await client.send(.get, "/dashboard", headers: [.cookie: first]).status == .unauthorized)
            #expect(
                try await client.send(.get, "/dashboard/devices/\(UUID().uuidString)", headers: [.cookie: first]).status
                    == .unauthorized)
            #expect(try await client.send(.get, "/dashboard", headers: [.cookie: second]).status == .ok)
            // A sign-out outlives the pruning of expired entries while its cookie could still be valid.
            await clock.advance(by: .seconds(6 * 3600))
            _ = try await client.send(.post, "/dashboard/logout", headers: [.cookie: second])
            #expect(try await client.send(.get, "/dashboard", headers: [.cookie: first]).status == .unauthorized)
            #expect(try await client.send(.get, "/dashboard", headers: [.cookie: second]).status == .unauthorized)
            // A logout without a valid cookie changes nothing.
            let third = Self.pair(
                try #require(try await Self.login(client, token: ServerHarness.adminToken).headers[.setCookie]))
            _ = try await client.send(.post, "/dashboard/logout", headers: [.cookie: "wakeful_dashboard=v2.1.2.3"])
            #expect(try await client.send(.get, "/dashboard", headers: [.cookie: third]).status == .ok)
        }
    }

    @Test("login never redirects off the dashboard")
    func openRedirect() async throws {
        try await ServerHarness.withServer { _, client in
            for next in [
                "https://evil.example/", "//evil.example/dashboard", "/dashboard/../v1/devices", "/dashboardx",
                "/dashboard\\\\evil",
            ] {
                let response = try await Self.login(client, token: ServerHarness.adminToken, next: next)
                #expect(response.headers[.location] == "/dashboard", "\(next)")
            }
        }
    }

    @Test("a tampered cookie and one past its expiry are refused")
    func tamperedAndExpired() async throws {
        try await Self.withClockedServer { clock, client in
            let cookie = Self.pair(
                try #require(try await Self.login(client, token: ServerHarness.adminToken).headers[.setCookie]))
            #expect(try await client.send(.get, "/dashboard", headers: [.cookie: cookie]).status == .ok)
            var tampered = Array(cookie.utf8)
            tampered[tampered.count - 1] = tampered.last == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
            #expect(
                try await client.send(.get, "/dashboard", headers: [.cookie: String(decoding: tampered, as: UTF8.self)])
                    .status == .unauthorized)
            let longer = cookie.replacingOccurrences(of: "v2.", with: "v2.9")
            #expect(try await client.send(.get, "/dashboard", headers: [.cookie: longer]).status == .unauthorized)
            await clock.advance(by: .seconds(12 * 3600 + 1))
            #expect(try await client.send(.get, "/dashboard", headers: [.cookie: cookie]).status == .unauthorized)
        }
    }

    @Test("the bearer header opens the pages too; a device token does not")
    func bearer() async throws {
        try await ServerHarness.withServer { _, client in
            #expect(try await client.send(.get, "/dashboard", token: ServerHarness.adminToken).status == .ok)
            let device = try await client.register()
            #expect(try await client.send(.get, "/dashboard", token: device.token).status == .unauthorized)
        }
    }

    @Test("a signed link opens exactly its page until it expires, and only the admin can make one")
    func signedLinks() async throws {
        try await Self.withClockedServer { clock, client in
            let device = try await client.register()
            let body = Array(#"{"path":"/dashboard/devices/\#(device.id.uuidString)?preset=6h","expires_in":120}"#.utf8)
            #expect(
                try await client.send(.post, "/v1/dashboard/links", token: device.token, body: body).status
                    == .forbidden)
            let created = try await client.send(
                .post, "/v1/dashboard/links", token: ServerHarness.adminToken, body: body)
            #expect(created.status == .created)
            let url = try #require(try created.object()["url"] as? String)
            #expect(!url.contains(ServerHarness.adminToken))
            #expect(try await client.send(.get, url).status == .ok)
            #expect(
                try await client.send(.get, url.replacingOccurrences(of: "preset=6h", with: "preset=7d")).status
                    == .unauthorized)
            #expect(
                try await client.send(.get, "/dashboard?" + (url.split(separator: "?").last.map(String.init) ?? ""))
                    .status == .unauthorized)
            await clock.advance(by: .seconds(121))
            #expect(try await client.send(.get, url).status == .unauthorized)
            let outside = try await client.send(
                .post, "/v1/dashboard/links", token: ServerHarness.adminToken,
                body: Array(#"{"path":"/v1/devices"}"#.utf8))
            #expect(outside.status == .badRequest && outside.errorCode == "invalid_request")
            let tooLong = try await client.send(
                .post, "/v1/dashboard/links", token: ServerHarness.adminToken,
                body: Array(#"{"path":"/dashboard","expires_in":86400}"#.utf8))
            #expect(tooLong.status == .badRequest)
            #expect(try tooLong.object()["field"] as? String == "expires_in")
        }
    }

    /// A server whose clock the test moves (cookies and links expire by it).
    static func withClockedServer(
        _ body: @Sendable (_ clock: TestClock<Duration>, _ client: any TestClientProtocol) async throws -> Void
    ) async throws {
        let clock = TestClock()
        try await withTemporaryDirectory { directory in
            let configuration = ServerConfiguration(
                storage: try SQLiteServerStorage(directory: directory), adminToken: ServerHarness.adminToken,
                clock: WallClock(clock: clock, startingAt: Date(timeIntervalSince1970: ServerHarness.now)))
            let app = try await buildApplication(configuration)
            try await app.test(.router) { client in try await body(clock, client) }
        }
    }

    /// Posts the login form.
    static func login(_ client: some TestClientProtocol, token: String, next: String = "/dashboard") async throws
        -> TestResponse
    {
        let form =
            "token=\(token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")&next=\(next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        return try await client.send(
            .post, "/dashboard/login", headers: [.contentType: "application/x-www-form-urlencoded"],
            body: Array(form.utf8), json: false)
    }

    /// `name=value` from a `Set-Cookie` header.
    static func pair(_ setCookie: String) -> String { String(setCookie.prefix { $0 != ";" }) }
}
