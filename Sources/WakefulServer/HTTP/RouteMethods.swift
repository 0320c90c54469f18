import Foundation
import HTTPTypes

/// The methods each route path answers, read from the OpenAPI document (which a test keeps equal to
/// the router), so a request with another method is answered 405 with `Allow` instead of 404.
struct RouteMethods: Sendable {
    /// One documented path: its segments, `nil` for a `{parameter}`, and its methods.
    private struct Route: Sendable {
        var segments: [String?]
        var methods: Set<String>
    }

    private let routes: [Route]

    /// Reads `paths` of the OpenAPI document.
    ///
    /// - Throws: when the document is not JSON with a `paths` object.
    init(openAPIDocument: [UInt8]) throws {
        guard let document = try JSONSerialization.jsonObject(with: Data(openAPIDocument)) as? [String: Any],
            let paths = document["paths"] as? [String: [String: Any]]
        else {
            throw CocoaError(
                .fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "openapi.json has no paths object"])
        }
        let operations: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options"]
        routes = paths.keys.sorted().map { path in
            var methods = Set(paths[path, default: [:]].keys.filter(operations.contains).map { $0.uppercased() })
            // The router answers HEAD wherever it answers GET (autoGenerateHeadEndpoints).
            if methods.contains("GET") { methods.insert("HEAD") }
            return Route(segments: Self.segments(path).map { $0.hasPrefix("{") ? nil : $0 }, methods: methods)
        }
    }

    /// The `Allow` value for `path`, methods in a stable order, or nil when no route has that path.
    func allow(path: String) -> String? {
        let parts = Self.segments(path)
        let methods = routes.filter { route in
            route.segments.count == parts.count && zip(route.segments, parts).allSatisfy { $0 == nil || $0 == $1 }
        }.reduce(into: Set<String>()) { $0.formUnion($1.methods) }
        return methods.isEmpty ? nil : methods.sorted().joined(separator: ", ")
    }

    private static func segments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }
}
