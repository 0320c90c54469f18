import Foundation
import Logging
import WakefulAPNs

/// Everything ``buildApplication(_:parts:)`` needs: where to listen, where to store, the admin token,
/// the limits and the clock.
///
/// ```swift
/// let storage = try SQLiteServerStorage(directory: dataDirectory)
/// let app = try await buildApplication(ServerConfiguration(storage: storage, adminToken: token))
/// try await app.runService()
/// ```
public struct ServerConfiguration: Sendable {
    /// The address to bind, `127.0.0.1` by default.
    public var host: String
    /// The port; 0 lets the system choose (read it back through ``onListening``).
    public var port: Int
    /// Where devices and records are kept.
    public var storage: any ServerStorage
    /// The token that opens the admin routes.
    public var adminToken: String
    /// The server's time: dates `received_at`, `last_seen` and `revoked_at`, paces the push
    /// dispatcher and refills the registration limit.
    public var clock: WallClock
    /// The request limits.
    public var limits: ServerLimits
    /// The server's logger.
    public var logger: Logger
    /// Called once the server listens, with the bound port.
    public var onListening: @Sendable (Int) async -> Void
    /// Waking devices: APNs credentials, the per-device rate limit, resends.
    public var push: PushSettings
    /// Where wakes are kept: by default `storage` when its engine keeps them too; without it wakes get 503.
    public var pushStorage: (any PushStorage)?
    /// Where Live Activity tokens and pushes are kept: by default `storage` when its engine keeps
    /// them too; without it the Live Activity routes get 503.
    public var liveActivityStorage: (any LiveActivityStorage)?
    /// Who may register a new install: anyone, holders of a registration secret, or the admin only.
    public var registration: RegistrationPolicy
    /// Signs remote configurations; without it, setting one is refused with 503.
    public var configurationSigner: ConfigurationSigner?
    /// Where configurations and cohorts are kept: by default `storage` when its engine keeps them.
    public var configurationStorage: (any ConfigurationStorage)?

    /// Creates a configuration; by default on 127.0.0.1:8080 with the system clock.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, storage: any ServerStorage, adminToken: String,
        clock: WallClock = .system,
        limits: ServerLimits = ServerLimits(), logger: Logger = Logger(label: "wakeful.server"),
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }, push: PushSettings = PushSettings(),
        pushStorage: (any PushStorage)? = nil, registration: RegistrationPolicy = .open,
        configurationSigner: ConfigurationSigner? = nil, configurationStorage: (any ConfigurationStorage)? = nil
    ) {
        self.host = host
        self.port = port
        self.storage = storage
        self.adminToken = adminToken
        self.clock = clock
        self.limits = limits
        self.logger = logger
        self.onListening = onListening
        self.push = push
        self.pushStorage = pushStorage ?? (storage as? any PushStorage)
        self.liveActivityStorage = storage as? any LiveActivityStorage
        self.registration = registration
        self.configurationSigner = configurationSigner
        self.configurationStorage = configurationStorage ?? (storage as? any ConfigurationStorage)
    }
}

