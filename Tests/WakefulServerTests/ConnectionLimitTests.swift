import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import Testing
import Wakeful
@testable import WakefulServer
import WakefulTestSupport

/// Connections capped in all and per client address, refused with 503 and `Retry-After` at once;
/// a storage short of file descriptors answered 503, not 500.
@Suite("connection caps and storage out of descriptors", .serialized, .watchdog)
struct ConnectionLimitTests {
    /// Idle connections stay open for the whole test: only the caps may close one.
    static func limits(total: Int, perAddress: Int) -> ServerLimits {
        var limits = ServerLimits(headerTimeout: .seconds(600), idleTimeout: .seconds(600))
        limits.maximumConnections = total
        limits.maximumConnectionsPerAddress = perAddress
        return limits
    }

    static let health = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"

    /// Opens `count` idle connections from `source`.
    static func idle(_ count: Int, port: Int, from source: String) async throws -> [RawConnection] {
        try await RawConnection.offPool { try (0..<count).map { _ in try RawConnection(port: port, from: source) } }
    }

    /// A connection from `source` asking for /healthz: what it was answered, and whether it was closed.
    static func ask(port: Int, from source: String) async throws -> (text: String, closed: Bool) {
        try await RawConnection.offPool {
            let connection = try RawConnection(port: port, from: source)
            try connection.send(health)
            return connection.textAndClose(timeout: .seconds(120))
        }
    }

    /// A connection from `source` that sends nothing: a refusal comes unasked, and closes it.
    static func connectSilently(port: Int, from source: String) async throws -> RawConnection {
        try await RawConnection.offPool { try RawConnection(port: port, from: source) }
    }

    @Test(
        "a connection beyond one address's cap is answered 503 and closed at once, while another address is served",
        .hangLimit)
    func perAddressCap() async throws {
        try await ServerHarness.withServer(.live, limits: Self.limits(total: 1000, perAddress: 3)) { harness, client in
            let port = try #require(client.port)
            let crowd = try await Self.idle(3, port: port, from: "127.0.0.3")
            let connections = harness.parts.connections
            #expect(try await ResponseMemoryTests.eventually { connections.openConnections(from: "127.0.0.3") == 3 })
            let fourth = try await Self.connectSilently(port: port, from: "127.0.0.3")
            let refused = try await RawConnection.offPool { fourth.textAndClose(timeout: .seconds(120)) }
            #expect(refused.closed, "the refused connection is closed")
            #expect(refused.text.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "\(refused.text)")
            #expect(refused.text.contains("Retry-After: 1\r\n"), "\(refused.text)")
            #expect(refused.text.contains("too_many_connections"), "\(refused.text)")
            let served = try await Self.ask(port: port, from: "127.0.0.4")
            #expect(served.text.hasPrefix("HTTP/1.1 200 "), "\(served.text)")
            #expect(connections.refusedConnections == 1)
            withExtendedLifetime(crowd) {}
        }
    }

