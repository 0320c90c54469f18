import Foundation
import Testing
import Wakeful
import WakefulReplay
import WakefulSimulator
import WakefulTestSupport

/// A simulated run, exported and replayed, must agree with itself, and its saved scenario must
/// reproduce the model's timeline byte for byte.
@Suite(.watchdog, .cpuBound) struct ReplayRoundTripTests {
    /// Simulates a built-in scenario and returns its timeline as the device's.
    static func simulated(_ name: String, setup: String, ios: IOSVersion, seed: UInt64 = 1) throws -> (
        Data, FieldTimeline
    ) {
        let scenario = try BuiltinScenarios.resolve(name)
        var buffer = JSONLinesBuffer()
        _ = Simulator.run(scenario, ios: ios, setup: try StrategySetup.named(setup), seed: seed, timeline: &buffer)
        let data = Data(buffer.bytes)
        return (data, try FieldTimeline.read(data, file: "\(name).jsonl"))
    }

    @Test(arguments: [
        ("chat", "ForegroundSession"), ("chat", "none"), ("stay-logged-in", "Heartbeat"),
        ("stay-logged-in", "Heartbeat+LowPowerLocationKeepAlive"),
    ])
    func builtInScenarioReplaysWithoutDivergence(name: String, setup: String) throws {
        let (_, timeline) = try Self.simulated(name, setup: setup, ios: IOSVersion(17))
        let result = try Replay.run(timeline, options: ReplayOptions())
        #expect(result.report.divergences == [], "\(result.text)")
        #expect(result.report.score == 1)
        #expect(result.report.matched > 0)
    }

    /// Every built-in run — each scenario with each of its setups, named ones with their options
    /// included — on every iOS family: the header's configuration and the world's facts rebuild the
    /// very run, so the replay agrees with it entry for entry.
    @Test(arguments: BuiltinScenarios.names)
    func everyBuiltInRunReplaysInAgreementOnEveryFamily(name: String) throws {
        let scenario = try BuiltinScenarios.resolve(name)
        for setup in scenario.setups {
            for family in IOSFamily.allCases {
                var buffer = JSONLinesBuffer()
                _ = Simulator.run(scenario, ios: family.representativeVersion, setup: setup, seed: 3, timeline: &buffer)
                let timeline = try FieldTimeline.read(Data(buffer.bytes), file: "\(name).jsonl")
                let result = try Replay.run(timeline, options: ReplayOptions())
                #expect(
                    result.report.divergences == [],
                    "\(name) \(setup.name) on \(family.displayName):\n\(result.text)")
                #expect(result.report.matched > 0)
            }
        }
    }

    @Test func savedScenarioReproducesTheModelTimelineByteForByte() throws {
        let (original, timeline) = try Self.simulated("chat", setup: "ForegroundSession", ios: IOSVersion(12), seed: 7)
        let result = try Replay.run(timeline, options: ReplayOptions())
        // What `wakeful simulate --scenario bug.json --seed 7 --timeline …` does with the saved file.
        let saved = try Scenario.decode(result.reconstructed.data, file: "bug.json", directory: nil)
        let setup = try #require(saved.setups.first)
        let version = try #require(saved.iosVersions.first)
        var first = JSONLinesBuffer()
        _ = Simulator.run(saved, ios: version, setup: setup, seed: 7, timeline: &first)
        #expect(Data(first.bytes) == result.modelTimeline)
        var second = JSONLinesBuffer()
        _ = Simulator.run(saved, ios: version, setup: setup, seed: 7, timeline: &second)
        #expect(first.bytes == second.bytes)
        // And apart from the header's scenario name, it is the device's own timeline.
        let body = { (data: Data) in String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst() }
        #expect(Array(body(result.modelTimeline)) == Array(body(original)))
    }
}
