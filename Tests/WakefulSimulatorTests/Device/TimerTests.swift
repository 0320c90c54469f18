import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Main-run-loop timers: they fire only while the app executes, keep their phase, and die with the
/// process (STATE-1, STATE-3).
@Suite("Device: timers", .watchdog, .cpuBound)
struct TimerTests {
    /// A 7 s repeating timer from launch, and a one-shot 60 s timer set on entering the background.
    static let timers = Scripted("Timers") { event, _ in
        switch event {
        case .didFinishLaunching: return [.setTimer(TimerRequest(id: "repeating", interval: 7, repeats: true))]
        case .didEnterBackground: return [.setTimer(TimerRequest(id: "once", interval: 60))]
        default: return []
        }
    }

    static func firings(_ trace: Trace, _ id: TimerID) -> [TimeInterval] {
        trace.times { $0 == .timerFired(id) }
    }

    @Test(arguments: ["6", "12", "17", "26"])
    func aTimerDueWhileSuspendedFiresOnceWhenTheAppNextRuns(version: String) throws {
        // Home at 10, suspended at 15; "once" falls due at 70; the user opens the app at 100.
        let trace = Trace(
            Scenarios.make(duration: 130, actions: [UserAction(at: 100, .open)]), ios: try Versions.parse(version),
            setup: .custom(Self.timers))
        #expect(Self.firings(trace, "once") == [100])
    }

    @Test func aTimerDueWhileSuspendedFiresAtAWake() throws {
        let once = Scripted("Once") { event, _ in
            guard case .didEnterBackground = event else { return [] }
            return [.setTimer(TimerRequest(id: "once", interval: 100))]
        }
        let trace = Trace(DeviceScenarios.fenceWalk(), ios: IOSVersion(17), setup: .custom(once))
        let wake = try #require(trace.states(to: .background).first { $0.change.cause == "regionWake" }?.time)
        #expect(wake > 110)
        #expect(Self.firings(trace, "once") == [wake])
    }

    @Test(arguments: ["6", "12", "17", "26"])
    func aRepeatingTimerFiresOnceForTheMissedTicksAndKeepsItsPhase(version: String) throws {
        let trace = Trace(
            Scenarios.make(duration: 130, actions: [UserAction(at: 100, .open)]), ios: try Versions.parse(version),
            setup: .custom(Self.timers))
        // 7 and 14 before the suspension at 15; the ticks due at 21 … 98 collapse into one at 100;
        // then back on the 7 s grid from launch: 105, 112, 119, 126.
        #expect(Self.firings(trace, "repeating") == [7, 14, 100, 105, 112, 119, 126])
    }

    @Test(arguments: ["12", "17"])
    func timersDieWithTheProcess(version: String) throws {
        let ios = try Versions.parse(version)
        let launchTimer = Scripted("LaunchTimer") { event, _ in
            guard case .didFinishLaunching = event else { return [] }
            return [.setTimer(TimerRequest(id: "t0", interval: 400))]
        }
        // Control: the same process is still there at 400 (opened at 300), so the timer fires.
        let kept = Trace(
            Scenarios.make(duration: 600, actions: [UserAction(at: 300, .open)]), ios: ios, setup: .custom(launchTimer))
        #expect(Self.firings(kept, "t0") == [400])
        // Killed while suspended at 60 and launched anew at 300: the new timer is due at 700, the old one never fires.
        let killed = Trace(
            Scenarios.make(duration: 600, actions: [UserAction(at: 60, .memoryPressure), UserAction(at: 300, .open)]),
            ios: ios,
            setup: .custom(launchTimer))
        #expect(killed.events { $0 == .didFinishLaunching(.user) }.map(\.time) == [0, 300])
        #expect(Self.firings(killed, "t0").isEmpty)
    }
}
