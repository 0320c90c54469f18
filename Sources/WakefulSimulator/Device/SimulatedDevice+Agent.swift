import Foundation
import Wakeful

/// The device's side of the outbox: the lock a deferred write holds (TERM-6), the injected kills,
/// and what the agent's last event did.
struct OutboxDeviceState {
    /// A write made off the main thread holds the database file until this time (TERM-6 model).
    var lockUntil = -TimeInterval.infinity
    var lockGeneration = 0
    var chaosGeneration = 0
    /// Records committed so far, to notice an event that wrote.
    var committedCount = 0
    /// Uploads in flight, by attempt ID: the request, its body, and the server's reply once decided.
    var uploads: [String: PendingUpload] = [:]
}

extension SimulatedDevice {
    // MARK: The agent

    /// Handles `event` through the app's agent, starting the agent on the process's first event.
    /// Nil when the process died (a crash injected in the outbox, or in the handler).
    mutating func agentHandle(_ event: Event, in context: Context) -> [Command]? {
        if !process.hasAgent, !startAgent() { return nil }
        let configuration = process.agent!.agent.remoteConfiguration?.version
        let commands = process.agent!.agent.handle(event, in: context, timeline: &timeline)
        tally.noteConfiguration(process.agent!.agent.remoteConfiguration?.version, since: configuration, at: now)
        if let error = process.agent!.agent.lastError {
            if let crash = error as? SimulatedCrash {
                injectedCrash(at: crash.point)
                return nil
            }
            decide("outboxFailed", rules: [], [Field("error", .string(String(describing: error)))])
        }
        noteOutboxWrites()
        if case .backgroundTaskExpiring = event, chaos.killInExpiryHandler > 0,
            chaosRandom.bernoulli(chaos.killInExpiryHandler)
        {
            injectedCrash(at: "expiryHandler")
            return nil
        }
        if process.agent!.agent.needsCredentials {
            // The app renews its credentials at once (assumption: its token refresh succeeds).
            ingest.renewCredentials(at: now)
            process.agent!.agent.credentialsRenewed()
            decide("credentialsRenewed", rules: [])
        }
        return commands
    }

    /// Opens the outbox and creates the process's agent. False when the process died opening it
    /// (a crash injected during a migration).
    private mutating func startAgent() -> Bool {
        guard let configuration = agentConfiguration, let provider = outboxProvider else { return false }
        do {
            let file = GuardedOutbox(
                protecting: try provider.open(), gate: dataProtection,
                protection: scenario.app.outbox?.protection ?? .completeUntilFirstUserAuthentication)
            let outbox = LedgerOutbox(file, ledger: outboxLedger)
            process.agent = AgentBox(
                try Agent(
                    strategies: process.settingsReadEmpty ? [] : freshStrategies, configuration: configuration,
                    outbox: outbox,
                    seed: seed &+ UInt64(process.number), heldRecords: outboxLedger.heldRecords,
                    configurationVerifier: scenario.world.server.configurationVerifier))
            process.hasAgent = true
            return true
        } catch let crash as SimulatedCrash {
            injectedCrash(at: crash.point)
        } catch {
            decide("outboxUnavailable", rules: [], [Field("error", .string(String(describing: error)))])
            terminate(.injectedCrash, rules: [])
        }
        return false
    }

    /// The process dies where the crash was injected.
    mutating func injectedCrash(at point: String) {
        decide("injectedCrash", rules: [], [Field("at", .string(point))])
        terminate(.injectedCrash, rules: [])
    }

    /// With writes deferred to a background queue, the database file stays locked for a while
    /// after each event that wrote; suspension inside that window is the `0xdead10cc` kill (TERM-6).
    private mutating func noteOutboxWrites() {
        let committed = outboxLedger.records.count
        defer { outboxState.committedCount = committed }
        guard committed != outboxState.committedCount, case .deferred(let seconds) = outboxWrites else { return }
        outboxState.lockUntil = max(outboxState.lockUntil, now + seconds)
        outboxState.lockGeneration += 1
        schedule(.outboxLockReleased(generation: outboxState.lockGeneration), at: outboxState.lockUntil)
    }

    /// Whether the app holds the database file now (TERM-6). Mutating, like the other getters the
    /// step loop calls, so that Swift does not copy the device to call it.
    var holdsOutboxLock: Bool {
        mutating get { now < outboxState.lockUntil }
    }

    // MARK: Injected kills

    /// Schedules the next random kill of ``ChaosPlan/killsPerHour``.
    mutating func scheduleChaosKill() {
        guard chaos.killsPerHour > 0 else { return }
        outboxState.chaosGeneration += 1
        let gap = -log(1 - chaosRandom.nextDouble()) * 3600 / chaos.killsPerHour
        schedule(.chaosKill(generation: outboxState.chaosGeneration), at: now + gap)
    }

    /// A random kill falls due: the process, if any, dies wherever it was.
    mutating func chaosKillDue(generation: Int) {
        guard generation == outboxState.chaosGeneration else { return }
        if hasProcess { injectedCrash(at: "random") }
        scheduleChaosKill()
    }
}
