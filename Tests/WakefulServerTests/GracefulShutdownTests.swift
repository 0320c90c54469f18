import Foundation
import Logging
import ServiceLifecycle
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

/// Graceful shutdown is bounded: a stalled upload holds it for the grace, not for ever.
@Suite("graceful shutdown", .watchdog)
struct GracefulShutdownTests {
    @Test("with a stalled upload open, the grace ends the shutdown, not the upload", .hangLimit)
    func stalledUploadDuringShutdown() async throws {
        try await withTemporaryDirectory { directory in
            let storage = try SQLiteServerStorage(directory: directory)
            let token = BearerToken.generate()
            let install = UUID()
            _ = try await storage.register(
                DeviceRegistration(installID: install, bundleID: "com.example.app", appVersion: "1", osVersion: "17"),
                tokenHash: BearerToken.hash(token), at: ServerHarness.now)
            // The body may take an hour, so only the grace can end the shutdown within the time limit.
            let limits = ServerLimits(bodyTimeout: .seconds(3600), shutdownGrace: .seconds(1))
            let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
            let configuration = ServerConfiguration(
                port: 0, storage: storage, adminToken: ServerHarness.adminToken, clock: ServerHarness.fixedClock(),
                limits: limits,
                onListening: { portSink.yield($0) })
            let app = try await buildApplication(configuration)
            let log = RecordedLog()
            var groupConfiguration = ServiceGroupConfiguration(services: [app], logger: log.logger())
            groupConfiguration.maximumGracefulShutdownDuration = limits.shutdownGrace
            let group = ServiceGroup(configuration: groupConfiguration)
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                var iterator = ports.makeAsyncIterator()
                let port = try #require(await iterator.next())
                let stalled = try await RawConnection.offPool {
                    let connection = try RawConnection(port: port)
                    try connection.send(SlowClientTests.stalledUpload(token: token))
                    return connection
                }
                // An answered request on a second connection: the stalled head, sent before it, has been read.
                let probe = try await RawConnection.offPool {
                    let connection = try RawConnection(port: port)
                    try connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    return RawConnection.waitUntilClosed([connection], timeout: .seconds(120))
                }
                #expect(probe == 0)
                await group.triggerGracefulShutdown()
                try await tasks.next()
                // The upload held the shutdown until the grace ran out and the group cancelled it. How long
                // that took is not asserted: a busy machine stretches any wall-clock bound.
                #expect(
                    log.contains(prefix: "Graceful shutdown took longer than allowed by the configuration"),
                    "\(log.text)")
                let closed = try await RawConnection.offPool {
                    RawConnection.waitUntilClosed([stalled], timeout: .seconds(120))
                }
                #expect(closed == 0)
            }
        }
    }
}
