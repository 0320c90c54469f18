import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Configuration from the server in the simulator: the scenario's server puts the configuration in
/// force into upload answers, and the device applies it at its next event with no job running.
@Suite("Configuration from the server", .watchdog, .cpuBound)
struct ServerConfigurationTests {
    static let scenario = try! BuiltinScenarios.load("server-config")

    static func run(_ setup: StrategySetup, ios: Int = 17) -> (metrics: RunMetrics, timeline: InMemoryTimeline) {
        var timeline = InMemoryTimeline()
        let metrics = Simulator.run(scenario, ios: IOSVersion(ios), setup: setup, seed: 1, timeline: &timeline)
        return (metrics, timeline)
    }

    /// The configuration decisions, as `time name version`.
    static func decisions(_ timeline: InMemoryTimeline) -> [(time: Double, name: String, fields: [Field])] {
        timeline.entries.compactMap { entry in
            guard case .decision(let decision) = entry.body, decision.name.hasPrefix("configuration") else {
                return nil
            }
            return (entry.time, decision.name, decision.fields)
        }
    }

    static func version(_ fields: [Field]) -> Int? {
        guard case .int(let version)? = fields.first(where: { $0.key == "version" })?.value else { return nil }
        return version
    }

    @Test func aKeptAliveAppAppliesTheNewIntervalAtItsNextWakeAndRefusesTheBadlySignedOne() throws {
        let (metrics, timeline) = Self.run(try StrategySetup.named("LowPowerLocationKeepAlive"))
        let decisions = Self.decisions(timeline)
        let offered = try #require(decisions.first { $0.name == "configurationOffered" })
        let applied = try #require(decisions.first { $0.name == "configurationApplied" })
        #expect(Self.version(offered.fields) == 2 && Self.version(applied.fields) == 2)
        #expect(offered.time >= 14400, "not before the server released it")
        #expect(applied.time > offered.time && applied.time - offered.time < 1800)
        #expect(applied.fields.contains(Field("changes", "jobs.sample.interval 1800 → 600")))
        let refused = try #require(decisions.first { $0.name == "configurationRefused" })
        #expect(refused.time >= 21600)
        #expect(refused.fields.contains(Field("reason", "signature: does not verify with the app's configuration key")))
        #expect(!decisions.contains { $0.name == "configurationApplied" && Self.version($0.fields) == 3 })
        let success = try #require(metrics.success)
        #expect(success.score == 1)
        #expect(success.summary.contains("version 2 applied at"), "\(success.summary)")

        // After the change the job runs about three times as often.
        let runs = timeline.entries.filter {
            if case .event(.jobFinished(let result)) = $0.body { result.job == "sample" } else { false }
        }.map(\.time)
        let before = runs.filter { $0 < applied.time }.count
        let after = runs.filter { $0 >= applied.time }.count
        let perHourBefore = Double(before) * 3600 / applied.time
        let perHourAfter = Double(after) * 3600 / (Self.scenario.duration - applied.time)
        #expect(perHourAfter > 2 * perHourBefore, "\(perHourBefore) → \(perHourAfter) an hour")
    }

    @Test(arguments: [12, 17, 26])
    func theBadlySignedReleaseIsRefusedOnceNotWithEachUpload(ios: Int) throws {
        let (_, timeline) = Self.run(try StrategySetup.named("LowPowerLocationKeepAlive"), ios: ios)
        #expect(Self.decisions(timeline).filter { $0.name == "configurationRefused" }.count == 1)
        // Each refusal recorded is a timeline record to upload, whose answer carries the release
        // again: recorded each time, the kept-alive app uploaded every 30 s to the end of the day.
        let uploads = timeline.entries.filter {
            if case .event(.uploadCompleted) = $0.body { $0.time >= 21600 } else { false }
        }
        #expect(uploads.count < 60, "\(uploads.count) uploads in the last two hours")
    }

    @Test func withoutTheServerReleasingItNothingIsOfferedAndTheMeasureSaysSo() throws {
        var scenario = Self.scenario
        scenario.world.server.configurations = []
        var timeline = InMemoryTimeline()
        let metrics = Simulator.run(scenario, ios: IOSVersion(17), setup: .none, seed: 1, timeline: &timeline)
        #expect(Self.decisions(timeline).isEmpty)
        #expect(metrics.success?.score == 0)
        #expect(metrics.success?.summary == "the server releases no version 2")
    }

    @Test func theSameSeedGivesTheSameTimelineByteForByte() throws {
        var first = JSONLinesBuffer()
        var second = JSONLinesBuffer()
        _ = Simulator.run(Self.scenario, ios: IOSVersion(12), setup: .none, seed: 7, timeline: &first)
        _ = Simulator.run(Self.scenario, ios: IOSVersion(12), setup: .none, seed: 7, timeline: &second)
        #expect(first.bytes == second.bytes)
    }

    @Test(
        arguments: [
            (#"{"at": -1, "configuration": {"version": 2}}"#, "at"),
            (#"{"at": 10, "configuration": 3}"#, "configuration"),
            (#"{"at": 10, "configuration": {"version": 2}, "signature": "forged"}"#, "signature"),
            (#"{"at": 10, "configuration": {"version": 2}, "when": 3}"#, "when"),
        ])
    func aBadReleaseIsRefusedNamingTheField(release: String, field: String) {
        let text = """
            {"name": "t", "duration": 60, "world": {"server": {"configurations": [\(release)]}}}
            """
        #expect {
            try Scenario.decode(Data(text.utf8), file: "t.json", directory: nil)
        } throws: { error in
            String(describing: error).contains(field)
        }
    }
}
