import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// The agent and the server's configurations: verified when offered, applied between job runs,
/// recorded in the timeline, kept across launches, refused or rolled back whole.
@Suite(.watchdog, .cpuBound) struct AgentRemoteConfigurationTests {
    static let install = UUID(uuidString: "7D0C1E2F-3A4B-4C5D-8E6F-708192A3B4C5")!
    static let sample = Job(id: "sample", interval: 1800, expectedDuration: 2)

    /// Accepts a signature that is the message's last 16 bytes reversed: enough to tell a
    /// signed payload from a tampered or unsigned one without a cryptography library.
    struct ReversingVerifier: ConfigurationSignatureVerifier {
        static func sign(_ message: [UInt8]) -> [UInt8] { Array(message.suffix(16).reversed()) }
        func isValidSignature(_ signature: [UInt8], of message: [UInt8]) -> Bool { signature == Self.sign(message) }
    }

    static func agent(
        _ outbox: any Outbox, jobs: [Job] = [sample], strategies: [any Strategy] = [],
        verifier: (any ConfigurationSignatureVerifier)? = ReversingVerifier()
    ) throws -> Agent {
        try Agent(
            strategies: strategies,
            configuration: AgentConfiguration(jobs: JobScheduler.Options(jobs: jobs), upload: nil, timeline: .off),
            outbox: outbox, seed: 1, configurationVerifier: verifier)
    }

    /// The wire text of `document` signed as the reversing verifier wants, or with `signature`.
    static func signed(_ document: String, signature: [UInt8]? = nil) -> String {
        let unsigned = SignedRemoteConfiguration(payload: Array(document.utf8), signature: [])
        return SignedRemoteConfiguration(
            payload: unsigned.payload, signature: signature ?? ReversingVerifier.sign(unsigned.signedMessage)
        ).jsonText
    }

    static func answer(_ configuration: String) -> Event {
        .uploadCompleted(
            UploadOutcome(
                id: "u", batch: UUID(), statusCode: 200,
                answer: IngestAnswer(accepted: 0, duplicates: 0, configuration: configuration)))
    }

    static func context(_ now: Double) -> Context { Context(now: now, appState: .active, network: .wifi) }

    /// Hands `agent` `event` at `time`, then completes each job run the event started, as the
    /// platform would: a configuration waits for a moment with no run in progress.
    static func handle(_ agent: inout Agent, _ event: Event, at time: Double, _ timeline: inout InMemoryTimeline) {
        let commands = agent.handle(event, in: context(time), timeline: &timeline)
        for case .runJob(let run) in commands {
            _ = agent.handle(
                .jobFinished(JobResult(job: run.job, run: run.run, outcome: .completed, progress: 1, records: [])),
                in: context(time), timeline: &timeline)
        }
    }

    /// The configuration decisions of `timeline`, as `name version`.
    static func decisions(_ timeline: InMemoryTimeline) -> [String] {
        timeline.entries.compactMap { entry in
            guard case .decision(let decision) = entry.body, decision.name.hasPrefix("configuration") else {
                return nil
            }
            let version = decision.fields.first { $0.key == "version" }.map { " \($0.value)" } ?? ""
            return decision.name + version
        }
    }

    static func reason(_ timeline: InMemoryTimeline) -> String? {
        timeline.entries.lazy.compactMap { entry -> String? in
            guard case .decision(let decision) = entry.body else { return nil }
            return decision.fields.first { $0.key == "reason" }.map { $0.value.description }
        }.last
    }

