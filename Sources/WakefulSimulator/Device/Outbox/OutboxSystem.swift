import Foundation
import Wakeful

/// The app's outbox as the device holds it across processes: the agent's configuration, the
/// storage each process opens and the ledger of what was committed, how long a deferred write
/// holds the database file (TERM-6 model), the uploads in flight with the server that answers them
/// (``OutboxUploads``), and the kills a crash-injection run adds to the policy's.
///
/// It reads only the time it is handed and the ledger's count of committed records; it returns
/// when the lock is released and when the next injected kill comes, for the device's agenda.
/// Opening the storage, creating the process's agent, delivering to it and killing the app are
/// the device's.
struct OutboxSystem {
    /// The app's agent configuration: nil when the app keeps no outbox and runs no jobs.
    let configuration: AgentConfiguration?
    /// Whether ``configuration`` is set: a flag, because testing the optional on every delivery
    /// copies the configuration.
    let hasConfiguration: Bool
    /// When the app's database writes happen (TERM-6 model).
    private let writes: OutboxWriteTiming
    /// The app's storage, opened at every launch; nil without an agent.
    let provider: (any OutboxProvider)?
    /// What the app committed to its outbox and what retention dropped.
    let ledger: OutboxLedger
    /// The uploads in flight and the app's server; the network asks it for the server's answers.
    var uploads: OutboxUploads
    /// Kills injected on top of the policy's.
    private let chaos: ChaosPlan
    /// Stream 41: when the injected kills come, and whether a kill point kills.
    private var chaosRandom: SeededGenerator
    /// A write made off the main thread holds the database file until this time (TERM-6 model).
    private var lockUntil = -TimeInterval.infinity
    /// Stamps lock releases: a later write's makes the earlier ones stale.
    private(set) var lockGeneration = 0
    /// Stamps injected kills.
    private(set) var chaosGeneration = 0
    /// Records committed so far, to notice an event that wrote.
    private var committedCount = 0

    /// - Parameters:
    ///   - provider: Opens the app's storage at each launch; nil for an app without an agent.
    ///   - ingest: The app's server.
    ///   - chaosRandom: Stream 41.
    init(
        configuration: AgentConfiguration?, writes: OutboxWriteTiming, provider: (any OutboxProvider)?,
        ledger: OutboxLedger, ingest: IngestEndpoint, chaos: ChaosPlan, chaosRandom: SeededGenerator
    ) {
        self.configuration = configuration
        hasConfiguration = configuration != nil
        self.writes = writes
        self.provider = provider
        self.ledger = ledger
        uploads = OutboxUploads(ingest: ingest, upload: configuration?.upload)
        self.chaos = chaos
        self.chaosRandom = chaosRandom
    }

    // MARK: The database file's lock (TERM-6)

    /// After an event: with writes deferred to a background queue, the database file stays locked
    /// for a while after each event that wrote, and suspension inside that window is the
    /// `0xdead10cc` kill (TERM-6). Returns when the lock is released, when the event wrote.
    mutating func noteWrites(at now: TimeInterval) -> TimeInterval? {
        let committed = ledger.records.count
        defer { committedCount = committed }
        guard committed != committedCount, case .deferred(let seconds) = writes else { return nil }
        lockUntil = max(lockUntil, now + seconds)
        lockGeneration += 1
        return lockUntil
    }

    /// Whether the app holds the database file at `time` (TERM-6).
    func holdsLock(at time: TimeInterval) -> Bool {
        time < lockUntil
    }

    // MARK: Injected kills

    /// The next random kill of ``ChaosPlan/killsPerHour`` after `now`, an exponential gap away;
    /// nil when the plan has none.
    mutating func nextKill(after now: TimeInterval) -> TimeInterval? {
        guard chaos.killsPerHour > 0 else { return nil }
        chaosGeneration += 1
        let gap = -log(1 - chaosRandom.nextDouble()) * 3600 / chaos.killsPerHour
        return now + gap
    }

    /// Whether the plan kills the app in this expiration handler (``ChaosPlan/killInExpiryHandler``).
    mutating func killsInExpiryHandler() -> Bool {
        chaos.killInExpiryHandler > 0 && chaosRandom.bernoulli(chaos.killInExpiryHandler)
    }

    /// Whether the plan kills the app before it hears that the server stored a batch
    /// (``ChaosPlan/killBeforeAcknowledge``).
    mutating func killsBeforeAcknowledge() -> Bool {
        chaos.killBeforeAcknowledge > 0 && chaosRandom.bernoulli(chaos.killBeforeAcknowledge)
    }
}
