import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Wakeful

/// `GET /healthz` (the process answers), `GET /readyz` (and its storage too), `GET /openapi.json`
/// and `GET /metrics`.
struct MetaController<Context: RequestContext>: Sendable {
    let openAPIDocument: [UInt8]
    let metrics: ServerMetrics
    let storage: any ServerStorage

    func addRoutes(to router: Router<Context>) {
        router.get("/healthz") { _, _ in Response.json(["status": .string("ok")]) }
        // Ready only while the storage answers: a load balancer stops sending requests that could
        // only be answered 503, while /healthz keeps the process from being restarted for it.
        router.get("/readyz") { [storage] _, context in
            do {
                try await storage.checkReachable()
                return Response.json(["status": .string("ok")])
            } catch {
                context.logger.warning(
                    "not ready: the storage does not answer", metadata: ["error": .string("\(error)")])
                var error = APIError(
                    .serviceUnavailable, "storage_unreachable", "the storage does not answer; retry after 5 s")
                error.headers[.retryAfter] = "5"
                return error.response
            }
        }
        router.get("/openapi.json") { [openAPIDocument] _, _ in Response.json(bytes: openAPIDocument) }
        router.get("/metrics") { [metrics] _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: await metrics.exposition())))
        }
    }

    /// The OpenAPI 3.1 document describing every route, from the module's resources.
    static func loadDocument() throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json") else {
            throw CocoaError(
                .fileNoSuchFile,
                userInfo: [NSLocalizedDescriptionKey: "openapi.json is missing from WakefulServer's resources"])
        }
        return Array(try Data(contentsOf: url))
    }
}
