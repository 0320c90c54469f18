import Foundation
import Testing
import WakefulTestSupport

/// What a user reads names what a scenario or strategy is, never the project's own tracking numbers
/// ("Issue 17: …" once began scenario summaries in `simulate --list`). An issue elsewhere is cited
/// as `owner/repo#N`, which this check lets through.
@Suite("no project issue numbers where users read", .hangLimit, .watchdog)
struct NoTrackingNumbersTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// "issue 17", "Issue #4" — not "issues 1 ms" (a verb) nor "vapor/postgres-nio#599".
    static var trackingNumber: Regex<Substring> { #/\b[Ii]ssue #?[0-9]+\b/# }

    static func mentions(in text: String) -> [String] {
        text.split(separator: "\n").filter { $0.contains(trackingNumber) }.map { String($0.prefix(160)) }
    }

    @Test(
        "the command line's lists and help name none",
        arguments: [
            ["simulate", "--list"], ["--help"], ["simulate", "--help"], ["compare", "--help"], ["chaos", "--help"],
            ["doctor", "--help"], ["replay", "--help"], ["fidelity", "--help"],
        ])
    func commandLine(_ arguments: [String]) async throws {
        let result = try await Executable.wakeful.run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(Self.mentions(in: result.output).isEmpty, "\(Self.mentions(in: result.output))")
    }

    @Test("the README, the articles, the docs and the strings in the sources name none")
    func documents() throws {
        var found: [String] = []
        let files = try Self.readable()
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            // In Swift sources only string literals reach a user; comments are for the code's readers.
            let lines = file.pathExtension == "swift" ? Self.stringLiterals(in: text) : Self.mentions(in: text)
            let relative = file.path.replacingOccurrences(of: Self.checkout.path + "/", with: "")
            found += lines.filter { $0.contains(Self.trackingNumber) }.map { "\(relative): \($0)" }
        }
        #expect(files.count > 50, "only \(files.count) files read: is the checkout where #filePath says?")
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("the check itself finds a summary that begins with an issue number, and lets other uses through")
    func patternCatchesTheOldForm() {
        #expect(!Self.mentions(in: "gas-station  Issue 17: the pump").isEmpty)
        #expect(!Self.mentions(in: "described in issue #4").isEmpty)
        #expect(Self.mentions(in: "the core issues 1 ms later; see vapor/postgres-nio#599").isEmpty)
    }

    /// README.md, Markdown under docs/, Examples/ and every DocC catalogue, and the Swift sources.
    static func readable() throws -> [URL] {
        var files = [checkout.appendingPathComponent("README.md")]
        for folder in ["docs", "Examples", "Sources"] {
            let root = checkout.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let file as URL in walker where ["md", "swift"].contains(file.pathExtension) {
                files.append(file)
            }
        }
        return files
    }

    /// The string literals on each line of Swift source, roughly: the text between pairs of quotes.
    static func stringLiterals(in source: String) -> [String] {
        source.split(separator: "\n").flatMap { line -> [String] in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("//") else { return [] }
            let parts = line.split(separator: "\"", omittingEmptySubsequences: false)
            return stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
        }
    }
}
