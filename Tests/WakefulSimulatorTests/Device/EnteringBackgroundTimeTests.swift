import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// `backgroundTimeRemaining` right after entering the background on 13+ (TASK-11, M391799), and
/// CONF-1c, the report of an expiration handler after ≈15 s.
@Suite("Device: remaining time while entering the background (TASK-11, CONF-1c)", .watchdog, .cpuBound)
struct EnteringBackgroundTimeTests {
    static let home: TimeInterval = 10

    /// Begins a task at launch; reads the remaining time in `applicationDidEnterBackground` and
    /// 1 s later; ends the task in its handler unless `leaky`.
    static func app(leaky: Bool = false) -> Scripted {
        Scripted(leaky ? "LeakyReader" : "Reader") { event, context in
            switch event {
            case .didFinishLaunching: return [.beginBackgroundTask(BackgroundTaskID(owner: "fg", serial: 1))]
            case .didEnterBackground: return [Apps.reading(context), .setTimer(TimerRequest(id: "next", interval: 1))]
            case .timerFired: return [Apps.reading(context)]
            case .backgroundTaskExpiring(let id) where !leaky: return [.endBackgroundTask(id)]
            default: return []
            }
        }
    }

    @Test(arguments: ["13", "17", "18", "26"])
    func onIOS13AndLaterTheCallbackReadsDBLMaxButTheCountdownRunsFromHome(version: String) throws {
        let ios = try Versions.parse(version)
        let trace = Trace(Scenarios.make(duration: 120, home: Self.home), ios: ios, setup: .custom(Self.app()))
        let readings = trace.remainingReadings
        try #require(readings.count == 2)
        #expect(readings[0].time == Self.home && readings[0].value == Context.unlimited)
        #expect(same(readings[1].time, Self.home + 1) && readings[1].value == 29, "the countdown started at Home")
        // DTS's task still ran ≈30 s in the background: the handler 1 s before 30 s on 13.x, the
        // 4 s lead from 14 (TASK-12).
        let lead: TimeInterval = ios.major == 13 ? 1 : 4
        #expect(trace.expirations.map(\.time) == [Self.home + 30 - lead])
    }

    @Test(arguments: [("8", 180.0), ("12", 180.0), ("6", 600.0)])
    func beforeIOS13TheCallbackReadsTheRealValue(version: String, budget: TimeInterval) throws {
        let trace = Trace(
            Scenarios.make(duration: 700, home: Self.home), ios: try Versions.parse(version), setup: .custom(Self.app())
        )
        #expect(trace.remainingReadings.first?.value == budget)
    }

    @Test(arguments: ["13", "17", "26"])
    func conf1cRunsTheHandlerFifteenSecondsInAndKillsTheLeadTimeLater(version: String) throws {
        var scenario = Scenarios.make(duration: 120, home: Self.home)
        scenario.device.variants = [.expiryAt15Seconds]
        let ios = try Versions.parse(version)
        let leaky = Trace(scenario, ios: ios, setup: .custom(Self.app(leaky: true)))
        #expect(leaky.expirations.map(\.time) == [Self.home + 15])
        // The kill follows the TASK-12 lead: 1 s on 13.x, 4 s from 14.
        #expect(leaky.metrics.terminations.map(\.at) == [Self.home + 15 + (ios.major == 13 ? 1 : 4)])
        #expect(leaky.remainingReadings.first?.value == Context.unlimited)
        #expect(PolicyVariant.expiryAt15Seconds.isApplicable(to: ios))
    }

    @Test func conf1cChangesNothingBeforeIOS13() throws {
        var scenario = Scenarios.make(duration: 400, home: Self.home)
        scenario.device.variants = [.expiryAt15Seconds]
        let trace = Trace(scenario, ios: IOSVersion(12), setup: .custom(Self.app(leaky: true)))
        #expect(trace.metrics.terminations.map(\.at) == [Self.home + 180])
    }
}
