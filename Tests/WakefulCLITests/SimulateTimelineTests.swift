import Foundation
import Testing
import WakefulTestSupport

@Suite("wakeful simulate --timeline", .hangLimit, .watchdog)
struct SimulateTimelineTests {
    /// The lines of a JSON Lines file, each parsed as an object.
    static func lines(of path: String) throws -> [[String: Any]] {
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(text.hasSuffix("\n"), "every line ends with a newline")
        return try text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated().map {
            index, line in
            let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(value as? [String: Any], "line \(index + 1) is not an object: \(line)")
        }
    }

    @Test("writes JSON Lines: every line parses, the first is a run line, one run line per run")
    func defaultScenario() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder.appendingPathComponent("all.jsonl").path
            let result = try await Executable.wakeful.run(["simulate", "--timeline", path])
            #expect(result.status == 0, "\(result)")
            let lines = try Self.lines(of: path)
            #expect(lines.count > 12)
            #expect(lines.first?["kind"] as? String == "run")
            let runLines = lines.filter { $0["kind"] as? String == "run" }
            #expect(runLines.count == 12)
            #expect(
                runLines.map { $0["setup"] as? String ?? "?" }
                    == ["none", "TaskExtension", "LowPowerLocationKeepAlive"].flatMap {
                        Array(repeating: $0, count: 4)
                    })
            #expect(
                runLines.map { $0["ios"] as? String ?? "?" }
                    == Array(repeating: ["8", "12", "17", "26"], count: 3).flatMap { $0 })
            for line in lines {
                #expect(line["t"] is NSNumber)
                #expect(
                    ["run", "user", "state", "event", "command", "decision", "observation", "world"].contains(
                        line["kind"] as? String ?? ""),
                    "\(line)")
            }
            // The text report is still printed.
            #expect(result.stdout.contains("Why:"))
        }
    }

    @Test("one run gives one run line, and the trigger record appears as a command by BeaconTrigger")
    func oneRun() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder.appendingPathComponent("one.jsonl").path
            let result = try await Executable.wakeful.run([
                "simulate", "--ios", "12", "--strategy", "TaskExtension", "--timeline", path,
            ])
            #expect(result.status == 0, "\(result)")
            let lines = try Self.lines(of: path)
            #expect(lines.filter { $0["kind"] as? String == "run" }.count == 1)
            #expect(lines.first?["kind"] as? String == "run")
            #expect(lines.first?["scenario"] as? String == "gas-station")
            #expect(lines.contains { $0["kind"] as? String == "command" && $0["by"] as? String == "TaskExtension" })
            #expect(lines.contains { $0["kind"] as? String == "command" && $0["by"] as? String == "BeaconTrigger" })
        }
    }

    @Test("the same seed writes the same timeline bytes")
    func deterministic() async throws {
        try await withTemporaryDirectory { folder in
            let a = folder.appendingPathComponent("a.jsonl").path
            let b = folder.appendingPathComponent("b.jsonl").path
            _ = try await Executable.wakeful.run(["simulate", "--seed", "9", "--timeline", a])
            _ = try await Executable.wakeful.run(["simulate", "--seed", "9", "--timeline", b])
            let first = try Data(contentsOf: URL(fileURLWithPath: a))
            #expect(!first.isEmpty)
            #expect(first == (try Data(contentsOf: URL(fileURLWithPath: b))))
        }
    }

    @Test("the run line carries the seed, as the timeline format documents")
    func runLineHasSeed() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder.appendingPathComponent("seed.jsonl").path
            let result = try await Executable.wakeful.run([
                "simulate", "--ios", "17", "--strategy", "none", "--seed", "42", "--timeline", path,
            ])
            #expect(result.status == 0, "\(result)")
            let header = try #require(try Self.lines(of: path).first)
            #expect(header["format"] as? Int == 2)
            #expect(header["seed"] as? Int == 42)
        }
    }

    @Test("a timeline in a folder that does not exist fails with a message naming the folder")
    func missingFolder() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder.appendingPathComponent("no-such-folder/run.jsonl").path
            let result = try await Executable.wakeful.run(["simulate", "--timeline", path])
            #expect(result.status != 0)
            #expect(result.stderr.contains("--timeline"))
            #expect(result.stderr.contains("no-such-folder"))
            #expect(result.stderr.contains("does not exist"))
        }
    }
}
