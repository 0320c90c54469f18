import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// `wakeful replay FILE` of a timeline export (``TimelineExport``): the last hours of a phone's
/// per-process files, as the demo shares them and the server hands them back.
@Suite("wakeful replay of an exported slice", .hangLimit, .watchdog)
struct ReplayExportTests {
    /// A file of `wakeful simulate --timeline`, its times moved by `offset`: one process's file.
    static func process(_ arguments: [String], in folder: URL, offset: TimeInterval) async throws -> [UInt8] {
        let path = folder.appendingPathComponent("\(UUID().uuidString).jsonl").path
        let result = try await Executable.wakeful.run(["simulate"] + arguments + ["--timeline", path])
        #expect(result.status == 0, "\(result)")
        let entries = try TimelineDecoder.decode(contentsOf: Data(contentsOf: URL(fileURLWithPath: path)), file: path)
        var lines = JSONLinesBuffer()
        for var entry in entries {
            entry.time += offset
            lines.append(entry)
        }
        return lines.bytes
    }

    @Test("the last quarter hour starts at the newest process's header and replays in agreement")
    func sliceReplays() async throws {
        try await withTemporaryDirectory { folder in
            // Two processes of a phone: the bare app two hours earlier, then TaskExtension (0 to 1100 s).
            let first = try await Self.process(
                ["--scenario", "gas-station", "--strategy", "none", "--ios", "17"], in: folder, offset: -7200)
            let second = try await Self.process(
                ["--scenario", "gas-station", "--strategy", "TaskExtension", "--ios", "17"], in: folder, offset: 0)
            let export = TimelineExport.lastHours(0.25, before: 1100, of: [first, second])
            #expect(export.bytes == second)
            #expect(export.headers == 1)
            let path = folder.appendingPathComponent("timeline-last-0.25h.jsonl").path
            try Data(export.bytes).write(to: URL(fileURLWithPath: path))
            let result = try await Executable.wakeful.run(["replay", path])
            #expect(result.status == 0, "\(result)")

            // Three hours reach back into the first process: both files, whole, from its header.
            let both = TimelineExport.lastHours(3, before: 1100, of: [first, second])
            #expect(both.bytes == first + second)
            #expect(both.headers == 2)
            let joined = folder.appendingPathComponent("timeline-last-3h.jsonl").path
            try Data(both.bytes).write(to: URL(fileURLWithPath: joined))
            let wide = try await Executable.wakeful.run(["replay", joined])
            #expect(wide.status != 2, "a valid export is never bad input: \(wide)")
        }
    }
}
