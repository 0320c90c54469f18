import Foundation
import Testing
import Wakeful
import WakefulReplay
import WakefulSimulator
import WakefulTestSupport

/// A device that behaved differently from the model is reported, with the rule the model applied.
@Suite(.watchdog, .cpuBound) struct ReplayDivergenceTests {
    /// The user opens the app and leaves it at 10 s; TaskExtension begins a task (about 30 s on 17).
    static func timeline(ios: IOSVersion = IOSVersion(17)) throws -> [TimelineEntry] {
        let scenario = Scenario(
            name: "leave", duration: 120, world: WorldDescription(trajectory: .stationary(at: .zero)),
            actions: [UserAction(at: 0, .open), UserAction(at: 10, .home)])
        var timeline = InMemoryTimeline()
        _ = Simulator.run(
            scenario, ios: ios, setup: try StrategySetup.named("TaskExtension"), seed: 1, timeline: &timeline)
        return timeline.entries
    }

    @Test func untamperedTimelineAgrees() throws {
        let result = try Replay.run(
            FieldTimeline(file: "leave.jsonl", entries: try Self.timeline()), options: ReplayOptions())
        #expect(result.report.isConsistent, "\(result.text)")
    }

    @Test func earlierExpiryOnTheDeviceIsABudgetDivergenceCitingTheTaskRule() throws {
        var entries = try Self.timeline()
        // The device's expiration handler ran 10 s after the task began, not at about 30 s.
        let begin = try #require(
            entries.first { if case .command(.beginBackgroundTask, _) = $0.body { true } else { false } }
        ).time
        let modelled = try #require(
            entries.first { if case .event(.backgroundTaskExpiring) = $0.body { true } else { false } }
        ).time
        for index in entries.indices where entries[index].time == modelled {
            entries[index].time = begin + 10
        }
        let result = try Replay.run(FieldTimeline(file: "tampered.jsonl", entries: entries), options: ReplayOptions())
        #expect(!result.report.isConsistent)
        let budget = try #require(result.report.divergences.first { $0.kind == .budget })
        #expect(budget.what == "background task TaskExtension#1")
        #expect(budget.rules.contains("TASK-6"), "the 13–18 budget rule: \(budget.rules)")
        #expect(budget.deviceTime == begin + 10)
        #expect(budget.modelTime == modelled)
        #expect(result.text.contains("TASK-6"))
        #expect(result.report.score < 1)
    }

    @Test func aWakeOnlyTheDeviceGotIsReported() throws {
        var entries = try Self.timeline()
        entries.append(TimelineEntry(time: 90, body: .event(.didFinishLaunching(.significantChange))))
        let result = try Replay.run(FieldTimeline(file: "extra.jsonl", entries: entries), options: ReplayOptions())
        let wake = try #require(result.report.divergences.first { $0.kind == .onlyOnDevice })
        #expect(wake.category == "wake")
        #expect(wake.what == "event didFinishLaunching reason=significantChange")
        #expect(wake.deviceTime == 90)
    }

    @Test func aMoveDrivenFromATestBecomesRouteNotAnAction() throws {
        let scenario = Scenario(
            name: "walk", duration: 600, world: WorldDescription(trajectory: .stationary(at: .zero)),
            actions: [UserAction(at: 0, .open)])
        var device = SimulatedDevice(
            scenario: scenario, policy: Simulator.policy(for: scenario, ios: IOSVersion(17)),
            setup: try StrategySetup.named("TaskExtension"),
            seed: 1, timeline: InMemoryTimeline())
        device.start()
        device.run(until: 60)
        try device.move(along: [RouteLeg(destination: LocalPoint(east: 300, north: 0), speed: 1.5)])
        device.run(until: 600)
        let entries = device.timeline.entries
        #expect(entries.contains { if case .user("move", _) = $0.body { true } else { false } })
        let result = try Replay.run(FieldTimeline(file: "walk.jsonl", entries: entries), options: ReplayOptions())
        #expect(result.reconstructed.scenario.actions.map(\.kind) == [.open])
        #expect(result.reconstructed.notes.contains { $0.hasPrefix("user: 1 move entries left to the route") })
        // The world's path facts follow the move, so the re-run walks the same way and agrees.
        let path = result.reconstructed.scenario.world.trajectory.knots
        #expect(path.map(\.time) == [0, 60, 260])
        #expect(path.last?.point == LocalPoint(east: 300, north: 0))
        #expect(result.report.divergences == [], "\(result.text)")
    }

    /// A device's timeline has no `world` facts: the network and the charger come from its
    /// observation entries, and the beacon from the region it monitored and the beacons it ranged.
    @Test func aDeviceTimelineIsRebuiltFromItsObservations() throws {
        var buffer = JSONLinesBuffer()
        let scenario = try BuiltinScenarios.resolve("gas-station")
        _ = Simulator.run(
            scenario, ios: IOSVersion(17), setup: try StrategySetup.named("LowPowerLocationKeepAlive"), seed: 1,
            timeline: &buffer)
        let entries = try TimelineDecoder.decode(contentsOf: Data(buffer.bytes), file: "gas.jsonl").filter {
            if case .world = $0.body { false } else { true }
        }
        let rebuilt = try ScenarioReconstructor(options: ReplayOptions()).reconstruct(
            FieldTimeline(file: "gas.jsonl", entries: entries))
        let beacon = try #require(rebuilt.scenario.world.beacons.first)
        #expect(beacon.id == "pump-4")
        #expect(beacon.uuid == scenario.world.beacons[0].uuid && beacon.major == 1 && beacon.minor == 4)
        #expect(abs(beacon.measuredPower - -59) <= 1, "solved from a ranged sample's RSSI and distance")
        #expect(rebuilt.scenario.world.network.segment(at: 0).kind == .wifi)
        #expect(rebuilt.scenario.world.power.charging(at: 500) == false)
        #expect(rebuilt.notes.contains { $0.hasPrefix("beacon pump-4: measured power") })
    }

    @Test func headerlessDeviceTimelineNeedsIOSAndConfiguration() throws {
        let entries = try Self.timeline().filter {
            if case .event = $0.body { true } else if case .command = $0.body { true } else { false }
        }
        let timeline = FieldTimeline(
            file: "device.jsonl", entries: entries.map { TimelineEntry(time: $0.time + 1_700_000_000, body: $0.body) })
        #expect(throws: ReplayError.self) { try Replay.run(timeline, options: ReplayOptions()) }
        let options = ReplayOptions(ios: IOSVersion(17), configuration: try ReplayConfiguration.parse("TaskExtension"))
        let result = try Replay.run(timeline, options: options)
        // The user's open and home are inferred from the lifecycle events; times start at the first entry.
        #expect(result.reconstructed.scenario.actions.map(\.kind) == [.open, .home])
        #expect(result.reconstructed.timeOrigin == 1_700_000_000)
        #expect(result.report.isConsistent, "\(result.text)")
    }
}
