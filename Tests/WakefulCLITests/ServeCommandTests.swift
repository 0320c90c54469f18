import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Testing
import WakefulTestSupport

/// `wakeful-server serve` as a process: start on port 0, register, ingest, SIGTERM, clean exit.
@Suite("wakeful-server serve", .hangLimit, .watchdog)
struct ServeCommandTests {
    @Test("serves on the port it prints, registers and ingests, and exits 0 on SIGTERM")
    func serveRegisterIngestStop() async throws {
        let executable = try #require(
            Executable.server.url, "wakeful not found in \(Executable.server.searchedDirectories)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wakeful-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(
            executable: executable, arguments: ["serve", "--port", "0", "--data-dir", directory.path])
        defer { server.kill() }

        let base = try #require(try await server.waitForListening(), "no listening line:\n\(server.output)")
        #expect(base.hasPrefix("http://127.0.0.1:"))
        #expect(server.output.contains("open files: "), "the open-file limit is told at start:\n\(server.output)")
        #expect(!base.hasSuffix(":0"))
        let tokenFile = directory.appendingPathComponent("admin-token")
        let attributes = try FileManager.default.attributesOfItem(atPath: tokenFile.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let adminToken = try String(contentsOf: tokenFile, encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(!server.output.contains(adminToken))

        let install = UUID().uuidString
        let (registered, registerStatus) = try await Self.request(
            "POST", base + "/v1/devices/register",
            body: #"{"install_id":"\#(install)","bundle_id":"com.example.app","app_version":"1.0","os_version":"17.4"}"#
        )
        #expect(registerStatus == 201, "\(registered)")
        let token = try #require(registered["token"] as? String)
        let batch = UUID().uuidString
        let record =
            #"{"uuid":"\#(UUID().uuidString)","seq":1,"kind":"location","recorded_at":"2026-11-21T07:45:51.123Z","payload":{"lat":52.1}}"#
        let (answer, ingestStatus) = try await Self.request(
            "POST", base + "/v1/ingest", token: token, key: batch,
            body: #"{"batch_id":"\#(batch)","install_id":"\#(install)","records":[\#(record)]}"#)
        #expect(ingestStatus == 200, "\(answer)")
        #expect(answer["accepted"] as? Int == 1)
        let (devices, _) = try await Self.request("GET", base + "/v1/devices", token: adminToken)
        #expect((devices["devices"] as? [[String: Any]])?.first?["record_count"] as? Int == 1)

        let status = try await server.terminate()
        #expect(status == 0, "\(server.output)")
        #expect(!server.output.contains(token))
    }

    @Test(
        "bad options are refused with the option and the expected form",
        arguments: [
            (["serve", "--port", "70000"], "--port 70000: expected a port from 0 to 65535"),
            (["serve", "--log-level", "loud"], "--log-level loud: expected one of"),
            (["serve", "--database-connections", "0"], "--database-connections 0: expected 1 to 1000"),
            (["serve", "--database-wait", "0"], "--database-wait 0: expected 1 to 300 seconds"),
            (["serve", "--apns-transport", "carrier-pigeon"], "--apns-transport"),
            (
                ["serve", "--max-connections", "0"],
                "--max-connections 0: expected a number of connections from 1 to 1000000"
            ),
            (
                ["serve", "--max-connections", "100", "--max-connections-per-address", "101"],
                "--max-connections-per-address 101: expected a number of connections from 1 to --max-connections (100)"
            ),
            (["serve", "--max-connections-per-address", "many"], "--max-connections-per-address"),
            (["serve", "--write-timeout", "0"], "--write-timeout 0: expected 1 to 3600 seconds"),
            (
                ["serve", "--apns-key-id", "ABC123DEFG"],
                "give --apns-key-file, --apns-key-id and --apns-team-id together"
            ),
        ])
    func badOptions(_ arguments: [String], _ message: String) async throws {
        let result = try await Executable.server.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
    }

    @Test("--help explains and shows examples")
    func help() async throws {
        let result = try await Executable.server.run(["serve", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("wakeful-server serve --port 0"))
        for option in ["--max-connections <count>", "--max-connections-per-address <count>", "--write-timeout"] {
            #expect(result.stdout.contains(option), "\(option)")
        }
    }

    /// One JSON request with URLSession; returns the decoded object and the status.
    static func request(
        _ method: String, _ url: String, token: String? = nil, key: String? = nil, body: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> ([String: Any], Int) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let key { request.setValue(key, forHTTPHeaderField: "Idempotency-Key") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.utf8)
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:], status)
    }
}

/// A long-running `wakeful` child whose output is collected as it comes.
final class ServerProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var collected = ""
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var ended = false

    /// Starts `executable` with `arguments`, and `environment` added to the test's own.
    init(executable: URL, arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }
            self?.append(String(decoding: data, as: UTF8.self), ended: data.isEmpty)
        }
        try process.run()
        // The watchdog: not a sleep, a deadline after which a hung child is killed (its output then ends).
        // Nine minutes, inside the suite's time limit: a hang detector that no load reaches.
        DispatchQueue.global().asyncAfter(deadline: .now() + 540) { [weak self] in self?.kill() }
    }

    /// Everything printed so far.
    var output: String { lock.withLock { collected } }

    private func append(_ text: String, ended end: Bool) {
        let resumed = lock.withLock {
            collected += text
            ended = ended || end
            defer { waiters = [] }
            return waiters
        }
        resumed.forEach { $0.resume() }
    }

    /// Waits until the output is longer than `seen` bytes, or has ended.
    private func nextOutput(after seen: Int) async {
        await withCheckedContinuation { continuation in
            let now = lock.withLock {
                if ended || collected.utf8.count > seen { return true }
                waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// The URL of the `listening on http://…` line, or nil if the process ended without one.
    func waitForListening() async throws -> String? {
        while true {
            let (text, finished) = lock.withLock { (collected, ended) }
            // Our own line, not Hummingbird's log line "Server started and listening on HOST:PORT".
            if let range = text.range(of: "listening on http://"),
                let end = text[range.upperBound...].firstIndex(of: "\n")
            {
                return "http://" + text[range.upperBound..<end]
            }
            if finished { return nil }
            await nextOutput(after: text.utf8.count)
        }
    }

    /// Sends SIGTERM and waits for the exit status.
    func terminate() async throws -> Int32 {
        process.terminate()
        // The child closes its output when it exits.
        while true {
            let (seen, finished) = lock.withLock { (collected.utf8.count, ended) }
            if finished { break }
            await nextOutput(after: seen)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Kills the process if it still runs (every path of a test).
    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }
}
