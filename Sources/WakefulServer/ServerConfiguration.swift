import Foundation
import Logging

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
    /// The server's clock, seconds since 1970: `received_at`, `last_seen`, `revoked_at`.
    public var now: @Sendable () -> TimeInterval
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

    /// Creates a configuration; by default on 127.0.0.1:8080 with the system clock.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, storage: any ServerStorage, adminToken: String,
        now: @escaping @Sendable () -> TimeInterval = { Date().timeIntervalSince1970 },
        limits: ServerLimits = ServerLimits(), logger: Logger = Logger(label: "wakeful.server"),
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }, push: PushSettings = PushSettings(),
        pushStorage: (any PushStorage)? = nil
    ) {
        self.host = host
        self.port = port
        self.storage = storage
        self.adminToken = adminToken
        self.now = now
        self.limits = limits
        self.logger = logger
        self.onListening = onListening
        self.push = push
        self.pushStorage = pushStorage ?? (storage as? any PushStorage)
    }
}

/// The limits the server enforces on requests.
public struct ServerLimits: Sendable, Hashable {
    /// Most records in one ingest request (413 beyond).
    public var maximumRecords: Int
    /// Most bytes of an ingest body (413 beyond); never buffered past this.
    public var maximumIngestBytes: Int
    /// Most bytes of any other request body.
    public var maximumBodyBytes: Int
    /// Most ingest requests handled at once; beyond, 503 with `Retry-After`.
    public var maximumConcurrentIngests: Int
    /// The `Retry-After` seconds of an overload answer.
    public var retryAfterSeconds: Int
    /// Most records one query returns.
    public var maximumQueryLimit: Int

    /// Creates limits: by default the upload contract's 1000 records and 1 MiB.
    public init(
        maximumRecords: Int = 1000, maximumIngestBytes: Int = 1 << 20, maximumBodyBytes: Int = 64 << 10,
        maximumConcurrentIngests: Int = 64, retryAfterSeconds: Int = 1, maximumQueryLimit: Int = 10_000
    ) {
        self.maximumRecords = maximumRecords
        self.maximumIngestBytes = maximumIngestBytes
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumConcurrentIngests = maximumConcurrentIngests
        self.retryAfterSeconds = retryAfterSeconds
        self.maximumQueryLimit = maximumQueryLimit
    }
}
