import Clocks
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import Wakeful
import WakefulAPNs
import WakefulServer

/// A server on a fresh SQLite directory with a fixed clock, for one test.
struct ServerHarness {
    static let adminToken = "test-admin-token"
    /// The fixed server clock's time: 2026-11-21T08:00:00Z.
    static let now: TimeInterval = 1_795_248_000

    /// A server clock that stays at ``now``: a test clock nobody moves, so nothing on it ever
    /// wakes before the test ends.
    static func fixedClock() -> WallClock {
        WallClock(clock: TestClock(), startingAt: Date(timeIntervalSince1970: now))
    }

    let storage: SQLiteServerStorage
    let configuration: ServerConfiguration
    /// The server's shared parts: its response budget and connection counts, among others.
    let parts: ServerParts

    /// Runs `body` against the router (or a live server on a free port) with a new database, removing it afterwards on every path.
    static func withServer<T: Sendable>(
        _ setup: TestingSetup = .router, limits: ServerLimits = ServerLimits(),
        configurationSigner: ConfigurationSigner? = nil,
        _ body: @escaping @Sendable (ServerHarness, any TestClientProtocol) async throws -> T
    ) async throws -> T {
        try await withTemporaryDirectory { directory in
            let storage = try SQLiteServerStorage(directory: directory)
            let configuration = ServerConfiguration(
                port: 0, storage: storage, adminToken: adminToken, clock: fixedClock(), limits: limits,
                configurationSigner: configurationSigner)
            let parts = try ServerParts(configuration)
            let harness = ServerHarness(storage: storage, configuration: configuration, parts: parts)
            let app = try await buildApplication(configuration, parts: parts)
            return try await app.test(setup) { client in try await body(harness, client) }
        }
    }
}

/// A new empty directory, removed after `body` on every path.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "wakeful-server-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}

/// A registered device's credentials.
struct TestDevice {
    var id: UUID
    var installID: UUID
    var token: String
}

extension TestClientProtocol {
    /// Sends a request with optional bearer token and JSON body.
    func send(
        _ method: HTTPRequest.Method, _ uri: String, token: String? = nil, headers: HTTPFields = [:],
        body: [UInt8]? = nil,
        json: Bool = true
    ) async throws -> TestResponse {
        var fields = headers
        if let token { fields[.authorization] = "Bearer \(token)" }
        if body != nil, json, fields[.contentType] == nil { fields[.contentType] = "application/json" }
        return try await execute(uri: uri, method: method, headers: fields, body: body.map { ByteBuffer(bytes: $0) }) {
            $0
        }
    }

    /// Registers a new install and returns its credentials; `token` (the install's current one,
    /// or the admin's) re-registers an install already registered.
    func register(install: UUID = UUID(), apns: String? = nil, token: String? = nil) async throws -> TestDevice {
        let apnsMember =
            apns.map { #","apns":{"token":"\#($0)","environment":"sandbox","topic":"com.example.app"}"# } ?? ""
        let body =
            #"{"install_id":"\#(install.uuidString)","bundle_id":"com.example.app","app_version":"1.0","os_version":"17.4"\#(apnsMember)}"#
        let response = try await send(.post, "/v1/devices/register", token: token, body: Array(body.utf8))
        #expect(response.status == .created, "\(response.text)")
        let object = try response.object()
        return TestDevice(
            id: try #require(UUID(uuidString: object["device_id"] as? String ?? "")), installID: install,
            token: try #require(object["token"] as? String))
    }

    /// Posts a batch to `/v1/ingest` with the matching `Idempotency-Key`.
    func ingest(_ batch: IngestBatch, token: String) async throws -> TestResponse {
        try await send(
            .post, "/v1/ingest", token: token, headers: [.idempotencyKey: batch.batchID.uuidString],
            body: batch.jsonBytes())
    }
}

extension TestResponse {
    /// The body as text.
    var text: String { String(buffer: body) }

    /// The body as a JSON object.
    func object(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(value as? [String: Any], "not a JSON object: \(text)", sourceLocation: sourceLocation)
    }

    /// The `error` code of an error answer, after checking it is JSON.
    var errorCode: String? { (try? object())?["error"] as? String }
}

extension HTTPField.Name {
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
}

/// Records for tests: `count` records of `install` from `seq` on, one second apart from `start`.
func makeRecords(
    install: UUID, from seq: Int64 = 1, count: Int, start: TimeInterval = ServerHarness.now - 600,
    kind: String = "location"
)
    -> [OutboxRecord]
{
    (0..<count).map { index in
        let n = seq + Int64(index)
        return OutboxRecord(
            uuid: RecordIdentity.uuid(install: install, seq: n), seq: n, kind: kind,
            payload: #"{"lat":52.1,"lon":4.3,"n":\#(n)}"#,
            recordedAt: start + Double(index))
    }
}
