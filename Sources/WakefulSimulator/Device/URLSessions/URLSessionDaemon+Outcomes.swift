import Foundation
import Wakeful

/// What the daemon holds for the app (outcomes it could not hear yet), the
/// `handleEventsForBackgroundURLSession` handlers (URLS-1, URLS-7), and what becomes of the flows
/// when the process ends (URLS-5, URLS-8).
extension URLSessionDaemon {
    // MARK: Outcomes held for the app

    /// A finished request's outcome, held until process `process` executes.
    mutating func holdOutcome(of id: String, process: Int, statusCode: Int?, error: String?) {
        heldRequests.append((process, id, statusCode, error))
    }

    /// A background task finished: an executing app's delegate hears at once (URLS-4: no resume,
    /// so the delay does not grow); otherwise the daemon holds the outcome until every task of the
    /// session is done, then wakes or relaunches the app (URLS-1). True when that moment is now.
    mutating func holdResult(_ result: URLSessionTaskResult, appExecuting: Bool) -> Bool {
        heldResults.append(result)
        return !appExecuting && !flows.contains { $0.session == result.sessionIdentifier }
    }

    /// Takes the held request outcomes of process `process`, in order.
    mutating func takeHeldRequests(of process: Int) -> [(process: Int, id: String, statusCode: Int?, error: String?)] {
        guard !heldRequests.isEmpty else { return [] }
        let mine = heldRequests.filter { $0.process == process }
        heldRequests.removeAll { $0.process == process }
        return mine
    }

    /// Takes the oldest held background-task outcome.
    mutating func takeHeldResult() -> URLSessionTaskResult? {
        heldResults.isEmpty ? nil : heldResults.removeFirst()
    }

    /// Takes the held outcomes of `session`'s tasks, in order.
    mutating func takeHeldResults(of session: String) -> [URLSessionTaskResult] {
        let results = heldResults.filter { $0.sessionIdentifier == session }
        heldResults.removeAll { $0.sessionIdentifier == session }
        return results
    }

    /// The sessions with outcomes held, each once, in the order of their first.
    var sessionsWithHeldResults: [String] {
        heldResults.map(\.sessionIdentifier).uniqued()
    }

    // MARK: Handlers (URLS-1, URLS-7)

    /// The app is woken into `session`'s handler, which runs until its completion is called, at
    /// most ``URLSessionRules/relaunchHandlerTime`` (§12.3 cfg).
    mutating func openHandler(_ session: String, now: TimeInterval, into effects: inout [DeviceEffect]) {
        if !openHandlers.contains(session) { openHandlers.append(session) }
        handlerUntil = now + rules.relaunchHandlerTime
        handlerGeneration += 1
        effects.append(.schedule(.urlSessionHandlerDeadline(generation: handlerGeneration), at: handlerUntil))
    }

    /// The completion handler of `handleEventsForBackgroundURLSession` (URLS-1); a completion
    /// for no open handler is noted.
    mutating func completeHandler(_ session: String, into effects: inout [DeviceEffect]) {
        guard let index = openHandlers.firstIndex(of: session) else {
            effects.append(
                .decide("completeUnknownHandler", rules: ["URLS-1"], fields: [Field("session", .string(session))]))
            return
        }
        openHandlers.remove(at: index)
        if openHandlers.isEmpty { handlerUntil = -.infinity }
    }

    /// The handler deadline `generation` fell due with the app in the background: true when a
    /// handler was never completed, and the app is killed for it (URLS-7, TERM-6).
    mutating func handlersTimedOut(generation: Int) -> Bool {
        guard generation == handlerGeneration, !openHandlers.isEmpty else { return false }
        openHandlers = []
        handlerUntil = -.infinity
        return true
    }

    /// Why the daemon would not relaunch the app now, if it would not: the first unlock after a
    /// restart (DATA-8) or the force-quit flag (TERM-1, URLS-5).
    func relaunchBlocker(firstUnlockDone: Bool, forceQuit: Bool) -> (why: String, rules: [String])? {
        if !firstUnlockDone && !rules.relaunchesBeforeFirstUnlock {
            // DATA-8: the relaunch waits for the first unlock (relaunchSessionsAfterFirstUnlock).
            return ("waiting for the first unlock after a restart", ["DATA-8", "CONF-DATA-8"])
        }
        guard forceQuit, forceQuitStops else { return nil }
        return ("force-quit by the user", ["TERM-1", "URLS-5"])
    }

    // MARK: The process

    /// Process `process` ended: its requests die with it; transfers go on in the daemon (URLS-1),
    /// except after a force-quit, which cancels them (URLS-5, TERM-1). Returns the IDs of the
    /// requests that died, in flight or with their outcome held.
    mutating func processEnded(_ process: Int, forceQuit: Bool, into effects: inout [DeviceEffect]) -> [String] {
        var died: [String] = []
        for flow in flows {
            if case .request(let request, let owner) = flow.kind, owner == process { died.append(request.id) }
        }
        flows.removeAll { if case .request(_, let owner) = $0.kind { owner == process } else { false } }
        for held in heldRequests where held.process == process { died.append(held.id) }
        heldRequests.removeAll { $0.process == process }
        openHandlers = []
        handlerUntil = -.infinity
        guard forceQuit, forceQuitStops else { return died }
        var cancelled = 0
        for flow in flows {
            guard case .transfer(let request) = flow.kind else { continue }
            cancelled += 1
            heldResults.append(
                URLSessionTaskResult(
                    sessionIdentifier: request.session, taskDescription: request.taskDescription, statusCode: nil,
                    error: "cancelledUserForceQuitApplication"))
        }
        flows = []
        if cancelled > 0 {
            effects.append(
                .decide("transfersCancelled", rules: ["URLS-5", "TERM-1"], fields: [Field("tasks", .int(cancelled))]))
        }
        return died
    }
}
