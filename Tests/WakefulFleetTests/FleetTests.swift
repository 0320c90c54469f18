import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import WakefulFleet
import WakefulServer
import WakefulTestSupport

/// Simulated devices against a real server on loopback: every record each device committed is
/// stored once, and the server holds all it acknowledged.
@Suite("wakeful-server fleet", .hangLimit, .watchdog)
struct FleetTests {
    @Test("a small fleet uploads everything to a live server; nothing lost, nothing missing on the server")
    func smallFleet() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wakeful-fleet-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = ServerConfiguration(
            port: 0, storage: try SQLiteServerStorage(directory: directory), adminToken: "fleet-admin")
        let app = try await buildApplication(configuration)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let options = FleetOptions(
                server: URL(string: "http://127.0.0.1:\(port)")!, devices: 3, hours: 2, concurrency: 2,
                // Patience ends the drain only when records stay pending; a loaded machine may need minutes.
                drainPatience: 300,
                adminToken: "fleet-admin")
            let report = try await Fleet(options: options).run()
            #expect(report.devices == 3)
            #expect(report.collected > 0)
            #expect(report.accepted + report.duplicates == report.collected - report.droppedWithLossRecord)
            #expect(report.lost == 0)
            #expect(report.pending == 0)
            #expect(report.missingOnServer == 0)
            #expect(report.holds)
        }
    }

    @Test("a wrong admin token is refused before any device runs, with an error naming the token file")
    func wrongAdminToken() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wakeful-fleet-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = try SQLiteServerStorage(directory: directory)
        let app = try await buildApplication(ServerConfiguration(port: 0, storage: storage, adminToken: "fleet-admin"))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let options = FleetOptions(
                server: URL(string: "http://127.0.0.1:\(port)")!, devices: 2, hours: 2, drainPatience: 0,
                adminToken: "not-the-token")
            let error = await #expect(throws: FleetError.self) { try await Fleet(options: options).run() }
            #expect(
                error.map(String.init(describing:))?.contains("refused the admin token (HTTP 401)") == true,
                "\(String(describing: error))")
            // Nothing ran: no device registered.
            #expect(try await storage.deviceSummaries().isEmpty)
        }
    }

    @Test("a server that is not there: registration fails with an error naming the server")
    func noServer() async throws {
        let options = FleetOptions(server: URL(string: "http://127.0.0.1:9")!, devices: 1, hours: 1, drainPatience: 0)
        let error = await #expect(throws: FleetError.self) { try await Fleet(options: options).run() }
        #expect(error.map(String.init(describing:))?.contains("no server answered at http://127.0.0.1:9") == true)
    }
}
