import Foundation
import HTTPTypes
import Hummingbird
import Wakeful

/// `GET /healthz`, `GET /openapi.json` and `GET /metrics`.
struct MetaController<Context: RequestContext>: Sendable {
    let openAPIDocument: [UInt8]
    let metrics: ServerMetrics

    func addRoutes(to router: Router<Context>) {
        router.get("/healthz") { _, _ in Response.json(["status": .string("ok")]) }
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
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "openapi.json is missing from WakefulServer's resources"])
        }
        return Array(try Data(contentsOf: url))
    }
}