    @Test func anOfferArrivingMidJobIsAppliedOnlyOnceTheRunHasEnded() throws {
        var agent = try Self.agent(InMemoryOutbox(installID: Self.install))
        var timeline = InMemoryTimeline()
        let launch = agent.handle(.didFinishLaunching(.user), in: Self.context(0), timeline: &timeline)
        let run = try #require(launch.runs.first)
        _ = agent.handle(
            Self.answer(Self.signed(#"{"version":2,"jobs":{"sample":{"interval":600}}}"#)), in: Self.context(1),
            timeline: &timeline)
        #expect(Self.decisions(timeline) == ["configurationOffered 2"])
        #expect(agent.remoteConfigurationVersion == 2)
        _ = agent.handle(.memoryWarning, in: Self.context(1.5), timeline: &timeline)
        _ = agent.handle(
            .jobFinished(JobResult(job: run.job, run: run.run, outcome: .completed, progress: 1, records: [])),
            in: Self.context(2), timeline: &timeline)
        // The run was still in progress when both events began: nothing applied mid-job.
        #expect(agent.scheduler?.options.jobs.first?.interval == 1800)
        #expect(agent.remoteConfiguration == nil)
        _ = agent.handle(.memoryWarning, in: Self.context(3), timeline: &timeline)
        #expect(agent.scheduler?.options.jobs.first?.interval == 600)
        #expect(agent.remoteConfiguration?.version == 2)
        #expect(Self.decisions(timeline) == ["configurationOffered 2", "configurationApplied 2"])
        let applied = try #require(timeline.entries.last { if case .decision = $0.body { true } else { false } })
        #expect(applied.time == 3)
        guard case .decision(let decision) = applied.body else { return }
        #expect(decision.fields.contains(Field("changes", "jobs.sample.interval 1800 → 600")))
    }

    @Test(
        arguments: [
            (
                signed(#"{"version":2}"#, signature: [1, 2, 3]),
                "signature: does not verify with the app's configuration key"
            ),
            (
                #"{"payload":"eyJ2ZXJzaW9uIjoyfQ=="}"#,
                "configuration.signature: is required (unsigned configurations are refused)"
            ),
            (
                #""not an object""#,
                "configuration: expected an object with payload and signature, found \"not an object\""
            ),
        ])
    func aConfigurationNotSignedWithTheAppsKeyIsRefusedAndItsVersionNotBelieved(wire: String, reason: String) throws {
        var agent = try Self.agent(InMemoryOutbox(installID: Self.install))
        var timeline = InMemoryTimeline()
        _ = agent.handle(Self.answer(wire), in: Self.context(0), timeline: &timeline)
        _ = agent.handle(.memoryWarning, in: Self.context(1), timeline: &timeline)
        #expect(Self.decisions(timeline) == ["configurationRefused"])
        #expect(Self.reason(timeline) == reason)
        #expect(agent.remoteConfigurationVersion == 0)
        #expect(agent.scheduler?.options.jobs.first?.interval == 1800)
        // The server cannot tell and sends it with each answer: refused without a second record
        // (each would be a record to upload, whose answer would carry it again).
        _ = agent.handle(Self.answer(wire), in: Self.context(2), timeline: &timeline)
        #expect(Self.decisions(timeline) == ["configurationRefused"])
    }

    @Test func anAppWithoutAVerifierRefusesEveryConfiguration() throws {
        var agent = try Self.agent(InMemoryOutbox(installID: Self.install), verifier: nil)
        var timeline = InMemoryTimeline()
        _ = agent.handle(Self.answer(Self.signed(#"{"version":2}"#)), in: Self.context(0), timeline: &timeline)
        #expect(Self.decisions(timeline) == ["configurationRefused"])
        #expect(Self.reason(timeline)?.hasPrefix("signature: the app has no configuration key") == true)
        // Another configuration is refused too, and recorded: only a repeat of the last is not.
        _ = agent.handle(Self.answer(Self.signed(#"{"version":2}"#)), in: Self.context(1), timeline: &timeline)
        _ = agent.handle(Self.answer(Self.signed(#"{"version":3}"#)), in: Self.context(2), timeline: &timeline)
        #expect(Self.decisions(timeline) == ["configurationRefused", "configurationRefused"])
    }

    @Test(
        arguments: [
            (
                #"{"version":2,"jobs":{"sample":{"interval":600},"upload":{"interval":60}}}"#,
                "jobs.upload: no such job in this app; expected one of sample"
            ),
            (
                #"{"version":2,"jobs":{"sample":{"interval":600}},"strategies":{"Heartbeat":{"period":5}}}"#,
                "strategies.Heartbeat: no strategy of this name takes remote options; expected one of MovingGeofence"
            ),
            (
                #"{"version":2,"strategies":{"MovingGeofence":{"radius":"wide"}}}"#,
                "strategies.MovingGeofence.radius: expected a number"
            ),
            (
                #"{"version":2,"strategies":{"MovingGeofence":{"radius":-10}}}"#,
                "strategies.MovingGeofence.radius: -10 is out of range; expected a number of metres > 0"
            ),
            (
                #"{"version":2,"strategies":{"MovingGeofence":{"radious":300}}}"#,
                "strategies.MovingGeofence.radious: unknown option; expected one of radius"
            ),
        ])
    func aSignedConfigurationThatCannotBeAppliedIsRolledBackWhole(document: String, reason: String) throws {
        var agent = try Self.agent(InMemoryOutbox(installID: Self.install), strategies: [MovingGeofence()])
        var timeline = InMemoryTimeline()
        Self.handle(&agent, Self.answer(Self.signed(document)), at: 0, &timeline)
        Self.handle(&agent, .memoryWarning, at: 1, &timeline)
        #expect(Self.decisions(timeline) == ["configurationOffered 2", "configurationRolledBack 2"])
        #expect(Self.reason(timeline) == reason)
        // Nothing of it applied, and the server is told it was refused, so it is not sent again.
        #expect(agent.scheduler?.options.jobs.first?.interval == 1800)
        #expect((agent.runtime.strategies.first as? MovingGeofence)?.options.radius == 100)
        #expect(agent.remoteConfiguration == nil)
        #expect(agent.remoteConfigurationVersion == 2)
        Self.handle(&agent, Self.answer(Self.signed(document)), at: 2, &timeline)
        #expect(Self.decisions(timeline).count == 2)
    }

    @Test func eachConfigurationIsWholeAndStrategyOptionsChangeFromTheNextEvent() throws {
        var agent = try Self.agent(InMemoryOutbox(installID: Self.install), strategies: [MovingGeofence()])
        var timeline = InMemoryTimeline()
        Self.handle(
            &agent, Self.answer(Self.signed(#"{"version":2,"jobs":{"sample":{"interval":600}}}"#)), at: 0, &timeline)
        Self.handle(&agent, .memoryWarning, at: 1, &timeline)
        #expect(agent.scheduler?.options.jobs.first?.interval == 600)
        // Version 3 names only the fence: the job goes back to the app's own interval.
        Self.handle(
            &agent, Self.answer(Self.signed(#"{"version":3,"strategies":{"MovingGeofence":{"radius":250}}}"#)), at: 2,
            &timeline)
        Self.handle(&agent, .memoryWarning, at: 3, &timeline)
        #expect(agent.scheduler?.options.jobs.first?.interval == 1800)
        #expect((agent.runtime.strategies.first as? MovingGeofence)?.options.radius == 250)
        // An older version offered afterwards (a late answer) is ignored.
        Self.handle(
            &agent, Self.answer(Self.signed(#"{"version":2,"jobs":{"sample":{"interval":600}}}"#)), at: 4, &timeline)
        #expect(
            Self.decisions(timeline) == [
                "configurationOffered 2", "configurationApplied 2", "configurationOffered 3", "configurationApplied 3",
            ])
    }

    @Test func theConfigurationInForceSurvivesARelaunchAndOneThatNoLongerAppliesIsRolledBack() throws {
        let outbox = InMemoryOutbox(installID: Self.install)
        var first = try Self.agent(outbox)
        var timeline = InMemoryTimeline()
        Self.handle(
            &first, Self.answer(Self.signed(#"{"version":4,"jobs":{"sample":{"interval":300}}}"#)), at: 0, &timeline)
        Self.handle(&first, .memoryWarning, at: 1, &timeline)

        // The process dies; the next one runs version 4 from its start, without applying it again.
        var second = try Self.agent(outbox)
        #expect(second.scheduler?.options.jobs.first?.interval == 300)
        #expect(second.remoteConfigurationVersion == 4)
        var relaunched = InMemoryTimeline()
        Self.handle(&second, .didFinishLaunching(.user), at: 60, &relaunched)
        #expect(Self.decisions(relaunched).isEmpty)

        // An update renamed the job: the saved configuration no longer applies, the app's own runs.
        var third = try Self.agent(outbox, jobs: [Job(id: "measure", interval: 1800, expectedDuration: 2)])
        #expect(third.scheduler?.options.jobs.first?.interval == 1800)
        #expect(third.remoteConfiguration == nil)
        #expect(third.remoteConfigurationVersion == 4)
        var updated = InMemoryTimeline()
        Self.handle(&third, .didFinishLaunching(.user), at: 120, &updated)
        #expect(Self.decisions(updated) == ["configurationRolledBack 4"])
        #expect(Self.reason(updated) == "jobs.sample: no such job in this app; expected one of measure")
    }

    @Test func aSilentPushCarriesAConfigurationToo() throws {
        var agent = try Self.agent(InMemoryOutbox(installID: Self.install))
        var timeline = InMemoryTimeline()
        let push = RemoteNotification(
            id: "p1",
            userInfo: [
                Field(
                    SignedRemoteConfiguration.pushKey,
                    .string(Self.signed(#"{"version":5,"jobs":{"sample":{"interval":900}}}"#)))
            ])
        Self.handle(&agent, .remoteNotification(push), at: 0, &timeline)
        Self.handle(&agent, .memoryWarning, at: 1, &timeline)
        #expect(Self.decisions(timeline) == ["configurationOffered 5", "configurationApplied 5"])
        #expect(agent.scheduler?.options.jobs.first?.interval == 900)
    }

    @Test(
        arguments: [
            ScheduledTracking(), MovingGeofence(), MotionAwareTracking(), LowPowerLocationKeepAlive(),
            PeriodicSampler(),
            Heartbeat(), ScheduledRefresh(),
        ] as [any RemotelyConfigurable])
    func everyConfigurableStrategysOptionsGoThroughTheirJSONFormUnchanged(strategy: any RemotelyConfigurable) throws {
        var agent = try Self.agent(InMemoryOutbox(installID: Self.install), jobs: [], strategies: [strategy])
        var timeline = InMemoryTimeline()
        _ = agent.handle(
            Self.answer(Self.signed(#"{"version":2,"strategies":{"\#(strategy.name)":{}}}"#)), in: Self.context(0),
            timeline: &timeline)
        _ = agent.handle(.memoryWarning, in: Self.context(1), timeline: &timeline)
        #expect(
            Self.decisions(timeline) == ["configurationOffered 2", "configurationApplied 2"],
            "\(Self.reason(timeline) ?? "")")
        #expect(agent.remoteConfiguration?.version == 2)
    }
}
