import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Golden timelines: every built-in scenario, all its setups, on iOS 12 and 17, byte for byte
/// against checked-in fixtures. A change in the model that moves any event shows up here.
///
/// To regenerate on purpose: `WAKEFUL_UPDATE_GOLDENS=1 swift test --filter GoldenTimelineTests`,
/// then review the diff of `Tests/WakefulSimulatorTests/Fixtures/Golden/` before committing it.
@Suite("Golden timelines", .watchdog, .cpuBound)
struct GoldenTimelineTests {
    static let versions = ["12", "17"]

    static var cases: [(String, String)] {
        BuiltinScenarios.names.flatMap { name in versions.map { (name, $0) } }
    }

    static func timeline(_ name: String, ios: String) throws -> [UInt8] {
        let scenario = try BuiltinScenarios.load(name)
        let version = try #require(IOSVersion(parsing: ios))
        var buffer = JSONLinesBuffer()
        for setup in scenario.setups {
            _ = Simulator.run(scenario, ios: version, setup: setup, seed: 1, timeline: &buffer)
        }
        return buffer.bytes
    }

    static func fileName(_ name: String, ios: String) -> String { "\(name)-ios\(ios).jsonl" }

    @Test(arguments: cases)
    func matchesTheGolden(name: String, ios: String) throws {
        let produced = try Self.timeline(name, ios: ios)
        let file = Self.fileName(name, ios: ios)
        if ProcessInfo.processInfo.environment["WAKEFUL_UPDATE_GOLDENS"] == "1" {
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/Golden/\(file)")
            try Data(produced).write(to: source)
            return
        }
        let url = try #require(
            Bundle.module.url(forResource: file, withExtension: nil, subdirectory: "Fixtures/Golden"),
            "no golden \(file); run WAKEFUL_UPDATE_GOLDENS=1 swift test --filter GoldenTimelineTests and review it")
        let golden = try [UInt8](Data(contentsOf: url))
        guard produced != golden else { return }
        let producedLines = String(decoding: produced, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        let goldenLines = String(decoding: golden, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        let first =
            producedLines.indices.first { $0 >= goldenLines.count || producedLines[$0] != goldenLines[$0] }
            ?? goldenLines.count
        Issue.record(
            """
            \(file) differs from its golden at line \(first + 1):
              golden:   \(first < goldenLines.count ? goldenLines[first] : "<end>")
              produced: \(first < producedLines.count ? producedLines[first] : "<end>")
            If the change is intended, regenerate with WAKEFUL_UPDATE_GOLDENS=1 and review the diff.
            """)
    }
}
