import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Wakeful
import WakefulAPNs  // WallClock

/// The dashboard: server-rendered HTML pages for the admin (`/dashboard`, a device's timeline), its
/// login and logout, and `POST /v1/dashboard/links`, which signs short-lived links for tools.
struct DashboardController<Context: RequestContext>: Sendable {
    let storage: any ServerStorage
    let configuration: ServerConfiguration
    let authenticator: Authenticator
    let access: DashboardAccess
    let pushes: DashboardPushSource

    /// Creates the controller; `pushes` reads the server's push attempts for the pushes lane.
    init(
        storage: any ServerStorage, authenticator: Authenticator, configuration: ServerConfiguration,
        pushes: @escaping DashboardPushSource
    ) {
        self.storage = storage
        self.configuration = configuration
        self.authenticator = authenticator
        self.access = DashboardAccess(
            signer: DashboardSigner(adminToken: configuration.adminToken), adminTokenHash: authenticator.adminTokenHash)
        self.pushes = pushes
    }

    func addRoutes(to router: Router<Context>) {
        router.get("/dashboard", use: devices)
        router.get("/dashboard/devices/{id}", use: device)
        router.get("/dashboard/devices/{id}/exports/{export}", use: export)
        router.get("/dashboard/devices/{id}/exports/{export}/file", use: exportFile)
        router.get("/dashboard/login", use: loginForm)
        router.post("/dashboard/login", use: login)
        router.post("/dashboard/logout", use: logout)
        router.post("/v1/dashboard/links", use: link)
    }

    // MARK: Pages

    /// The devices list.
    @Sendable func devices(_ request: Request, context: Context) async throws -> Response {
        guard access.proof(of: request, now: configuration.clock.now.timeIntervalSince1970) != nil else {
            return signIn(request)
        }
        return Self.html(DashboardPages.devices(try await storage.deviceSummaries()))
    }

    /// A device's swimlane chart and gap table for the window its query asks for.
    @Sendable func device(_ request: Request, context: Context) async throws -> Response {
        let now = configuration.clock.now.timeIntervalSince1970
        guard access.proof(of: request, now: now) != nil else { return signIn(request) }
        do {
            let id = try PathParameter.deviceID(context)
            let windowRequest = try DashboardWindowRequest.read(request)
            guard let summary = try await storage.deviceSummaries().first(where: { $0.id == id }) else {
                throw APIError.notFound("no device \(id.uuidString)")
            }
            var page = try await DashboardData(storage: storage, limits: configuration.limits)
                .page(device: summary, request: windowRequest, now: now, pushes: pushes)
            page.exports =
                try await (storage as? any TimelineExportStorage)?.timelineExports(
                    deviceID: id, limit: TimelineExportController<Context>.listLimit) ?? []
            return Self.html(page.html())
        } catch let error as APIError {
            return Self.html(
                DashboardPages.error(status: Int(error.status.code), message: error.message, signedIn: true),
                status: error.status)
        }
    }

    /// A timeline export the device uploaded, drawn as the device page draws its timeline.
    @Sendable func export(_ request: Request, context: Context) async throws -> Response {
        guard access.proof(of: request, now: configuration.clock.now.timeIntervalSince1970) != nil else {
            return signIn(request)
        }
        do {
            let (device, export) = try await storedExport(context)
            return Self.html(TimelineExportPage.page(device: device, export: export))
        } catch let error as APIError {
            return Self.html(
                DashboardPages.error(status: Int(error.status.code), message: error.message, signedIn: true),
                status: error.status)
        }
    }

