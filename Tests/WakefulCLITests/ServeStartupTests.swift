import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Testing
import WakefulTestSupport

/// `wakeful-server serve` as an operator meets it: a taken port, a second server on one data directory,
/// new token files, file modes, and SIGTERM while a client stalls.
@Suite("wakeful-server serve: starting, refusing, stopping", .hangLimit, .watchdog)
struct ServeStartupTests {
    /// A new temporary folder path (not created), removed after `body`.
    func withFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wakeful-serve-start-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await body(folder)
    }

    /// Starts `serve --port 0` on `dataDir` with `extra` options and returns it with its URL.
    func startServer(dataDir: URL, _ extra: [String] = []) async throws -> (ServerProcess, String) {
        let executable = try #require(
            Executable.server.url, "wakeful not found in \(Executable.server.searchedDirectories)")
        let server = try ServerProcess(
            executable: executable, arguments: ["serve", "--port", "0", "--data-dir", dataDir.path] + extra)
        let base = try #require(try await server.waitForListening(), "no listening line:\n\(server.output)")
        return (server, base)
    }

    @Test("a taken port is refused before anything is created, naming --port, with exit status 1")
    func portInUse() async throws {
        try await withFolder { folder in
            let (first, base) = try await startServer(dataDir: folder.appendingPathComponent("first"))
            defer { first.kill() }
            let port = try #require(base.split(separator: ":").last.map(String.init))
            let second = folder.appendingPathComponent("second")
            let result = try await Executable.server.run(["serve", "--port", port, "--data-dir", second.path])
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("cannot listen on 127.0.0.1:\(port)"), "\(result)")
            #expect(result.stderr.contains("--port"), "\(result)")
            #expect(!result.output.contains("USAGE"), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: second.path), "the data directory was created")
        }
    }

    @Test("a second server on the same SQLite data directory is refused with the first one's pid; the database is 0600")
    func dataDirectoryLock() async throws {
        try await withFolder { folder in
            let (first, _) = try await startServer(dataDir: folder)
            defer { first.kill() }
            let result = try await Executable.server.run(["serve", "--port", "0", "--data-dir", folder.path])
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("another wakeful-server server (pid "), "\(result)")
            #expect(result.stderr.contains(folder.path), "\(result)")
            let database = folder.appendingPathComponent("wakeful-server.sqlite").path
            let mode = try FileManager.default.attributesOfItem(atPath: database)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600)
            #expect(try await first.terminate() == 0, "\(first.output)")
        }
    }

    @Test("a new --admin-token-file in a missing folder is created; two servers starting on it at once share one token")
    func adminTokenFileRace() async throws {
        try await withFolder { folder in
            let tokenFile = folder.appendingPathComponent("secrets/admin-token")
            let executable = try #require(Executable.server.url)
            let servers = try (0..<2).map { index in
                try ServerProcess(
                    executable: executable,
                    arguments: [
                        "serve", "--port", "0", "--data-dir", folder.appendingPathComponent("data-\(index)").path,
                        "--admin-token-file", tokenFile.path,
                    ])
            }
            defer { servers.forEach { $0.kill() } }
            var bases: [String] = []
            for server in servers {
                bases.append(try #require(try await server.waitForListening(), "\(server.output)"))
            }
            let token = try String(contentsOf: tokenFile, encoding: .utf8).trimmingCharacters(
                in: .whitespacesAndNewlines)
            let mode = try FileManager.default.attributesOfItem(atPath: tokenFile.path)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600)
            for base in bases {
                let (_, status) = try await ServeCommandTests.request("GET", base + "/v1/devices", token: token)
                #expect(status == 200, "\(base)")
            }
            // No temporary token files are left beside it.
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: tokenFile.deletingLastPathComponent().path) == [
                    "admin-token"
                ])
        }
    }

    @Test("an admin token file that cannot be created says why in words and exits 1")
    func adminTokenFileUnwritable() async throws {
        try await withFolder { folder in
            // A regular file where the folder should be: the folder cannot be created.
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data().write(to: folder.appendingPathComponent("blocker"))
            let tokenFile = folder.appendingPathComponent("blocker/admin-token")
            let result = try await Executable.server.run([
                "serve", "--port", "0", "--data-dir", folder.appendingPathComponent("data").path, "--admin-token-file",
                tokenFile.path,
            ])
            #expect(result.status == 1, "\(result)")
            #expect(
                result.stderr.contains("--admin-token-file \(tokenFile.path): cannot create its folder"), "\(result)")
            #expect(!result.output.contains("USAGE"), "\(result)")
        }
    }

    @Test("SIGTERM with a stalled upload open exits 0 when --shutdown-grace runs out, not when the body would")
    func sigtermWithStalledUpload() async throws {
        try await withFolder { folder in
            // The body may take an hour, so only the grace can end the shutdown within the test's
            // time limit; the group's debug line says that it did.
            let (server, base) = try await startServer(
                dataDir: folder, ["--shutdown-grace", "1", "--body-timeout", "3600", "--log-level", "debug"])
            defer { server.kill() }
            let install = UUID().uuidString
            let (registered, status) = try await ServeCommandTests.request(
                "POST", base + "/v1/devices/register",
                body:
                    #"{"install_id":"\#(install)","bundle_id":"com.example.app","app_version":"1.0","os_version":"17.4"}"#
            )
            #expect(status == 201)
            let token = try #require(registered["token"] as? String)
            let port = try #require(base.split(separator: ":").last.flatMap { Int($0) })
            let stalled = try StalledUpload(port: port, token: token)
            // A request answered after the stalled head was sent: the server has read that head.
            let (_, health) = try await ServeCommandTests.request("GET", base + "/healthz")
            #expect(health == 200)
            let exit = try await server.terminate()
            #expect(exit == 0, "\(server.output)")
            // How long that took is not asserted: a busy machine stretches any wall-clock bound.
            #expect(
                server.output.contains("Graceful shutdown took longer than allowed by the configuration"),
                "\(server.output)")
            withExtendedLifetime(stalled) {}
        }
    }
}

/// An ingest upload that sends its head and one byte of a 100,000-byte body, then nothing.
final class StalledUpload {
    let descriptor: Int32

    init(port: Int, token: String) throws {
        #if canImport(Glibc)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(connected == 0, "connect: errno \(errno)")
        let head = Array(
            ("POST /v1/ingest HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nIdempotency-Key: \(UUID().uuidString)\r\n"
                + "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{").utf8)
        let sent = head.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        try #require(sent == head.count, "write: errno \(errno)")
    }

    deinit { close(descriptor) }
}