    @Test(
        "a connection beyond the server's cap is answered 503 and closed; once one closes, a new one is served",
        .hangLimit)
    func totalCap() async throws {
        try await ServerHarness.withServer(.live, limits: Self.limits(total: 6, perAddress: 100)) { harness, client in
            let port = try #require(client.port)
            let connections = harness.parts.connections
            #expect(connections.maximumConnections == 6)
            // From addresses of their own, so the test client's connection (if it opened one) only
            // lowers how many fit: idle connections until one is refused, at most the cap and one.
            var crowd: [RawConnection] = []
            var refusal: (text: String, closed: Bool)?
            for index in 0..<7 where refusal == nil {
                let decided = connections.openConnections + connections.refusedConnections
                let connection = try await Self.connectSilently(port: port, from: "127.0.0.\(10 + index)")
                // The server admits or refuses each connection as it becomes active.
                #expect(
                    try await ResponseMemoryTests.eventually {
                        connections.openConnections + connections.refusedConnections > decided
                    })
                if connections.refusedConnections > 0 {
                    refusal = try await RawConnection.offPool { connection.textAndClose(timeout: .seconds(120)) }
                } else {
                    crowd.append(connection)
                }
            }
            let refused = try #require(refusal, "7 connections with a cap of 6 and none refused")
            #expect(refused.closed)
            #expect(refused.text.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "\(refused.text)")
            #expect(refused.text.contains("the server has 6 connections open"), "\(refused.text)")
            #expect(refused.text.contains("Retry-After: 1\r\n"), "\(refused.text)")
            #expect(connections.openConnections <= 6)
            // One idle connection closes: the server notices, and a new one is served.
            crowd.removeFirst()
            #expect(try await ResponseMemoryTests.eventually { connections.openConnections < 6 })
            let served = try await Self.ask(port: port, from: "127.0.0.30")
            #expect(served.text.hasPrefix("HTTP/1.1 200 "), "\(served.text)")
            withExtendedLifetime(crowd) {}
        }
    }

    @Test("the cap leaves the reserved descriptors free below the open-file limit", .hangLimit)
    func capBelowDescriptorLimit() throws {
        var limits = ServerLimits()
        limits.maximumConnections = 1_000_000
        limits.reservedDescriptors = 100
        let storage = FailingStorage(failure: .tooManyOpenFiles)
        let parts = try ServerParts(ServerConfiguration(storage: storage, adminToken: "t", limits: limits))
        let limit = try #require(DescriptorLimit.current()?.soft)
        #expect(parts.connections.maximumConnections <= limit - 100)
        #expect(parts.connections.maximumConnections >= 1)
    }

    @Test(
        "a storage out of file descriptors is answered 503 storage_unavailable with Retry-After, never 500",
        .hangLimit,
        arguments: [
            FailingStorage.Failure.sqliteCannotOpen, .tooManyOpenFiles, .systemOutOfFiles,
        ])
    func descriptorShortageIs503(failure: FailingStorage.Failure) async throws {
        do {
            let storage = FailingStorage(failure: failure)
            let configuration = ServerConfiguration(
                port: 0, storage: storage, adminToken: ServerHarness.adminToken, clock: ServerHarness.fixedClock())
            try await buildApplication(configuration).test(.router) { client in
                // Registering reads and writes the devices table: the storage fails it.
                let response = try await client.send(
                    .post, "/v1/devices/register",
                    body: Array(
                        #"{"install_id":"\#(UUID().uuidString)","bundle_id":"b","app_version":"1","os_version":"1"}"#
                            .utf8))
                #expect(response.status == .serviceUnavailable, "\(response.text)")
                #expect(response.errorCode == "storage_unavailable")
                #expect(response.headers[.retryAfter] == "1")
                let records = try await client.send(
                    .get, "/v1/devices/\(UUID().uuidString)/records", token: ServerHarness.adminToken)
                #expect(records.status == .serviceUnavailable, "\(records.text)")
            }
        }
    }

    @Test("SQLite's own error for a file it cannot open is taken for a storage out of descriptors", .hangLimit)
    func sqliteCannotOpenIsRecognised() throws {
        // A real SQLITE_CANTOPEN ("unable to open database file"), the error EMFILE gives too.
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wakeful-missing-\(UUID().uuidString)/sub/db.sqlite")
        let error = try #require(throws: DatabaseError.self) { try DatabaseQueue(path: missing.path) }
        #expect(error.resultCode == .SQLITE_CANTOPEN, "\(error)")
        #expect(StorageExhaustion.isExhaustion(error))
        #expect(!StorageExhaustion.isExhaustion(DatabaseError(resultCode: .SQLITE_CONSTRAINT, message: "UNIQUE")))
        #expect(!StorageExhaustion.isExhaustion(POSIXError(.ENOENT)))
    }
}

/// A storage every operation of which fails with a shortage of file descriptors.
final class FailingStorage: ServerStorage {
    enum Failure: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case sqliteCannotOpen, tooManyOpenFiles, systemOutOfFiles

        var testDescription: String { rawValue }

        var error: any Error {
            switch self {
            case .sqliteCannotOpen:
                DatabaseError(resultCode: .SQLITE_CANTOPEN, message: "unable to open database file")
            case .tooManyOpenFiles: POSIXError(.EMFILE)
            case .systemOutOfFiles: POSIXError(.ENFILE)
            }
        }
    }

    let failure: Failure

    init(failure: Failure) { self.failure = failure }

    func register(
        _ registration: DeviceRegistration, tokenHash: String, at time: TimeInterval, existing: ExistingInstall
    ) async throws -> UUID { throw failure.error }
    func checkReachable() async throws { throw failure.error }
    func device(tokenHash: String) async throws -> StoredDevice? { throw failure.error }
    func device(id: UUID) async throws -> StoredDevice? { throw failure.error }
    func revoke(deviceID: UUID, at time: TimeInterval) async throws -> Bool { throw failure.error }
    func setAPNsToken(_ token: APNsRegistration, deviceID: UUID, at time: TimeInterval) async throws {
        throw failure.error
    }
    func apnsToken(deviceID: UUID) async throws -> StoredAPNsToken? { throw failure.error }
    func ingest(
        deviceID: UUID, batchID: UUID, digest: String, records: [OutboxRecord], receivedAt: TimeInterval
    ) async throws -> IngestOutcome { throw failure.error }
    func deviceSummaries() async throws -> [DeviceSummary] { throw failure.error }
    func records(deviceID: UUID, matching query: RecordQuery) async throws -> [StoredRecord] { throw failure.error }
}
