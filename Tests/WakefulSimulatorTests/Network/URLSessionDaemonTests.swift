import Foundation
import Testing
import Wakeful
@testable import WakefulSimulator
import WakefulTestSupport

/// The URL-session daemon on its own: the resume delay (URLS-3), the relaunch gates (DATA-8,
/// URLS-5) and what a process's end does to its flows (URLS-5, URLS-8).
@Suite("URL-session daemon", .watchdog, .cpuBound)
struct URLSessionDaemonTests {
    let rules = BackgroundPolicy(version: IOSVersion(13)).urlSession

    func daemon(forceQuitStops: Bool = true) -> URLSessionDaemon {
        URLSessionDaemon(rules: rules, forceQuitStops: forceQuitStops, random: SeededGenerator(seed: 1))
    }

    func transfer(_ task: String) -> TransferRequest {
        TransferRequest(session: "s", taskDescription: task, direction: .download, bytes: 1000)
    }

    @Test("each resume doubles the delay, which lapses after a further full delay unused (URLS-3)")
    func resumeDelay() {
        var daemon = daemon()
        var effects: [DeviceEffect] = []
        let base = rules.resumeDelayBase
        daemon.growResumeDelay(at: 0, into: &effects)
        #expect(daemon.resumeDelay == base && daemon.holdUntil == base)
        daemon.growResumeDelay(at: base, into: &effects)
        #expect(daemon.resumeDelay == 2 * base)
        // Held 2·base from `base`, then unused for a further 2·base: reset.
        let started = daemon.startTransfer(transfer("late"), foreground: false, now: 5 * base, into: &effects)
        #expect(started && daemon.resumeDelay == 0)
        #expect(daemon.flows.last?.startAfter == 5 * base, "nothing holds the transfer back any more")
    }

    @Test("a transfer created in the background waits out the hold; opening the app lets it go (URLS-3)")
    func holdAndReset() {
        var daemon = daemon()
        var effects: [DeviceEffect] = []
        daemon.growResumeDelay(at: 0, into: &effects)
        _ = daemon.startTransfer(transfer("held"), foreground: false, now: 10, into: &effects)
        #expect(daemon.flows[0].startAfter == rules.resumeDelayBase)
        let reset = daemon.resetResumeDelay(at: 20, into: &effects)
        #expect(reset && daemon.flows[0].startAfter == 20)
        let resetAgain = daemon.resetResumeDelay(at: 30, into: &effects)
        #expect(!resetAgain, "nothing left to reset")
    }

    @Test("the relaunch waits for the first unlock and never follows a force-quit (DATA-8, URLS-5)")
    func relaunchBlocker() {
        let daemon = daemon()
        #expect(daemon.relaunchBlocker(firstUnlockDone: true, forceQuit: false) == nil)
        #expect(daemon.relaunchBlocker(firstUnlockDone: true, forceQuit: true)?.rules == ["TERM-1", "URLS-5"])
        let beforeUnlock = daemon.relaunchBlocker(firstUnlockDone: false, forceQuit: false)
        #expect((beforeUnlock == nil) == rules.relaunchesBeforeFirstUnlock)
        #expect(self.daemon(forceQuitStops: false).relaunchBlocker(firstUnlockDone: true, forceQuit: true) == nil)
    }

    @Test("a process's requests die with it; a force-quit cancels the transfers too (URLS-5, URLS-8)")
    func processEnded() {
        var daemon = daemon()
        var effects: [DeviceEffect] = []
        _ = daemon.startTransfer(transfer("t"), foreground: true, now: 0, into: &effects)
        daemon.send(RequestDescription(id: "mine", bytes: 10), process: 1, now: 0)
        daemon.send(RequestDescription(id: "other", bytes: 10), process: 2, now: 0)
        daemon.holdOutcome(of: "held", process: 1, statusCode: 200, error: nil)
        let diedFirst = daemon.processEnded(1, forceQuit: false, into: &effects)
        #expect(diedFirst == ["mine", "held"])
        #expect(daemon.flows.count == 2, "the transfer and the other process's request go on")
        effects = []
        let diedSecond = daemon.processEnded(2, forceQuit: true, into: &effects)
        #expect(diedSecond == ["other"] && daemon.flows.isEmpty)
        let cancelled = daemon.takeHeldResult()
        #expect(cancelled?.error == "cancelledUserForceQuitApplication")
        #expect(effects.count == 1, "one transfersCancelled decision")
    }
}
