import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// Builds the server: the router with every route, the error middleware, and the HTTP server on
/// the configured address. Shared by `wakeful-server serve` and the tests.
///
/// ```swift
/// let app = try await buildApplication(configuration)
/// try await app.test(.router) { client in … }   // tests
/// try await app.runService()                     // the executable
/// ```
public func buildApplication(_ configuration: ServerConfiguration, parts: ServerParts? = nil) async throws
    -> some ApplicationProtocol
{
    let parts = try parts ?? ServerParts(configuration)
    let router = try buildRouter(configuration, parts: parts)
    let limits = configuration.limits
    let logger = configuration.logger
    let admission = parts.connections
    logger.info(
        "connections: at most \(admission.maximumConnections) at once, \(admission.maximumPerAddress) per address",
        metadata: [
            "open_file_limit": "\(DescriptorLimit.current().map { String($0.soft) } ?? "unknown")",
            "reserved_descriptors": "\(limits.reservedDescriptors)",
        ])
    // Slow clients: the first head and every body under RequestDeadlineHandler's limits, and
    // Hummingbird's idle timeout for connections that receive nothing (keep-alive included); the
    // connection caps, the write timeout and HTTP/1.0 framing in GuardedHTTP1Channel.
    let http1 = HTTP1Channel.Configuration(
        additionalChannelHandlers: [RequestDeadlineHandler(limits: limits, logger: logger)],
        idleTimeout: TimeAmount(limits.idleTimeout))
    return Application(
        router: router,
        server: HTTPServerBuilder { responder in
            GuardedHTTP1Channel(
                http1: HTTP1Channel(responder: responder, configuration: http1), admission: admission,
                writeTimeout: limits.writeTimeout, logger: logger)
        },
        // A backlog above Hummingbird's 256, so a burst of connections is queued rather than
        // left to SYN retries while the server accepts.
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "wakeful", backlog: 1024,
            availableConnectionsDelegate: AcceptCeiling(
                admission: admission, reservedDescriptors: limits.reservedDescriptors)),
        // A storage with background work (PostgreSQL's connection pool) runs beside the server and,
        // listed before it, stops after it on graceful shutdown.
        // The push dispatcher, listed after the storage it uses, stops before it.
        services: [configuration.storage].compactMap { $0 as? any Service }
            + (parts.dispatcher.map { [$0 as any Service] } ?? []),
        onServerRunning: { channel in await configuration.onListening(channel.localAddress?.port ?? configuration.port)
        },
        logger: configuration.logger)
}

/// The router alone, with every route; ``buildApplication(_:parts:)`` serves it.
public func buildRouter(_ configuration: ServerConfiguration, parts: ServerParts? = nil) throws -> Router<
    WakefulRequestContext
> {
    // HEAD is answered wherever GET is (a load balancer's `HEAD /healthz`).
    let router = Router(context: WakefulRequestContext.self, options: .autoGenerateHeadEndpoints)
    let parts = try parts ?? ServerParts(configuration)
    let metrics = parts.metrics
    let openAPIDocument = try MetaController<WakefulRequestContext>.loadDocument()
    router.add(middleware: RequestMetricsMiddleware(metrics: metrics, clock: configuration.clock))
    router.add(
        middleware: ErrorMiddleware(
            routeMethods: try RouteMethods(openAPIDocument: openAPIDocument),
            retryAfterSeconds: configuration.limits.retryAfterSeconds))
    router.add(middleware: HostHeaderMiddleware())
    let authenticator = Authenticator(storage: configuration.storage, adminToken: configuration.adminToken)
    MetaController(openAPIDocument: openAPIDocument, metrics: metrics, storage: configuration.storage).addRoutes(
        to: router)
    DeviceController(
        storage: configuration.storage, authenticator: authenticator, configuration: configuration,
        rateLimit: RegistrationRateLimit(perMinute: configuration.limits.registrationsPerMinute)
    ).addRoutes(to: router)
    IngestController(
        storage: configuration.storage, authenticator: authenticator, configuration: configuration,
        gate: IngestGate(
            capacity: configuration.limits.maximumConcurrentIngests,
            perDevice: configuration.limits.maximumUploadsPerDevice),
        metrics: metrics
    ).addRoutes(to: router)
    QueryController(
        storage: configuration.storage, authenticator: authenticator, configuration: configuration,
        budget: parts.responseBudget,
        pushTimeline: configuration.pushStorage.map {
            PushTimeline(storage: $0, window: configuration.push.deviceWakeWindow)
        }
    ).addRoutes(to: router)
    TimelineExportController<WakefulRequestContext>(
        storage: configuration.storage, authenticator: authenticator, configuration: configuration,
        budget: parts.responseBudget
    ).addRoutes(to: router)
    WakeController(
        storage: configuration.storage, pushStorage: configuration.pushStorage, authenticator: authenticator,
        configuration: configuration,
        dispatcher: parts.dispatcher, metrics: metrics
    ).addRoutes(to: router)
    ConfigurationController(
        storage: configuration.storage, configurations: configuration.configurationStorage,
        signer: configuration.configurationSigner, authenticator: authenticator, configuration: configuration
    ).addRoutes(to: router)
    LiveActivityController(
        storage: configuration.storage, liveActivityStorage: configuration.liveActivityStorage,
        authenticator: authenticator, configuration: configuration, sender: parts.liveActivitySender
    ).addRoutes(to: router)
    DashboardController(
        storage: configuration.storage, authenticator: authenticator, configuration: configuration,
        pushes: DashboardPush.source(reading: configuration.pushStorage)
    ).addRoutes(to: router)
    return router
}

/// What the router and the application's services share: the metrics, and the push dispatcher
/// when the server has APNs credentials and a storage that keeps wakes.
///
/// Tests make one to reach the dispatcher: `await parts.dispatcher?.dispatchDue(now: t)`.
public struct ServerParts: Sendable {
    /// The counters behind `/metrics`.
    public let metrics: ServerMetrics
    /// Sends due wakes; nil without APNs credentials or push storage.
    public let dispatcher: PushDispatcher?
    /// Sends Live Activity pushes through the dispatcher's APNs senders; nil without them or
    /// without a storage that keeps Live Activities.
    let liveActivitySender: LiveActivitySender?
    /// The memory the answers being sent hold (``ServerLimits/maximumResponseBytesInFlight``).
    public let responseBudget: ResponseBudget
    /// The open connections, in all and per address, against their caps.
    public let connections: ConnectionAdmission

    /// Makes the parts for `configuration`; the connection cap is set from the open-file limit
    /// and the descriptors open now.
    ///
    /// - Throws: when the APNs settings cannot make a client (a bad key or URL).
    public init(_ configuration: ServerConfiguration) throws {
        metrics = ServerMetrics()
        responseBudget = ResponseBudget(capacity: configuration.limits.maximumResponseBytesInFlight)
        connections = ConnectionAdmission(
            limits: configuration.limits, descriptorLimit: DescriptorLimit.current()?.soft,
            descriptorsOpen: DescriptorLimit.openCount())
        if let connection = configuration.push.apns, let storage = configuration.pushStorage {
            dispatcher = try PushDispatcher(
                storage: storage, settings: configuration.push, connection: connection, metrics: metrics,
                clock: configuration.clock,
                logger: configuration.logger)
        } else {
            dispatcher = nil
        }
        if let dispatcher, let storage = configuration.liveActivityStorage {
            liveActivitySender = LiveActivitySender(
                senders: dispatcher.senders, storage: storage, metrics: metrics, clock: configuration.clock,
                logger: configuration.logger)
        } else {
            liveActivitySender = nil
        }
    }
}
