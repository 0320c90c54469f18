import Foundation
import Testing

@Suite("wakeful fleet and mock-apns: help and option errors", .timeLimit(.minutes(3)))
struct ServerCommandsHelpTests {
    @Test("--help explains and shows real invocations", arguments: [
        (["fleet", "--help"], "wakeful fleet --devices 20 --hours 24 --server http://127.0.0.1:8080"),
        (["mock-apns", "--help"], "wakeful mock-apns --accept-all"),
    ])
    func help(_ arguments: [String], _ example: String) async throws {
        let result = try await WakefulExecutable.run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains(example))
    }

    @Test("fleet refuses bad options, naming the option and the expected form", arguments: [
        (["fleet", "--devices", "0"], "--devices must be at least 1"),
        (["fleet", "--server", "localhost"], "--server localhost: expected a URL such as http://127.0.0.1:8080"),
        (["fleet", "--hours=-1"], "--hours -1.0: expected more than 0"),
    ])
    func badFleetOptions(_ arguments: [String], _ message: String) async throws {
        let result = try await WakefulExecutable.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
    }
}
