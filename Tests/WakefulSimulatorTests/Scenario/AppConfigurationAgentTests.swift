import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// `AppConfiguration.agent`: the app's `AgentConfiguration`, the value an app hands to
/// `WakefulApp`, read from and written to the scenario's outbox and jobs, and the one the simulated
/// app runs.
@Suite("AppConfiguration.agent", .watchdog, .cpuBound)
struct AppConfigurationAgentTests {
    static let agent = AgentConfiguration(
        jobs: JobScheduler.Options(jobs: [Job(id: "sync", interval: 900, expectedDuration: 5)]),
        upload: Uploader.Configuration(background: false), retention: RetentionPolicy(maxCount: 500), timeline: .all,
        retentionEveryRecords: 50)

    @Test func anAgentSetIsTheAgentRead() {
        var app = AppConfiguration()
        app.agent = Self.agent
        #expect(app.agent == Self.agent)
        #expect(app.jobs.map(\.id) == ["sync"])
        #expect(app.outbox?.upload?.background == false && app.outbox?.retentionEveryRecords == 50)
    }

    @Test func settingItKeepsTheOutboxsWriteTimingAndNilClearsIt() {
        var app = AppConfiguration()
        app.outbox = OutboxSpec(writes: .deferred(0.05))
        app.agent = Self.agent
        #expect(app.outbox?.writes == .deferred(0.05))
        app.agent = nil
        #expect(app.outbox == nil && app.jobs.isEmpty && app.jobScheduler == nil && app.agent == nil)
    }

    @Test func jobsWithoutAnOutboxCollectWithoutUploading() {
        var app = AppConfiguration()
        app.jobs = [Job(id: "sync", interval: 900)]
        #expect(app.agent?.upload == nil)
        #expect(app.agent?.jobs?.jobs.map(\.id) == ["sync"])
    }

    @Test func theDefaultsAreTheAppsAndAScenarioFilesOutboxUploads() throws {
        #expect(OutboxSpec().upload == AgentConfiguration().upload)
        #expect(AgentConfiguration().upload == Uploader.Configuration())
        let json =
            #"{"name": "x", "duration": 60, "world": {"movement": {"stay": {"east": 0, "north": 0}}}, "app": {"outbox": {}}}"#
        let scenario = try Scenario.decode(Data(json.utf8), file: "outbox.json", directory: nil)
        #expect(scenario.app.outbox?.upload == Uploader.Configuration())
    }

    @Test func theSimulatedAppRunsTheAgentWithItsUploads() {
        var app = AppConfiguration()
        app.agent = AgentConfiguration(
            jobs: JobScheduler.Options(jobs: [Job(id: "sync", interval: 900, expectedDuration: 5)]), upload: nil)
        let scenario = Scenario(
            name: "agent", duration: 600, app: app, device: DeviceSettings(),
            world: WorldDescription(trajectory: .stationary(at: .zero)))
        var device = SimulatedDevice(
            scenario: scenario, policy: Simulator.policy(for: scenario, ios: IOSVersion(17)), setup: .none, seed: 1,
            timeline: InMemoryTimeline())
        device.start()
        device.inject(.open)
        device.run(until: 600)
        #expect(device.outboxLedger.committed.values.contains { $0.kind == "sync" })
        #expect(device.ingest.records.isEmpty)  // upload nil: nothing leaves the phone
    }
}
