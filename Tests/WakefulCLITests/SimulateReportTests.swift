import Foundation
import Testing
import WakefulTestSupport

@Suite("wakeful simulate and compare --report", .hangLimit, .watchdog)
struct SimulateReportTests {
    static func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    @Test("simulate writes one block per run and still prints the table; --timeline beside it gets every run")
    func simulate() async throws {
        try await withTemporaryDirectory { folder in
            let report = folder.appendingPathComponent("runs.html").path
            let timeline = folder.appendingPathComponent("runs.jsonl").path
            let result = try await Executable.wakeful.run([
                "simulate", "--ios", "17", "--report", report, "--timeline", timeline,
            ])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("Why:"))
            let html = try Self.read(report)
            #expect(html.hasPrefix("<!doctype html>"))
            #expect(html.components(separatedBy: #"<div class="run""#).count - 1 == 3)
            #expect(try Self.read(timeline).components(separatedBy: #""kind":"run""#).count - 1 == 3)
        }
    }

    @Test("compare writes a section per scenario; with --seeds, the distribution")
    func compare() async throws {
        try await withTemporaryDirectory { folder in
            let report = folder.appendingPathComponent("compare.html").path
            let result = try await Executable.wakeful.run([
                "compare", "--scenario", "gas-station", "--scenario", "chat", "--ios", "17", "--report", report,
            ])
            #expect(result.status == 0, "\(result)")
            #expect(try Self.read(report).components(separatedBy: "<section id=").count - 1 == 2)
            let seeds = folder.appendingPathComponent("seeds.html").path
            let sweep = try await Executable.wakeful.run([
                "compare", "--scenario", "gas-station", "--ios", "17", "--seeds", "3", "--report", seeds,
            ])
            #expect(sweep.status == 0, "\(sweep)")
            #expect(try Self.read(seeds).contains(#"class="median""#))
        }
    }

    @Test("a report into a folder that does not exist is refused before anything runs")
    func missingFolder() async throws {
        let result = try await Executable.wakeful.run(["simulate", "--report", "/nonexistent-folder/runs.html"])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains(
                "--report /nonexistent-folder/runs.html: the folder /nonexistent-folder does not exist"))
    }
}
