import Foundation
import Testing
import WakefulTestSupport
import WakefulTesting

/// The configuration an app ships — the strategies and the `AgentConfiguration` it hands to
/// `WakefulApp.Configuration(strategies:agent:)` — runs as it is, in one line, with the app's
/// defaults.
@Suite("Testing the shipped configuration", .watchdog, .cpuBound)
struct ShippedConfigurationTests {
    static let agent = AgentConfiguration(
        jobs: JobScheduler.Options(jobs: [Job(id: "sync", interval: 900, expectedDuration: 5)]),
        retention: RetentionPolicy(maxCount: 5000),
        timeline: .all, retentionEveryRecords: 100)

    @Test func theOneLinerIsTheCustomSetupWithTheAgentOnTheApp() {
        var shipped = BackgroundTestRun(strategies: AppSetup.strategies, agent: Self.agent, iOS: .v17)
        shipped.openApp()
        shipped.advance(by: .minutes(20))
        var app = AppConfiguration()
        app.agent = Self.agent
        var spelledOut = BackgroundTestRun(
            configuration: .custom(AppSetup.strategies), iOS: .v17, scenario: .blank(app: app))
        spelledOut.openApp()
        spelledOut.advance(by: .minutes(20))
        #expect(shipped.timeline == spelledOut.timeline)
        #expect(shipped.device.scenario.app.agent == Self.agent)
        #expect(shipped.device.setup.name == "LocationPulse+LocationLogger")
        #expect(shipped.records(ofKind: "sync").count >= 1)  // the agent's job ran
    }

    @Test func theAgentReplacesTheScenarioAppsOutboxAndJobs() {
        var app = TripApp.app
        app.jobs = [Job(id: "old", interval: 60)]
        app.outbox?.writes = .deferred(0.05)
        let run = BackgroundTestRun(
            strategies: [], agent: AgentConfiguration(upload: nil), iOS: .v17, scenario: .blank(app: app))
        #expect(run.device.scenario.app.jobs.isEmpty)
        #expect(run.device.scenario.app.outbox?.upload == nil)
        // not part of the agent: the scenario's stays
        #expect(run.device.scenario.app.outbox?.writes == .deferred(0.05))
        #expect(run.device.scenario.app.features == app.features)
    }

    /// An app given `AgentConfiguration()` and a test given `OutboxSpec()` upload alike: both
    /// upload, as an outbox is for (on a device the server's address decides whether anything is sent).
    @Test func theOutboxDefaultsAreTheAgents() {
        let app = AgentConfiguration()
        let spec = OutboxSpec()
        #expect(app.upload != nil)
        #expect(spec.upload == app.upload)
        #expect(spec.retention == app.retention)
        #expect(spec.timeline == app.timeline)
        #expect(spec.retentionEveryRecords == app.retentionEveryRecords)
        var described = AppConfiguration()
        described.outbox = OutboxSpec()
        #expect(described.agent == app)
    }

    @Test func anAppThatCollectsWithoutUploadingIsTestedSo() {
        var collecting = AppSetup.agent
        collecting.upload = nil
        var run = BackgroundTestRun(strategies: AppSetup.strategies, agent: collecting, iOS: .v17)
        run.openApp()
        run.advance(by: .minutes(5))
        let failures = ExpectationFailure.collect { run.expectEveryRecordUploadedExactlyOnce() }
        #expect(failures.count == 1)
        #expect(
            failures.first?.message.hasSuffix(
                "Upload attempts: none (the app's outbox does not upload: its `upload` is nil).") == true)
        #expect(run.device.ingest.records.isEmpty)
    }

    @Test func aCustomSetupTakesTheArrayTheAppHolds() {
        let setup = StrategySetup.custom(AppSetup.strategies)
        #expect(setup.name == "LocationPulse+LocationLogger")
        #expect(setup == .custom(LocationPulse(), LocationLogger()))
    }
}
