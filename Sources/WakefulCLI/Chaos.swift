import ArgumentParser
import Foundation
import WakefulCommandLine
import WakefulChaos
import WakefulSimulator

/// `wakeful chaos`: the crash-injection harness.
struct Chaos: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Kill the app at the worst moments and prove the outbox loses and duplicates nothing.",
        discussion: """
            Runs the built-in scenarios (every setup and iOS version, in turn) with the outbox on real SQLite files, one seed per run, while the app is killed at random moments, inside the outbox's transactions and migrations, between an upload and its acknowledgement, and inside expiration handlers, against a server that fails, times out and loses answers, with half the stores of Data Protection class complete or completeUnlessOpen and the phone locked and restarted at random (DATA-1 to DATA-4), so the app must hold what it collects while the outbox is closed. Then the user leaves the app open on Wi-Fi until the outbox drains, and each run is checked: every committed record stored by the server exactly once or accounted for by a loss record, every record held while locked stored later or counted by a loss record, nothing pending, no 0xdead10cc kill (TERM-6), no background task of Wakeful's left open (TASK-13).

            Exit status 0 when the invariant held in every run, 1 otherwise.

            Examples:
              swift run -c release wakeful chaos                         1,000 seeds over every built-in scenario
              wakeful chaos --seeds 50 --scenario gas-station
              wakeful chaos --kills-per-hour 20 --store-crash-probability 0.1
              wakeful chaos --no-server-faults --first-seed 1000
              wakeful chaos --seeds 1 --first-seed 22 --scenario bike-rental --timelines /tmp/chaos
            """
    )

    @Option(help: "How many runs, one seed each.")
    var seeds: Int = 1000

    @Option(help: "The first seed.")
    var firstSeed: UInt64 = 1

    @Option(
        name: .long, help: ArgumentHelp("A built-in scenario (repeatable). Default: all of them.", valueName: "name"))
    var scenario: [String] = []

    @Option(help: "Random kills per hour while the app has a process.")
    var killsPerHour: Double = 4

    @Option(help: "Probability of dying when an upload's answer arrives, before the app sees it (0–1).")
    var killBeforeAcknowledge: Double = 0.2

    @Option(help: "Probability of dying inside each expiration handler (0–1).")
    var killInExpiryHandler: Double = 0.2

    @Option(help: "Probability that an outbox transaction crashes before its COMMIT (0–1).")
    var storeCrashProbability: Double = 0.02

    @Option(help: "Share of runs that first migrate an older store (0–1).")
    var migrationShare: Double = 0.25

    @Flag(
        inversion: .prefixedNo,
        help: "Let the server fail: 500s, 503 with Retry-After, timeouts, partitions, answers lost after storing.")
    var serverFaults = true

    @Option(help: "Simulated hours the app is left open to drain its outbox.")
    var drainHours: Double = 2

    @Option(
        help: ArgumentHelp(
            "Write each run's timelines to this folder (chaos-SEED.jsonl, chaos-SEED-drain.jsonl), to study a failing seed.",
            valueName: "folder"))
    var timelines: String?

    func validate() throws {
        guard seeds >= 1 else { throw ValidationError("--seeds must be at least 1") }
        for (name, value) in [
            ("--kill-before-acknowledge", killBeforeAcknowledge), ("--kill-in-expiry-handler", killInExpiryHandler),
            ("--store-crash-probability", storeCrashProbability), ("--migration-share", migrationShare),
        ] where !(0...1).contains(value) {
            throw ValidationError("\(name) \(value): expected a probability from 0 to 1")
        }
        guard killsPerHour >= 0 else { throw ValidationError("--kills-per-hour \(killsPerHour): expected 0 or more") }
        guard drainHours > 0 else { throw ValidationError("--drain-hours \(drainHours): expected more than 0") }
        for name in scenario where !BuiltinScenarios.names.contains(name) {
            throw ValidationError(
                "--scenario \(name): expected one of \(BuiltinScenarios.names.joined(separator: ", "))")
        }
    }

    func run() async throws {
        let options = ChaosOptions(
            seeds: seeds, firstSeed: firstSeed, scenarios: scenario.isEmpty ? BuiltinScenarios.names : scenario,
            kills: ChaosPlan(
                killsPerHour: killsPerHour, killBeforeAcknowledge: killBeforeAcknowledge,
                killInExpiryHandler: killInExpiryHandler),
            storeCrashProbability: storeCrashProbability, migrationShare: migrationShare, serverFaults: serverFaults,
            drainHours: drainHours, timelineDirectory: timelines.map { URL(fileURLWithPath: $0) })
        let total = seeds
        let bar = ProgressBar(total: total)
        let summary = try await ChaosHarness(options: options).run { done in bar.update(done) }
        bar.finish()
        print(summary.text)
        if !summary.holds { throw ExitCode(1) }
    }
}
