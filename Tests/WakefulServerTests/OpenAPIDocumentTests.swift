import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import WakefulServer
import WakefulTestSupport

@Suite("the OpenAPI document and the router agree", .hangLimit, .watchdog)
struct OpenAPIDocumentTests {
    @Test("every route is documented and every documented operation is routed")
    func routesMatchDocument() async throws {
        try await withTemporaryDirectory { directory in
            let configuration = ServerConfiguration(
                storage: try SQLiteServerStorage(directory: directory), adminToken: "t")
            let routed = Set(
                try buildRouter(configuration).routes.map { "\($0.method.rawValue) \($0.path.description)" })
            let document = try await Self.document(configuration)
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options"]
            let documented = Set(
                paths.flatMap { path, item in item.keys.filter(methods.contains).map { "\($0.uppercased()) \(path)" } })
            #expect(routed.subtracting(documented).isEmpty, "routed but not documented")
            #expect(documented.subtracting(routed).isEmpty, "documented but not routed")
            #expect(routed.count >= 10)
        }
    }

    @Test("the document is OpenAPI 3.1 with both security schemes and the error schema")
    func documentShape() async throws {
        try await withTemporaryDirectory { directory in
            let configuration = ServerConfiguration(
                storage: try SQLiteServerStorage(directory: directory), adminToken: "t")
            let document = try await Self.document(configuration)
            #expect(document["openapi"] as? String == "3.1.0")
            let components = try #require(document["components"] as? [String: Any])
            let schemes = try #require(components["securitySchemes"] as? [String: Any])
            #expect(Set(schemes.keys) == ["deviceToken", "adminToken"])
            #expect((components["schemas"] as? [String: Any])?["Error"] != nil)
        }
    }

    /// The document as `GET /openapi.json` serves it.
    static func document(_ configuration: ServerConfiguration) async throws -> [String: Any] {
        let app = try await buildApplication(configuration)
        return try await app.test(.router) { client in
            try await client.execute(uri: "/openapi.json", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                return try #require(
                    try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any])
            }
        }
    }
}