    /// An export's file, as the device sent it, for `wakeful replay`.
    @Sendable func exportFile(_ request: Request, context: Context) async throws -> Response {
        guard access.proof(of: request, now: configuration.clock.now.timeIntervalSince1970) != nil else {
            return signIn(request)
        }
        let (_, export) = try await storedExport(context)
        var headers = HTTPFields()
        headers[.contentType] = "application/x-ndjson"
        headers[.contentDisposition] = "attachment; filename=\"timeline-export-\(export.summary.id.uuidString).jsonl\""
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: export.body)))
    }

    /// The device and the export the path names, or 404.
    private func storedExport(_ context: Context) async throws -> (DeviceSummary, StoredTimelineExport) {
        let id = try PathParameter.deviceID(context)
        let exportID = try TimelineExportController<Context>.exportID(context)
        guard let device = try await storage.deviceSummaries().first(where: { $0.id == id }),
            let export = try await (storage as? any TimelineExportStorage)?.timelineExport(deviceID: id, id: exportID)
        else {
            throw APIError.notFound("no timeline export \(exportID.uuidString) of device \(id.uuidString)")
        }
        return (device, export)
    }

    // MARK: Signing in and out

    /// The login form.
    @Sendable func loginForm(_ request: Request, context: Context) async throws -> Response {
        Self.html(
            DashboardPages.login(
                next: DashboardAccess.safeNext(request.uri.queryParameters["next"].map(String.init)), failed: false))
    }

    /// Checks the posted admin token; on success sets the session cookie and goes to `next`.
    @Sendable func login(_ request: Request, context: Context) async throws -> Response {
        let body = try await request.body.collect(upTo: configuration.limits.maximumBodyBytes)
        let form = DashboardAccess.form(String(buffer: body))
        let next = DashboardAccess.safeNext(form["next"])
        guard let token = form["token"], access.isAdminToken(token) else {
            // Never the token itself in the log.
            context.logger.notice("dashboard sign-in refused", metadata: ["reason": "not the admin token"])
            return Self.html(DashboardPages.login(next: next, failed: true), status: .unauthorized)
        }
        let secure = request.headers[.init("X-Forwarded-Proto")!]?.lowercased() == "https"
        var response = Response.redirect(to: next, type: .normal)
        response.headers[.setCookie] = access.sessionCookie(
            now: configuration.clock.now.timeIntervalSince1970, secure: secure)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// Ends the session on this instance (its cookie stops working here) and clears the cookie.
    @Sendable func logout(_ request: Request, context: Context) async throws -> Response {
        access.signOut(request, now: configuration.clock.now.timeIntervalSince1970)
        var response = Response.redirect(to: "/dashboard/login", type: .normal)
        response.headers[.setCookie] = DashboardAccess.clearedCookie
        return response
    }

    /// `POST /v1/dashboard/links` (admin): a link that opens one dashboard page without a cookie
    /// for a short time, for headless browsers and scripts; the admin token stays out of the URL.
    @Sendable func link(_ request: Request, context: Context) async throws -> Response {
        try await authenticator.caller(of: request).requireAdmin()
        let body = try await JSONRequest.body(of: request, limit: configuration.limits.maximumBodyBytes)
        let path = try body.string("path", maximumLength: 2000)
        guard DashboardAccess.safeNext(path) == path else {
            throw APIError.invalid("path", "expected a dashboard page such as \"/dashboard/devices/{id}?preset=24h\"")
        }
        var lifetime = 300
        if let value = body.object["expires_in"] {
            guard case .int(let seconds) = value, (1...DashboardSigner.maximumLinkLifetime).contains(seconds) else {
                throw APIError.invalid(
                    "expires_in", "expected a whole number of seconds from 1 to \(DashboardSigner.maximumLinkLifetime)")
            }
            lifetime = seconds
        }
        let parts = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let query = parts.count > 1 ? String(parts[1]) : ""
        let names = query.split(separator: "&").map { $0.prefix { $0 != "=" } }
        guard !names.contains("expires"), !names.contains("signature") else {
            throw APIError.invalid("path", "expected a path without expires or signature parameters")
        }
        let expires = Int(configuration.clock.now.timeIntervalSince1970) + lifetime
        let url = access.signer.signedLink(path: String(parts[0]), query: query, expires: expires)
        return .json(["url": .string(url), "expires_at": .time(TimeInterval(expires))], status: .created)
    }

    // MARK: Answers

    /// The login form for a request without credentials, 401, coming back to the page afterwards.
    private func signIn(_ request: Request) -> Response {
        let query = request.uri.query.map { "?" + $0 } ?? ""
        return Self.html(
            DashboardPages.login(next: DashboardAccess.safeNext(request.uri.path + query), failed: false),
            status: .unauthorized)
    }

    /// An HTML answer that may not be cached, framed, nor leak its URL (signed links) to other sites.
    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[.contentSecurityPolicy] =
            "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        headers[.init("X-Content-Type-Options")!] = "nosniff"
        headers[.init("Referrer-Policy")!] = "no-referrer"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
