import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// A stepped run's world changed from outside the scenario: the charger (`setCharging`) and the
/// network (`setNetwork`) from the moment they change on, with what they set off happening at once.
@Suite("World changes in a stepped run", .watchdog, .cpuBound)
struct WorldChangeTests {
    static func device(_ scenario: Scenario, setup: StrategySetup = .none) -> SimulatedDevice<InMemoryTimeline> {
        var device = SimulatedDevice(
            scenario: scenario, policy: Simulator.policy(for: scenario, ios: IOSVersion(17)), setup: setup, seed: 1,
            timeline: InMemoryTimeline())
        device.start()
        device.run(until: 0)
        return device
    }

    static func quiet(_ app: AppConfiguration = AppConfiguration()) -> Scenario {
        Scenario(
            name: "quiet", duration: 86_400, app: app, device: DeviceSettings(),
            world: WorldDescription(trajectory: .stationary(at: .zero)))
    }

    @Test func pluggingInKeepsTheBatteryAndReplacesLaterChargerChanges() throws {
        var scenario = Self.quiet()
        scenario.world.power = try PowerTimeline([
            PowerPoint(at: 0, battery: 0.9, charging: false), PowerPoint(at: 3600, battery: 0.5, charging: true),
            PowerPoint(at: 7200, battery: 0.3),
        ])
        var device = Self.device(scenario)
        device.run(until: 1800)
        device.setCharging(true)
        device.run(until: 5000)
        device.setCharging(false)
        let power = device.scenario.world.power
        #expect(power.battery(at: 1800) == 0.7 && power.battery(at: 7200) == 0.3)  // levels as the scenario had them
        #expect(
            [0, 1799, 1800, 4999, 5000, 9000].map(power.charging(at:)) == [false, false, true, true, false, false])
        #expect(
            device.timeline.entries.filter { if case .user = $0.body { true } else { false } }.map(\.time) == [
                1800, 5000,
            ])
    }

    @Test func aProcessingTaskThatNeedsPowerIsPlannedWhenPluggedIn() {
        var app = AppConfiguration()
        app.agent = AgentConfiguration(
            jobs: JobScheduler.Options(jobs: [
                Job(id: "backup", interval: 3600, expectedDuration: 60, requiresExternalPower: true)
            ]))
        var device = Self.device(Self.quiet(app))
        device.inject(.open)
        device.inject(.home)
        device.run(until: 3 * 3600)
        func completions() -> Int {
            device.timeline.entries.filter {
                if case .decision(let d) = $0.body { d.name == "jobFinished" } else { false }
            }.count
        }
        #expect(completions() == 0)
        device.setCharging(true)
        #expect(
            device.timeline.entries.last.map {
                if case .decision(let d) = $0.body { d.name == "taskPlanned" } else { false }
            } == true)
        device.run(until: 4 * 3600)
        #expect(completions() == 1)  // BGT-5
    }

    @Test func theNetworkIsReplacedFromNowOn() {
        var scenario = Self.quiet()
        scenario.world.network = NetworkTimeline([
            NetworkSegment(at: 0, kind: .wifi, bandwidth: 2e6),
            NetworkSegment(at: 600, kind: .cellular, bandwidth: 1e5),
        ])
        var device = Self.device(scenario)
        device.run(until: 300)
        device.setNetwork(.none)
        device.run(until: 400)
        device.setNetwork(.wifi)
        #expect(
            device.scenario.world.network.segments == [
                NetworkSegment(at: 0, kind: .wifi, bandwidth: 2e6), NetworkSegment(at: 300, kind: .none, bandwidth: 0),
                NetworkSegment(at: 400, kind: .wifi, bandwidth: NetworkSegment.defaultBandwidth(.wifi)),
            ])
    }

    @Test func aJobThatNeedsTheNetworkFailsTheMomentItGoes() {
        var app = AppConfiguration()
        app.agent = AgentConfiguration(
            jobs: JobScheduler.Options(jobs: [
                Job(id: "upload", interval: 600, expectedDuration: 120, requiresNetwork: true)
            ]))
        var device = Self.device(Self.quiet(app))
        device.inject(.open)
        device.run(until: 30)
        device.setNetwork(.none)
        device.run(until: 30)  // what the change set off at this instant
        let finished = device.timeline.entries.compactMap { entry -> (TimeInterval, SystemDecision)? in
            guard case .decision(let decision) = entry.body, decision.name == "jobFinished" else { return nil }
            return (entry.time, decision)
        }
        #expect(finished.map(\.0) == [30])
        #expect(finished.first?.1.fields["reason"] == "network lost" && finished.first?.1.rules == ["URLS-8"])
    }
}
