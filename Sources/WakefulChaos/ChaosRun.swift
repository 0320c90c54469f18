import Foundation
import Wakeful
import WakefulSimulator
import WakefulStore

/// One configuration the harness runs: a built-in scenario, one of its setups, one of its iOS versions.
public struct ChaosConfiguration: Sendable, Hashable {
    /// The scenario.
    public var scenario: Scenario
    /// The strategies.
    public var setup: StrategySetup
    /// The iOS version.
    public var ios: IOSVersion
}

/// What one crash-injection run ended with, after the drain.
public struct ChaosRunResult: Sendable, Hashable {
    /// The scenario's name.
    public var scenario: String
    /// The setup's name.
    public var setup: String
    /// The iOS version.
    public var ios: String
    /// The run's seed.
    public var seed: UInt64
    /// Whether the run started from an older store that the first launch migrated.
    public var migrated: Bool
    /// Whether uploads went through the background session (else in-process requests).
    public var backgroundUploads: Bool
    /// Where every committed record ended up, after the drain.
    public var outbox: OutboxMetrics
    /// Kills of every kind, by reason (iOS's and the injected ones).
    public var kills: [String: Int]
    /// Crashes injected inside the store's transactions, by fault point.
    public var storeCrashes: [String: Int]
    /// Background tasks of Wakeful's own components left open when iOS killed the app (TASK-13).
    public var tasksLeftOpen: [String]
    /// Broken simulator invariants (a model bug, not an app bug).
    public var modelViolations: [String]

    /// `0xdead10cc` kills (TERM-6).
    public var lockKills: Int { kills[TerminationReason.suspendedWithLockedFile.rawValue] ?? 0 }

    /// Whether the run kept every promise: nothing lost silently, nothing stored twice, nothing
    /// left pending after the drain, no `0xdead10cc`, no task of Wakeful's left open.
    public var holds: Bool {
        outbox.holdsInvariant && outbox.pending == 0 && outbox.stillHeld == 0 && lockKills == 0
            && tasksLeftOpen.isEmpty && modelViolations.isEmpty
    }
}

