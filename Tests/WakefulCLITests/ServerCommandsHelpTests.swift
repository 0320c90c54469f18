import Foundation
import Testing
import WakefulTestSupport

@Suite("wakeful-server fleet and mock-apns: help and option errors", .hangLimit, .watchdog)
struct ServerCommandsHelpTests {
    @Test(
        "--help explains and shows real invocations",
        arguments: [
            (["fleet", "--help"], "wakeful-server fleet --devices 20 --hours 24 --server http://127.0.0.1:8080"),
            (["mock-apns", "--help"], "wakeful-server mock-apns --accept-all"),
        ])
    func help(_ arguments: [String], _ example: String) async throws {
        let result = try await Executable.server.run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains(example))
    }

    @Test(
        "fleet and mock-apns refuse bad options, naming the option and the expected form",
        arguments: [
            (["fleet", "--devices", "0"], "--devices must be at least 1"),
            (["fleet", "--server", "localhost"], "--server localhost: expected a URL such as http://127.0.0.1:8080"),
            (["fleet", "--hours=-1"], "--hours -1.0: expected more than 0"),
            // The APNs key options, shared with serve; the old spellings count as the new ones.
            (
                ["mock-apns", "--apns-key-file", "k.p8"],
                "give --apns-key-file, --apns-key-id and --apns-team-id together"
            ),
            (
                ["mock-apns", "--p8", "a.p8", "--apns-key-file", "b.p8"],
                "give --apns-key-file once (--p8 is its old name)"
            ),
            (
                ["mock-apns", "--p8", "k.p8", "--key-id", "ABC123DEFG"],
                "give --apns-key-file, --apns-key-id and --apns-team-id together"
            ),
            (
                ["mock-apns", "--topic", "com.example.app"],
                "give --apns-key-file, --apns-key-id and --apns-team-id (the key tokens are checked against)"
            ),
        ])
    func badOptions(_ arguments: [String], _ message: String) async throws {
        let result = try await Executable.server.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
    }

    @Test("serve and mock-apns share the APNs key options; help shows one spelling", arguments: ["serve", "mock-apns"])
    func sharedKeyOptionsHelp(_ command: String) async throws {
        let result = try await Executable.server.run([command, "--help"])
        #expect(result.status == 0, "\(result)")
        for option in ["--apns-key-file", "--apns-key-id", "--apns-team-id"] {
            #expect(result.stdout.contains(option), "\(option)")
        }
        for old in ["--p8", "--key-id ", "--team-id "] { #expect(!result.stdout.contains(old), "\(old) is hidden") }
    }

    @Test("mock-apns reads the key named by its old options as by the new ones")
    func oldSpellingsStillWork() async throws {
        let result = try await Executable.server.run([
            "mock-apns", "--p8", "/nonexistent/AuthKey.p8", "--key-id", "ABC123DEFG", "--team-id", "TEAM123456",
            "--topic", "com.example.app",
        ])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderr.contains("--apns-key-file: expected a readable .p8 file at /nonexistent/AuthKey.p8"),
            "\(result)")
    }
}
