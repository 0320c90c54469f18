import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServiceLifecycle

/// Builds the server: the router with every route, the error middleware, and the HTTP server on
/// the configured address. Shared by `wakeful serve` and the tests.
///
/// ```swift
/// let app = try await buildApplication(configuration)
/// try await app.test(.router) { client in … }   // tests
/// try await app.runService()                     // the executable
/// ```
public func buildApplication(_ configuration: ServerConfiguration) async throws -> some ApplicationProtocol {
    let router = try buildRouter(configuration)
    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "wakeful"),
        // A storage with background work (PostgreSQL's connection pool) runs beside the server and,
        // listed before it, stops after it on graceful shutdown.
        services: [configuration.storage].compactMap { $0 as? any Service },
        onServerRunning: { channel in await configuration.onListening(channel.localAddress?.port ?? configuration.port) },
        logger: configuration.logger)
}

/// The router alone, with every route; ``buildApplication(_:)`` serves it.
public func buildRouter(_ configuration: ServerConfiguration) throws -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self)
    router.add(middleware: ErrorMiddleware())
    let authenticator = Authenticator(storage: configuration.storage, adminToken: configuration.adminToken)
    let metrics = ServerMetrics()
    MetaController(openAPIDocument: try MetaController<BasicRequestContext>.loadDocument(), metrics: metrics).addRoutes(to: router)
    DeviceController(storage: configuration.storage, authenticator: authenticator, configuration: configuration).addRoutes(to: router)
    IngestController(
        storage: configuration.storage, authenticator: authenticator, configuration: configuration,
        gate: IngestGate(capacity: configuration.limits.maximumConcurrentIngests), metrics: metrics
    ).addRoutes(to: router)
    QueryController(storage: configuration.storage, authenticator: authenticator, configuration: configuration).addRoutes(to: router)
    return router
}
