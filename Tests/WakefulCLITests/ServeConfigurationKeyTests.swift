import Foundation
import Testing
import WakefulTestSupport

/// The configuration signing key as `serve` meets it: created with the data directory, kept across
/// restarts, given in the environment, refused in words when it is no key.
@Suite("wakeful-server serve: the configuration signing key", .hangLimit, .watchdog)
struct ServeConfigurationKeyTests {
    /// Starting servers on a temporary folder, as the startup tests do.
    let startup = ServeStartupTests()
    /// The base64 public key of the `configuration public key: …` line, if printed.
    static func publicKey(in output: String) -> String? {
        guard let range = output.range(of: "configuration public key: ") else { return nil }
        return output[range.upperBound...].split(separator: " ").first.map(String.init)
    }

    @Test(
        "a new configuration key is created 0600 beside the data; a restart reads it; a configuration set comes back signed"
    )
    func configurationKeyFile() async throws {
        try await startup.withFolder { folder in
            let (first, base) = try await startup.startServer(dataDir: folder)
            defer { first.kill() }
            let keyFile = folder.appendingPathComponent("configuration-key")
            #expect(first.output.contains("configuration key: created in \(keyFile.path)"), "\(first.output)")
            let publicKey = try #require(Self.publicKey(in: first.output), "\(first.output)")
            let mode = try FileManager.default.attributesOfItem(atPath: keyFile.path)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600)
            let privateKey = try String(contentsOf: keyFile, encoding: .utf8).trimmingCharacters(
                in: .whitespacesAndNewlines)
            #expect(Data(base64Encoded: privateKey)?.count == 32)
            #expect(!first.output.contains(privateKey), "the private key is never printed")

            // An admin sets a device's configuration; the device's next upload reporting version 0 gets it.
            let adminToken = try String(contentsOf: folder.appendingPathComponent("admin-token"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let install = UUID().uuidString
            let (registered, _) = try await ServeCommandTests.request(
                "POST", base + "/v1/devices/register",
                body:
                    #"{"install_id":"\#(install)","bundle_id":"com.example.app","app_version":"1.0","os_version":"17.4"}"#
            )
            let token = try #require(registered["token"] as? String)
            let device = try #require(registered["device_id"] as? String, "\(registered)")
            let (set, setStatus) = try await ServeCommandTests.request(
                "PUT", base + "/v1/devices/\(device)/configuration", token: adminToken,
                body: #"{"author":"ops","note":"denser sampling","configuration":{"jobs":{"sample":{"interval":300}}}}"#
            )
            #expect(setStatus == 201, "\(set)")
            #expect(set["version"] as? Int == 1, "\(set)")
            let batch = UUID().uuidString
            let record =
                #"{"uuid":"\#(UUID().uuidString)","seq":1,"kind":"location","recorded_at":"2026-11-21T07:45:51.123Z","payload":{"lat":52.1}}"#
            let (answer, ingestStatus) = try await ServeCommandTests.request(
                "POST", base + "/v1/ingest", token: token, key: batch,
                body: #"{"batch_id":"\#(batch)","install_id":"\#(install)","records":[\#(record)]}"#,
                headers: ["Wakeful-Configuration-Version": "0"])
            #expect(ingestStatus == 200, "\(answer)")
            let carried = try #require(answer["configuration"] as? [String: Any], "\(answer)")
            #expect(carried["signature"] is String && carried["payload"] is String, "\(carried)")
            #expect(try await first.terminate() == 0, "\(first.output)")

            let (second, _) = try await startup.startServer(dataDir: folder)
            defer { second.kill() }
            #expect(second.output.contains("configuration key: read from \(keyFile.path)"), "\(second.output)")
            #expect(Self.publicKey(in: second.output) == publicKey)
            #expect(try await second.terminate() == 0, "\(second.output)")
        }
    }

    @Test("WAKEFUL_CONFIGURATION_KEY is used instead of the file, and refused in words when it is no key")
    func configurationKeyFromTheEnvironment() async throws {
        try await startup.withFolder { folder in
            // RFC 8032, section 7.1, test 1: the private key and the public key it gives.
            let executable = try #require(Executable.server.url)
            let server = try ServerProcess(
                executable: executable, arguments: ["serve", "--port", "0", "--data-dir", folder.path],
                environment: ["WAKEFUL_CONFIGURATION_KEY": "nWGxne/9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A="])
            defer { server.kill() }
            _ = try #require(try await server.waitForListening(), "\(server.output)")
            #expect(
                server.output.contains("configuration key: read from WAKEFUL_CONFIGURATION_KEY"), "\(server.output)")
            #expect(Self.publicKey(in: server.output) == "11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("configuration-key").path))
            #expect(try await server.terminate() == 0, "\(server.output)")

            let result = try await Executable.server.run(
                ["serve", "--port", "0", "--data-dir", folder.path],
                environment: ["WAKEFUL_CONFIGURATION_KEY": "not a key"])
            #expect(result.status == 1, "\(result)")
            #expect(
                result.stderr.contains(
                    "WAKEFUL_CONFIGURATION_KEY: expected the base64 of a 32-byte Ed25519 private key"),
                "\(result)")
            #expect(!result.output.contains("USAGE"), "\(result)")
        }
    }
}