extension ChaosHarness {
    /// Runs `configuration` with `seed`: the scenario with crashes injected, then the drain, on a
    /// fresh SQLite file that is removed afterwards.
    public func runOne(_ configuration: ChaosConfiguration, seed: UInt64) throws -> ChaosRunResult {
        let folder = options.directory.appendingPathComponent("run-\(seed)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("outbox.sqlite").path

        let root = SeededGenerator(seed: seed)
        var draws = root.derived(stream: 900)
        let installID = draws.uuid()
        let migrated = draws.bernoulli(options.migrationShare)
        let background = draws.bernoulli(0.5)
        let ledger = OutboxLedger()
        if migrated {
            try seedOlderStore(at: path, installID: installID, ledger: ledger, records: 20 + Int(draws.next() % 200))
        }

        let injector = SeededFaultInjector(
            probability: options.storeCrashProbability, random: root.derived(stream: 901))
        let provider = SQLiteOutboxProvider(path: path, installID: installID, injector: injector)
        let scenario = chaosScenario(configuration.scenario, background: background, draws: &draws)
        let server = IngestEndpoint(server: scenario.world.server, random: root.derived(stream: 902))
        let first: RunMetrics
        let second: RunMetrics
        if let directory = options.timelineDirectory {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let crashes = try JSONLinesFileWriter(path: directory.appendingPathComponent("chaos-\(seed).jsonl").path)
            let drain = try JSONLinesFileWriter(
                path: directory.appendingPathComponent("chaos-\(seed)-drain.jsonl").path)
            (first, second) = phases(
                scenario, configuration, seed: seed, provider: provider, injector: injector, server: server,
                ledger: ledger,
                timelines: (crashes, drain))
            try crashes.close()
            try drain.close()
        } else {
            (first, second) = phases(
                scenario, configuration, seed: seed, provider: provider, injector: injector, server: server,
                ledger: ledger,
                timelines: (DiscardingTimeline(), DiscardingTimeline()))
        }

        var kills: [String: Int] = [:]
        for termination in first.terminations + second.terminations {
            kills[termination.reason.rawValue, default: 0] += 1
        }
        let ownTasks = (first.tasksLeftOpen + second.tasksLeftOpen).filter {
            $0.hasPrefix(JobScheduler.ownerName + "#") || $0.hasPrefix(Uploader.owner + "#")
        }
        return ChaosRunResult(
            scenario: configuration.scenario.name, setup: configuration.setup.name, ios: configuration.ios.description,
            seed: seed,
            migrated: migrated, backgroundUploads: background, outbox: second.outbox ?? OutboxMetrics.empty,
            kills: kills,
            storeCrashes: injector.crashes, tasksLeftOpen: ownTasks,
            modelViolations: first.invariantViolations + second.invariantViolations)
    }

    /// The scenario with crashes injected, then the drain: the user opens the app on Wi-Fi with a
    /// healthy server and leaves it open. Both phases share the file, the server and the ledger.
    private func phases<Sink: TimelineSink>(
        _ scenario: Scenario, _ configuration: ChaosConfiguration, seed: UInt64, provider: SQLiteOutboxProvider,
        injector: SeededFaultInjector, server: IngestEndpoint, ledger: OutboxLedger, timelines: (Sink, Sink)
    ) -> (RunMetrics, RunMetrics) {
        // The user opens the app at the end, as they would before the drain on a phone: a process
        // still holding records stores them now (DATA-4) rather than die with them at the hand-over.
        var scenario = scenario
        scenario.actions.append(UserAction(at: scenario.duration, .open))
        var device = SimulatedDevice(
            scenario: scenario, policy: Simulator.policy(for: scenario, ios: configuration.ios),
            setup: configuration.setup,
            seed: seed, timeline: timelines.0, outbox: provider, chaos: options.kills, continuing: (server, ledger))
        let first = device.run()
        // The drain starts a new process: whatever the last one still held dies with it (DATA-4).
        device.endProcessForNextPhase()
        injector.disable()
        let drain = scenario.drain(hours: options.drainHours)
        var healed = device.ingest
        healed.server = drain.world.server
        var drainDevice = SimulatedDevice(
            scenario: drain, policy: Simulator.policy(for: drain, ios: configuration.ios), setup: .none,
            seed: seed ^ 0x5EED,
            timeline: timelines.1, outbox: provider, continuing: (healed, ledger))
        return (first, drainDevice.run())
    }

    /// A store at the first schema version holding records of an older app version, which the
    /// first launch migrates (with crashes injected during the migration like anywhere else).
    private func seedOlderStore(at path: String, installID: UUID, ledger: OutboxLedger, records: Int) throws {
        let store = LedgerOutbox(
            try SQLiteOutbox(
                path: path, upTo: SQLiteOutbox.migrations.first, options: SQLiteOutbox.Options(newInstallID: installID)),
            ledger: ledger)
        let write = OutboxWrite(
            records: (0..<records).map {
                CollectedRecord(Record(kind: "legacy", fields: [Field("n", .int($0))]), at: -3600 + Double($0))
            })
        try store.commit(write)
    }

    /// The scenario with the outbox switched on, and a misbehaving server when asked. A quarter of
    /// the runs keep so little that retention drops records (each drop must be accounted for by a
    /// loss record); in a third the server takes smaller batches than the app sends (413, split).
    func chaosScenario(_ base: Scenario, background: Bool, draws: inout SeededGenerator) -> Scenario {
        var scenario = base
        var upload = Uploader.Configuration()
        upload.background = background
        let tight = draws.bernoulli(0.25)
        let retention =
            tight
            ? RetentionPolicy(maxAge: 3600, maxCount: 60, maxBytes: 40_000)
            : RetentionPolicy(maxAge: 2 * 86_400, maxCount: 4000, maxBytes: 2_000_000)
        scenario.app.outbox = OutboxSpec(upload: upload, retention: retention)
        if options.dataProtection { addDataProtection(to: &scenario, draws: &draws) }
        if options.serverFaults {
            scenario.world.server = Self.faultyServer(base.world.server, duration: base.duration)
            if draws.bernoulli(1.0 / 3) { scenario.world.server.maxBatchRecords = 40 }
        }
        return scenario
    }
}

extension ChaosHarness {
    /// `base` with every kind of fault the uploader must survive: 500s, 503 with `Retry-After`,
    /// timeouts, answers lost after storing, slow answers, a partition through the middle of the run,
    /// credentials that expire every six hours (401), and records it refuses (poison records).
    static func faultyServer(_ base: ServerDescription, duration: TimeInterval) -> ServerDescription {
        var server = base
        server.faults += [
            ServerFault(kind: .status(500, retryAfter: nil), probability: 0.1),
            ServerFault(kind: .status(503, retryAfter: 120), probability: 0.05),
            ServerFault(kind: .timeout, probability: 0.05),
            ServerFault(kind: .lostResponse, probability: 0.1),
            ServerFault(kind: .slow(2), probability: 0.2),
            ServerFault(from: duration * 0.3, to: duration * 0.4, kind: .partition),
        ]
        server.credentialLifetime = 6 * 3600
        // Records of an older app version's kind are refused one by one: quarantined, not blocking.
        server.rejectKinds = ["legacy"]
        return server
    }
}

extension OutboxMetrics {
    /// Nothing collected, nothing sent.
    static let empty = OutboxMetrics(
        collected: 0, timelineRecords: 0, acknowledged: 0, pending: 0, quarantined: 0, lostByRetention: 0,
        silentlyLost: 0,
        duplicatesReceived: 0, duplicatesStored: 0, uploads: [:])
}

extension ChaosHarness {
    /// Data Protection in a plan: half the stores of class `complete` or `completeUnlessOpen`, up to
    /// two locks of a minute to an hour, and a quarter of the runs rebooted, each followed by an
    /// unlock (DATA-1 to DATA-4). Drawn after the rest of the plan, so the other draws keep their
    /// values.
    func addDataProtection(to scenario: inout Scenario, draws: inout SeededGenerator) {
        let classes: [DataProtectionClass] = [
            .completeUntilFirstUserAuthentication, .complete, .complete, .completeUnlessOpen,
        ]
        if draws.bernoulli(0.5) { scenario.app.outbox?.protection = classes[Int(draws.next() % 4)] }
        let duration = scenario.duration
        var actions: [UserAction] = []
        for _ in 0..<Int(draws.next() % 3) {
            let lockAt = draws.uniform(0...(duration * 0.8))
            actions.append(UserAction(at: lockAt, .lock))
            actions.append(UserAction(at: min(duration, lockAt + draws.uniform(60...3600)), .unlock))
        }
        if draws.bernoulli(0.25) {
            let rebootAt = draws.uniform(0...(duration * 0.8))
            actions.append(UserAction(at: rebootAt, .reboot))
            actions.append(UserAction(at: min(duration, rebootAt + draws.uniform(600...7200)), .unlock))
        }
        scenario.actions = (scenario.actions + actions).sorted { $0.at < $1.at }
    }
}
