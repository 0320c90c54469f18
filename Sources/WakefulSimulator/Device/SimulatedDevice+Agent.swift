import Foundation
import Wakeful

/// The app's agent as the device runs it: the process's agent over the outbox it opens at its
/// first event, the lock a deferred write holds (TERM-6) and the injected kills, with the
/// ``OutboxSystem`` keeping what outlives the process.
extension SimulatedDevice {
    // MARK: The agent

    /// Handles `event` through the app's agent, starting the agent on the process's first event.
    /// Nil when the process died (a crash injected in the outbox, or in the handler).
    mutating func agentHandle(_ event: Event, in context: Context) -> [Command]? {
        if !process.hasAgent, !startAgent() { return nil }
        let commands = process.agent!.agent.handle(event, in: context, timeline: &timeline)
        if let error = process.agent!.agent.lastError {
            if let crash = error as? SimulatedCrash {
                injectedCrash(at: crash.point)
                return nil
            }
            decide("outboxFailed", rules: [], [Field("error", .string(String(describing: error)))])
        }
        if let release = outbox.noteWrites(at: now) {
            schedule(.outboxLockReleased(generation: outbox.lockGeneration), at: release)  // TERM-6
        }
        if case .backgroundTaskExpiring = event, outbox.killsInExpiryHandler() {
            injectedCrash(at: "expiryHandler")
            return nil
        }
        if process.agent!.agent.needsCredentials {
            // The app renews its credentials at once (assumption: its token refresh succeeds).
            outbox.uploads.renewCredentials(at: now)
            process.agent!.agent.credentialsRenewed()
            decide("credentialsRenewed", rules: [])
        }
        return commands
    }

    /// Opens the outbox and creates the process's agent. False when the process died opening it
    /// (a crash injected during a migration).
    private mutating func startAgent() -> Bool {
        guard let configuration = outbox.configuration, let provider = outbox.provider else { return false }
        do {
            let file = GuardedOutbox(
                protecting: try provider.open(), gate: screen.dataProtection,
                protection: scenario.app.outbox?.protection ?? .completeUntilFirstUserAuthentication)
            let store = LedgerOutbox(file, ledger: outbox.ledger)
            process.agent = AgentBox(
                try Agent(
                    strategies: process.settingsReadEmpty ? [] : install.freshStrategies, configuration: configuration,
                    outbox: store,
                    seed: install.seed &+ UInt64(process.number), heldRecords: outbox.ledger.heldRecords))
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

    /// Whether the app holds the database file now (TERM-6). Mutating, like the other getters the
    /// step loop calls, so that Swift does not copy the device to call it.
    var holdsOutboxLock: Bool {
        mutating get { outbox.holdsLock(at: now) }
    }

    // MARK: Injected kills

    /// Schedules the next random kill of ``ChaosPlan/killsPerHour``.
    mutating func scheduleChaosKill() {
        guard let at = outbox.nextKill(after: now) else { return }
        schedule(.chaosKill(generation: outbox.chaosGeneration), at: at)
    }

    /// A random kill falls due: the process, if any, dies wherever it was.
    mutating func chaosKillDue(generation: Int) {
        guard generation == outbox.chaosGeneration else { return }
        if hasProcess { injectedCrash(at: "random") }
        scheduleChaosKill()
    }
}
