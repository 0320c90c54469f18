import Foundation
import Testing
import WakefulTestSupport
import WakefulTesting

/// Stepping a device (start, run up to a time, run on) is the same run as `Simulator.run`: the
/// same timeline entry for entry and the same metrics, however the run is cut into pieces.
@Suite("Stepped runs equal whole runs", .watchdog, .cpuBound)
struct SteppedRunTests {
    static let cases: [(scenario: String, setup: String)] = [
        ("gas-station", "TaskExtension"), ("freeway-drive", "RelaunchOnMovement"), ("bike-rental", "PushTrigger"),
        ("stay-logged-in", "TaskChaining"), ("sensor-monitor", "PeriodicSampler"),
    ]

    @Test(arguments: cases.indices, [IOSVersion.v12, .v17])
    func steppedInPiecesIsTheSameRun(index: Int, ios: IOSVersion) throws {
        let (name, setupName) = Self.cases[index]
        let scenario = try BuiltinScenarios.load(name)
        let setup = try StrategySetup.named(setupName)
        var whole = InMemoryTimeline()
        let expected = Simulator.run(scenario, ios: ios, setup: setup, seed: 3, timeline: &whole)

        var device = SimulatedDevice(
            scenario: scenario, policy: Simulator.policy(for: scenario, ios: ios), setup: setup, seed: 3,
            timeline: InMemoryTimeline())
        device.start()
        var time = 0.0
        while !device.isFinished {
            time += 97.3  // pieces that fall between and on agenda entries
            device.run(until: time)
        }
        #expect(device.metricsSoFar() == expected)
        #expect(device.timeline.entries == whole.entries)
    }

    @Test func backgroundTestRunToTheEndIsTheSimulatorsRun() throws {
        let scenario = try BuiltinScenarios.load("gas-station")
        var whole = InMemoryTimeline()
        let expected = Simulator.run(scenario, ios: .v17, setup: try .named("TaskExtension"), seed: 1, timeline: &whole)
        var run = BackgroundTestRun(configuration: try .named("TaskExtension"), iOS: .v17, scenario: scenario)
        run.advance(by: .minutes(5))
        run.runToEnd()
        #expect(run.hasEnded)
        #expect(run.metrics == expected)
        #expect(run.timeline == whole.entries)
    }

    @Test func metricsSoFarLeaveTheRunUnchanged() throws {
        let scenario = try BuiltinScenarios.load("bike-rental")
        let expected = Simulator.run(scenario, ios: .v17, setup: try .named("PushTrigger"), seed: 1)
        var run = BackgroundTestRun(configuration: try .named("PushTrigger"), iOS: .v17, scenario: scenario)
        for _ in 0..<5 {
            run.advance(by: .minutes(7))
            #expect(.seconds(run.metrics.durationSeconds) == run.now)
        }
        run.runToEnd()
        #expect(run.metrics == expected)
    }

    @Test func theSameSeedGivesTheSameDrivenRun() throws {
        func drive() throws -> [TimelineEntry] {
            var run = BackgroundTestRun(
                configuration: try .named("PushTrigger"), iOS: .v17, scenario: .blank(app: TripApp.app))
            run.openApp()
            run.pressHome()
            run.sendSilentPush(id: "start")
            run.move(along: [RouteLeg(destination: LocalPoint(east: 5_000, north: 0), speed: 10)])
            run.advance(by: .minutes(20))
            run.forceQuit()
            run.advance(by: .minutes(5))
            return run.timeline
        }
        let first = try drive()
        #expect(first.contains { if case .user(action: "move", _) = $0.body { true } else { false } })
        #expect(first.contains { if case .user(action: "forceQuit", _) = $0.body { true } else { false } })
        #expect(try drive() == first)
    }
}