/// The limits the server enforces on requests and connections.
///
/// The defaults suit a server reachable from the internet: a client that sends slowly, stops
/// sending or opens connections it never uses is disconnected within seconds to a minute, and
/// holds no ingest place while it does (the place is taken once the whole body has arrived); one
/// that stops reading an answer is disconnected after ``writeTimeout``, and what all answers hold
/// in memory is bounded by ``maximumResponseBytesInFlight``; connections are bounded in all and per
/// client address.
public struct ServerLimits: Sendable, Hashable {
    /// Most records in one ingest request (413 beyond).
    public var maximumRecords: Int
    /// Most bytes of an ingest body (413 beyond); never buffered past this.
    public var maximumIngestBytes: Int
    /// Most bytes of any other request body.
    public var maximumBodyBytes: Int
    /// Most bytes of a timeline export (`PUT /v1/devices/me/timeline-exports/{id}`), after gzip is
    /// inflated (413 beyond); never buffered past this.
    public var maximumTimelineExportBytes: Int
    /// Most ingest requests stored at once, counted from the moment a body has fully arrived;
    /// beyond, 503 with `Retry-After`.
    public var maximumConcurrentIngests: Int
    /// The `Retry-After` seconds of an overload answer.
    public var retryAfterSeconds: Int
    /// Most records one query returns.
    public var maximumQueryLimit: Int
    /// How long a new connection may take to send its first request's head (request line and
    /// headers) before it is closed.
    public var headerTimeout: Duration
    /// How long a connection may wait for its next request, or go without receiving any part of
    /// one, before it is closed (keep-alive connections included).
    public var idleTimeout: Duration
    /// How long a request body may take beyond what ``minimumBodyRate`` allows; a body that has
    /// not arrived by then closes the connection. As Apache's `mod_reqtimeout` (`body=20,MinRate=500`):
    /// the body has `bodyTimeout`, plus one second for every `minimumBodyRate` bytes received.
    public var bodyTimeout: Duration
    /// Bytes per second that extend a body's time limit (see ``bodyTimeout``); 0: the whole body
    /// must arrive within ``bodyTimeout``.
    public var minimumBodyRate: Int
    /// Most ingest requests one device may have open at once, reading the body included;
    /// beyond, 429 with `Retry-After`.
    public var maximumUploadsPerDevice: Int
    /// On graceful shutdown (SIGTERM), how long requests in flight may go on; then every
    /// connection is closed and the server stops.
    public var shutdownGrace: Duration
    /// Most registrations one source address may make per minute (429 with `Retry-After`
    /// beyond); the admin is not limited.
    public var registrationsPerMinute: Int
    /// Most bytes of one page of records or timeline entries: a page ends at ``maximumQueryLimit``
    /// records or at this size, whichever comes first, and its `next` cursor reads on. A single
    /// record larger than this is sent alone on its page.
    public var maximumPageBytes: Int
    /// Most bytes the server holds at once for answers being sent (records read from storage and
    /// not yet handed to the network), over all connections. A large answer (a page, an export, a
    /// timeline) reads its records a slice at a time and each slice takes its bytes from this
    /// budget until it is written; a new answer that finds no room within a second is answered 503
    /// with `Retry-After`, and one under way waits for room (at most ``writeTimeout``).
    public var maximumResponseBytesInFlight: Int
    /// How long an answer may go without the client reading any of it (the connection's send
    /// buffer full) before the connection is closed, so a client that never reads cannot hold its
    /// connection and the answer's memory for ever.
    public var writeTimeout: Duration
    /// Most connections open at once; beyond, a new connection is answered 503 with `Retry-After`
    /// and closed. Lowered at start to what the open-file limit allows beside
    /// ``reservedDescriptors``.
    public var maximumConnections: Int
    /// Most connections open at once from one client address; beyond, a new connection from it is
    /// answered 503 with `Retry-After` and closed. Behind a proxy every client has the proxy's
    /// address: raise it to ``maximumConnections`` there.
    public var maximumConnectionsPerAddress: Int
    /// File descriptors kept for storage (SQLite's files, PostgreSQL's connections) and the
    /// server's own needs: connections are capped at the open-file limit less these, and the
    /// server stops accepting while accepting would eat into them.
    public var reservedDescriptors: Int

    /// Creates limits: by default the upload contract's 1000 records and 1 MiB, timeline exports of
    /// 8 MiB, and time limits for a server on the internet.
    public init(
        maximumRecords: Int = 1000, maximumIngestBytes: Int = 1 << 20, maximumBodyBytes: Int = 64 << 10,
        maximumConcurrentIngests: Int = 64, retryAfterSeconds: Int = 1, maximumQueryLimit: Int = 10_000,
        headerTimeout: Duration = .seconds(20), idleTimeout: Duration = .seconds(60),
        bodyTimeout: Duration = .seconds(20),
        minimumBodyRate: Int = 500, maximumUploadsPerDevice: Int = 4, shutdownGrace: Duration = .seconds(10),
        registrationsPerMinute: Int = 60, maximumPageBytes: Int = 4 << 20, maximumResponseBytesInFlight: Int = 64 << 20,
        writeTimeout: Duration = .seconds(30), maximumConnections: Int = 10_000,
        maximumConnectionsPerAddress: Int = 256,
        reservedDescriptors: Int = 128, maximumTimelineExportBytes: Int = 8 << 20
    ) {
        self.maximumRecords = maximumRecords
        self.maximumIngestBytes = maximumIngestBytes
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumTimelineExportBytes = maximumTimelineExportBytes
        self.maximumConcurrentIngests = maximumConcurrentIngests
        self.retryAfterSeconds = retryAfterSeconds
        self.maximumQueryLimit = maximumQueryLimit
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.bodyTimeout = bodyTimeout
        self.minimumBodyRate = minimumBodyRate
        self.maximumUploadsPerDevice = maximumUploadsPerDevice
        self.shutdownGrace = shutdownGrace
        self.registrationsPerMinute = registrationsPerMinute
        self.maximumPageBytes = maximumPageBytes
        self.maximumResponseBytesInFlight = maximumResponseBytesInFlight
        self.writeTimeout = writeTimeout
        self.maximumConnections = maximumConnections
        self.maximumConnectionsPerAddress = maximumConnectionsPerAddress
        self.reservedDescriptors = reservedDescriptors
    }
}
