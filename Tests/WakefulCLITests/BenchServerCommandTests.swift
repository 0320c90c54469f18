import Foundation
import Testing

@Suite("wakeful bench-server", .timeLimit(.minutes(3)))
struct BenchServerCommandTests {
    @Test("a small run posts every record, checks every answer and reports both stores")
    func smallRun() async throws {
        let result = try await Executable.wakeful.run([
            "bench-server", "--records", "1200", "--clients", "2", "--batch", "100", "--paging-records", "2500", "--page-limit", "1000",
            "--hostile", "20",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("reading back 2500 records of one device"), "\(result.stdout)")
        #expect(result.stdout.contains("paging with the cursor: 3 pages"), "\(result.stdout)")
        #expect(result.stdout.contains("NDJSON export: "), "\(result.stdout)")
        #expect(result.stdout.contains("honest ingest with hostile connections open"), "\(result.stdout)")
        #expect(result.stdout.contains("ingest of 1200 records, 2 clients, 100 records per request"))
        #expect(result.stdout.contains("server (HTTP + SQLite, 2 clients)"))
        #expect(result.stdout.contains("raw SQLite (same inserts, one connection)"))
        #expect(result.stdout.contains("server / raw: "))
    }

    @Test("bad options are refused with the option and the expected form", arguments: [
        (["bench-server", "--batch", "1001"], "--batch 1001: expected 1 to 1000 records"),
        (["bench-server", "--clients", "0"], "--clients must be at least 1"),
    ])
    func badOptions(_ arguments: [String], _ message: String) async throws {
        let result = try await Executable.wakeful.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
    }

    @Test("--help shows examples")
    func help() async throws {
        let result = try await Executable.wakeful.run(["bench-server", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("swift run -c release wakeful bench-server"))
    }
}
