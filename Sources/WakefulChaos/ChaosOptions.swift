import Foundation
import WakefulSimulator

/// What a crash-injection run does: how many seeds, which scenarios, and how hard it hits the app.
///
/// ```swift
/// var options = ChaosOptions()
/// options.seeds = 50
/// let summary = try await ChaosHarness(options: options).run()
/// ```
public struct ChaosOptions: Sendable, Hashable {
    /// How many runs, one seed each, from ``firstSeed``.
    public var seeds: Int
    /// The first seed.
    public var firstSeed: UInt64
    /// Built-in scenarios to draw from (every configuration of each: setups × iOS versions); runs
    /// cycle through all configurations so every one is hit.
    public var scenarios: [String]
    /// The device's own kills on top of iOS's (random SIGKILLs, before an acknowledgement, inside
    /// an expiration handler).
    public var kills: ChaosPlan
    /// Probability that a transaction of the SQLite outbox crashes at its fault point (before COMMIT).
    public var storeCrashProbability: Double
    /// Share of runs that start from a store at the first schema version holding an older app's
    /// records, so the first launch migrates it (and may crash while migrating).
    public var migrationShare: Double
    /// Whether the server misbehaves too: 500s, 503 with Retry-After, timeouts, partitions and
    /// answers lost after storing.
    public var serverFaults: Bool
    /// Simulated hours the app is then left in the foreground on Wi-Fi with a healthy server to
    /// drain its outbox.
    public var drainHours: Double
    /// Where the SQLite files go (a folder per run, removed afterwards).
    public var directory: URL
    /// Where to write each run's timelines (`chaos-SEED.jsonl` and `chaos-SEED-drain.jsonl`); nil for none.
    public var timelineDirectory: URL?
    /// Whether plans add Data Protection: `complete` and `completeUnlessOpen` stores, locks and
    /// reboots (DATA-1 to DATA-4).
    public var dataProtection = true

    /// Creates options (1,000 seeds, every built-in scenario, 4 random kills an hour, a 20 %
    /// chance of dying before each acknowledgement and inside each expiration handler, 2 % of
    /// transactions crashing, a quarter of the runs migrating, a faulty server, 2 h of drain).
    public init(
        seeds: Int = 1000, firstSeed: UInt64 = 1, scenarios: [String] = BuiltinScenarios.names,
        kills: ChaosPlan = ChaosPlan(killsPerHour: 4, killBeforeAcknowledge: 0.2, killInExpiryHandler: 0.2),
        storeCrashProbability: Double = 0.02, migrationShare: Double = 0.25, serverFaults: Bool = true,
        drainHours: Double = 2,
        directory: URL = FileManager.default.temporaryDirectory.appendingPathComponent("wakeful-chaos"),
        timelineDirectory: URL? = nil
    ) {
        self.seeds = seeds
        self.firstSeed = firstSeed
        self.scenarios = scenarios
        self.kills = kills
        self.storeCrashProbability = storeCrashProbability
        self.migrationShare = migrationShare
        self.serverFaults = serverFaults
        self.drainHours = drainHours
        self.directory = directory
        self.timelineDirectory = timelineDirectory
    }
}
