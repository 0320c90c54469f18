import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Background URL sessions and in-process requests on the simulated device (URLS-1 to URLS-5,
/// URLS-7, URLS-8, TERM-1, TERM-6, ENERGY-2).
@Suite("Network: background URLSession (URLS)", .watchdog, .cpuBound)
struct URLSessionRuleTests {
    /// A 10 MB upload begun at Home (t = 10) at 1 MB/s ends at 20, answered at 20.2; the app
    /// suspended at 15 when its grace ran out.
    static let answered: TimeInterval = 20.2

    @Test(
        "URLS-1: a transfer finishes while the app is suspended; the app is woken into the events handler, then gets the outcome",
        arguments: NetworkScenarios.modern)
    func suspendedAppIsWoken(version: IOSVersion) {
        let trace = Trace(NetworkScenarios.make(duration: 120), ios: version, setup: .custom(NetworkApps.uploader()))
        #expect(trace.metrics.wakes["urlSession"] == 1)
        #expect(
            trace.steps(at: Self.answered) == [
                .to(.background), .got(.urlSessionEvents(sessionIdentifier: "s")),
                .got(
                    .urlSessionTaskCompleted(
                        URLSessionTaskResult(sessionIdentifier: "s", taskDescription: "first", statusCode: 200))),
                .to(.suspended),
            ])
        let wake = trace.transitions.first { $0.cause == "urlSessionWake" }
        #expect(same(wake?.time, Self.answered))
        // The handler was completed at once: suspended with the URL-session reason ended.
        #expect(trace.transitions.last?.cause == "urlSessionEventsEnded")
        #expect(trace.metrics.terminations.isEmpty)
        #expect(trace.metrics.invariantViolations.isEmpty)
    }

    @Test(
        "URLS-1: a terminated app is relaunched into the background for the session's events",
        arguments: NetworkScenarios.modern)
    func terminatedAppIsRelaunched(version: IOSVersion) {
        let scenario = NetworkScenarios.make(duration: 120, actions: [UserAction(at: 16, .memoryPressure)])
        let trace = Trace(scenario, ios: version, setup: .custom(NetworkApps.uploader()))
        #expect(trace.metrics.relaunches == 1)
        #expect(
            trace.steps(at: Self.answered) == [
                .to(.background), .got(.didFinishLaunching(.urlSession)),
                .got(.urlSessionEvents(sessionIdentifier: "s")),
                .got(
                    .urlSessionTaskCompleted(
                        URLSessionTaskResult(sessionIdentifier: "s", taskDescription: "first", statusCode: 200))),
                .to(.suspended),
            ])
        #expect(trace.relaunchTransitions.map(\.cause) == ["urlSessionRelaunch"])
    }

    @Test("URLS-1: iOS 6 has no background sessions: the transfer is refused, nothing wakes the app")
    func noBackgroundSessionsOnIOS6() {
        let trace = Trace(
            NetworkScenarios.make(duration: 120), ios: IOSVersion(6), setup: .custom(NetworkApps.uploader()))
        #expect(trace.decisions("commandRefused").first?.decision.rules == ["URLS-1"])
        #expect(trace.metrics.wakes["urlSession"] == 0)
        #expect(trace.records("done").isEmpty)
    }

    @Test(
        "URLS-7, TERM-6: an events handler never completed gets the app killed with 0x2182bad3 when its time is up",
        arguments: NetworkScenarios.modern)
    func uncompletedHandlerIsKilled(version: IOSVersion) {
        let trace = Trace(
            NetworkScenarios.make(duration: 120), ios: version, setup: .custom(NetworkApps.uploader(completes: false)))
        let kill = trace.metrics.terminations.first
        #expect(kill?.reason == .urlSessionHandlerTimeout)
        #expect(kill?.code == "0x2182bad3")
        // relaunchHandlerTime (§12.3 cfg): 30 s after the wake.
        #expect(same(kill?.at, Self.answered + BackgroundPolicy(version: version).urlSession.relaunchHandlerTime))
        #expect(Set(kill?.rules ?? []) == ["URLS-7", "TERM-6"])
    }

    @Test(
        "URLS-4: an outcome that arrives while the app executes is delivered directly: no wake, no resume delay",
        arguments: NetworkScenarios.modern)
    func outcomeWhileExecuting(version: IOSVersion) {
        // 3 MB: answered at 13.2, inside the 5 s grace.
        let trace = Trace(
            NetworkScenarios.make(duration: 120), ios: version, setup: .custom(NetworkApps.uploader(bytes: 3_000_000)))
        #expect(trace.times { if case .urlSessionTaskCompleted = $0 { true } else { false } }.count == 1)
        #expect(same(trace.records("done").first?.time, 13.2))
        #expect(trace.events { if case .urlSessionEvents = $0 { true } else { false } }.isEmpty)
        #expect(trace.metrics.wakes["urlSession"] == 0)
        #expect(trace.decisions("resumeDelay").isEmpty)
    }

    @Test(
        "URLS-3: each background resume doubles the delay a transfer created in the background waits (60, 120, 240 … s)",
        arguments: NetworkScenarios.modern)
    func resumeDelayDoubles(version: IOSVersion) {
        let trace = Trace(
            NetworkScenarios.make(duration: 1200), ios: version, setup: .custom(NetworkApps.uploader(chain: true)))
        // Wakes at 20.2, 80.4, 200.6, 440.8 and 921: five resumes in 1200 s.
        #expect(trace.decisionNumbers("resumeDelay", "delay") == [60, 120, 240, 480, 960])
        #expect(trace.decisionNumbers("transferDeferred", "delay") == [60, 120, 240, 480, 960])
        // Each next upload starts when the delay has passed and is answered 0.2 s after its 1 kB.
        let wakes = trace.transitions.filter { $0.cause == "urlSessionWake" }.map(\.time)
        #expect(wakes.count == 5)
        for (previous, next) in zip(wakes, wakes.dropFirst()) {
            #expect(next - previous > 60 - 1)
        }
        #expect(same(wakes[1] - wakes[0], 60.201))
        #expect(same(wakes[2] - wakes[1], 120.201))
    }

    @Test("URLS-3: the delay resets to 0 when the user opens the app", arguments: NetworkScenarios.modern)
    func resumeDelayResetsInForeground(version: IOSVersion) {
        let scenario = NetworkScenarios.make(
            duration: 600, actions: [UserAction(at: 100, .open), UserAction(at: 110, .home)])
        let trace = Trace(scenario, ios: version, setup: .custom(NetworkApps.uploader(chain: true)))
        let reset = trace.decisions("resumeDelayReset").first
        #expect(same(reset?.time, 100))
        #expect(reset?.decision.fields["by"] == "foreground")
        // Before: 60 then 120 s; the next resume after the reset starts again at 60 s.
        let delays = trace.decisions("resumeDelay").map { ($0.time, $0.decision.fields["delay"]?.number ?? 0) }
        #expect(delays.filter { $0.0 < 100 }.map(\.1) == [60, 120])
        #expect(delays.first { $0.0 > 100 }?.1 == 60)
    }

    @Test(
        "URLS-3: a delay that runs out with no resume resets (assumption: one further delay after the hold)",
        arguments: NetworkScenarios.modern)
    func resumeDelayLapses(version: IOSVersion) {
        // Two sessions: "a" (10 MB) ends at ≈30, "b" (400 MB) long after the first delay ran out.
        let app = Scripted("TwoSessions") { event, _ in
            switch event {
            case .didEnterBackground:
                return [
                    .startTransfer(
                        TransferRequest(session: "a", taskDescription: "a", direction: .upload, bytes: 10_000_000)),
                    .startTransfer(
                        TransferRequest(session: "b", taskDescription: "b", direction: .download, bytes: 400_000_000)),
                ]
            case .urlSessionEvents(let session): return [.completeBackgroundEvents(session: session)]
            default: return []
            }
        }
        let trace = Trace(NetworkScenarios.make(duration: 1200), ios: version, setup: .custom(app))
        #expect(trace.decisionNumbers("resumeDelay", "delay") == [60, 60])
        #expect(trace.decisions("resumeDelayReset").map { $0.decision.fields["by"] } == ["lapsed"])
        // 10 MB at half of 1 MB/s until 30, then 390 MB at full speed: answered at 420.2.
        let wakes: [TimeInterval] = trace.transitions.filter { $0.cause == "urlSessionWake" }.map(\.time)
        #expect(wakes.count == 2)
        #expect(same(wakes.first, 30.2) && same(wakes.last, 420.2))
    }

    @Test(
        "URLS-2: a discretionary transfer waits for Wi-Fi and power; an ordinary one goes over cellular",
        arguments: NetworkScenarios.modern)
    func discretionaryWaitsForWiFi(version: IOSVersion) throws {
        let network = [
            NetworkSegment(at: 0, kind: .cellular, bandwidth: 1_000_000),
            NetworkSegment(at: 300, kind: .wifi, bandwidth: 1_000_000),
        ]
        var scenario = NetworkScenarios.make(duration: 600, network: network)
        scenario.world.power = try PowerTimeline([PowerPoint(at: 0, charging: true)])
        let discretionary = Trace(scenario, ios: version, setup: .custom(NetworkApps.uploader(discretionary: true)))
        #expect(same(discretionary.records("done").first?.time, 310.2))
        // On Wi-Fi but on battery until 400 s: it waits for the charger too.
        scenario.world.power = try PowerTimeline([
            PowerPoint(at: 0, charging: false), PowerPoint(at: 400, charging: true),
        ])
        let unplugged = Trace(scenario, ios: version, setup: .custom(NetworkApps.uploader(discretionary: true)))
        #expect(same(unplugged.records("done").first?.time, 410.2))
        let ordinary = Trace(scenario, ios: version, setup: .custom(NetworkApps.uploader()))
        #expect(same(ordinary.records("done").first?.time, Self.answered))
    }

    @Test(
        "transfers wait while there is no network or the server is down, then go on", arguments: NetworkScenarios.modern
    )
    func transfersWaitForConnectivity(version: IOSVersion) {
        let network = [
            NetworkSegment(at: 0, kind: .wifi, bandwidth: 1_000_000), NetworkSegment(at: 15, kind: .none, bandwidth: 0),
            NetworkSegment(at: 100, kind: .wifi, bandwidth: 1_000_000),
        ]
        let offline = Trace(
            NetworkScenarios.make(duration: 600, network: network), ios: version, setup: .custom(NetworkApps.uploader())
        )
        // 5 MB before 15, the other 5 MB from 100.
        #expect(same(offline.records("done").first?.time, 105.2))
        let down = Trace(
            NetworkScenarios.make(duration: 600, serverDown: [12...50]), ios: version,
            setup: .custom(NetworkApps.uploader()))
        #expect(same(down.records("done").first?.time, 58.2))
    }

    @Test(
        "URLS-5, TERM-1: a force-quit cancels the session's tasks; no relaunch; the app hears it when the user opens it",
        arguments: NetworkScenarios.modern)
    func forceQuitCancels(version: IOSVersion) {
        let scenario = NetworkScenarios.make(
            duration: 300, actions: [UserAction(at: 16, .forceQuit), UserAction(at: 200, .open)])
        let trace = Trace(scenario, ios: version, setup: .custom(NetworkApps.uploader()))
        let cancelled = trace.decisions("transfersCancelled").first
        #expect(same(cancelled?.time, 16))
        #expect(Set(cancelled?.decision.rules ?? []) == ["URLS-5", "TERM-1"])
        #expect(trace.metrics.wakes["urlSession"] == 0)
        #expect(trace.metrics.relaunches == 0)
        let done = trace.records("done")
        #expect(done.count == 1)
        #expect(same(done.first?.time, 200))
        #expect(done.first?.record.fields["error"] == "cancelledUserForceQuitApplication")
        // Delivered after the launch events, in the foreground.
        #expect(trace.steps(at: 200).first == .to(.inactive))
    }

    @Test(
        "URLS-8: a request progresses only while the app executes; without a task it is lost at suspension",
        arguments: NetworkScenarios.families)
    func requestsNeedTheAppRunning(version: IOSVersion) {
        // 10 MB: 10 s of transfer, longer than the 5 s grace.
        let lost = Trace(
            NetworkScenarios.make(duration: 300, actions: [UserAction(at: 100, .open)]), ios: version,
            setup: .custom(NetworkApps.requester(bytes: 10_000_000, withTask: false)))
        #expect(lost.recordStrings("answer", "error") == ["networkConnectionLost"])
        #expect(same(lost.records("answer").first?.time, 100))
        let kept = Trace(
            NetworkScenarios.make(duration: 300), ios: version,
            setup: .custom(NetworkApps.requester(bytes: 10_000_000, withTask: true)))
        #expect(kept.recordStrings("answer", "status") == ["200"])
        #expect(same(kept.records("answer").first?.time, 20.2))
    }

    @Test(
        "requests fail at once without a network or with the server down", arguments: [IOSVersion(12), IOSVersion(17)])
    func requestsFailFast(version: IOSVersion) {
        let offline = Trace(
            NetworkScenarios.make(duration: 60, network: [NetworkSegment(at: 0, kind: .none, bandwidth: 0)]),
            ios: version,
            setup: .custom(NetworkApps.requester(bytes: 200, withTask: true)))
        #expect(offline.recordStrings("answer", "error") == ["notConnectedToInternet"])
        let down = Trace(
            NetworkScenarios.make(duration: 60, serverDown: [0...30]), ios: version,
            setup: .custom(NetworkApps.requester(bytes: 200, withTask: true)))
        #expect(down.recordStrings("answer", "error") == ["cannotConnectToHost"])
    }

    @Test("ENERGY-2: radio bytes and powered seconds include a tail after each burst")
    func radioTally() {
        var scenario = NetworkScenarios.make(duration: 300)
        scenario.device.radioTail = 10
        let trace = Trace(scenario, ios: IOSVersion(17), setup: .custom(NetworkApps.uploader()))
        #expect(trace.metrics.usage.radioBytes == 10_000_000)
        // 10 s moving bytes, 0.2 s waiting for the answer, 10 s tail.
        #expect(abs(trace.metrics.usage.radioActiveSeconds - 20.2) < 0.01)
    }
}
