import Foundation
import Wakeful

/// The URL-session daemon wakes or relaunches the app for its sessions (URLS-1), each resume
/// doubling the resume delay (URLS-3), and kills an app whose handler never completes (URLS-7).
extension SimulatedDevice {
    /// Every task of `session` is done while the app does not execute: wake it, or relaunch it,
    /// into `handleEventsForBackgroundURLSession`, then its task outcomes (URLS-1). Each such
    /// resume doubles the resume delay (URLS-3).
    mutating func urlSessionWake(session: String) {
        switch state {
        case .active, .inactive, .background:
            deliverHeldNetworkResults()
        case .suspended:
            countURLSessionWake()
            // If resuming ended the process, the outcomes wait for the next, as the daemon keeps them.
            guard resume(cause: "urlSessionWake", rules: ["URLS-1", "URLS-3"]) else { return }
            let results = network.takeHeldResults(of: session)
            openEventsHandler(session)
            grantAllowanceIfNeeded()
            deliverSessionEvents(session, results)
        case .notRunning:
            if let blocked = urlSessionRelaunchBlocker() {
                tally.countSuppressedWake(.urlSession)
                decide(
                    "relaunchSuppressed", rules: blocked.rules,
                    [Field("source", "urlSession"), Field("why", .string(blocked.why))])
                return
            }
            let results = network.takeHeldResults(of: session)
            countURLSessionWake()
            launch(.urlSession, cause: "urlSessionRelaunch", rules: ["URLS-1", "URLS-3"])
            guard hasProcess else { return }
            openEventsHandler(session)
            deliverSessionEvents(session, results)
        }
    }

    /// A wake or relaunch for URL-session events: counted, and the resume delay doubles (URLS-3).
    private mutating func countURLSessionWake() {
        lifecycle.wake(by: .urlSession)
        tally.countWake(.urlSession)
        var effects: [DeviceEffect] = []
        network.growResumeDelay(at: now, into: &effects)
        carryOut(effects)
    }

    private mutating func deliverSessionEvents(_ session: String, _ results: [URLSessionTaskResult]) {
        let number = process.number
        deliver(.urlSessionEvents(sessionIdentifier: session))
        for result in results where hasProcess && process.number == number && state.isExecuting {
            deliverTransferResult(result)
        }
    }

    private mutating func openEventsHandler(_ session: String) {
        var effects: [DeviceEffect] = []
        network.openHandler(session, now: now, into: &effects)
        carryOut(effects)
    }

    /// The handler's time is up: an app that never called the completion is killed (URLS-7, TERM-6).
    mutating func urlSessionHandlerDeadline(generation: Int) {
        guard state == .background, network.handlersTimedOut(generation: generation) else { return }
        terminate(
            .urlSessionHandlerTimeout, code: policy.termination.codes.urlSessionTimeout, rules: ["URLS-7", "TERM-6"])
    }

    /// Why the daemon would not relaunch the app now (DATA-8, TERM-1, URLS-5).
    func urlSessionRelaunchBlocker() -> (why: String, rules: [String])? {
        network.relaunchBlocker(firstUnlockDone: screen.firstUnlockDone, forceQuit: lifecycle.forceQuitFlag)
    }

    /// The first unlock after a restart: sessions whose transfers finished while the relaunch
    /// waited for it relaunch the app now (DATA-8).
    mutating func relaunchSessionsAfterFirstUnlock() {
        guard state == .notRunning else { return }
        for session in network.sessionsWithHeldResults where state == .notRunning {
            urlSessionWake(session: session)
        }
    }

    /// The user opened the app: the resume delay is back to 0 and deferred transfers may start (URLS-3).
    mutating func resetResumeDelay() {
        var effects: [DeviceEffect] = []
        let reset = network.resetResumeDelay(at: now, into: &effects)
        carryOut(effects)
        if reset { scheduleNetworkStep(at: now) }
    }
}
