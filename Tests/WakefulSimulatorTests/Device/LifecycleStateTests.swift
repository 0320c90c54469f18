import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// App states and transitions on every family (STATE-1 to STATE-8, CONF-3).
@Suite("Device: app states and transitions (STATE)", .watchdog, .cpuBound)
struct LifecycleStateTests {
    @Test(arguments: Versions.all)
    func aUserLaunchGoesFromNotRunningThroughInactiveToActive(version: String) throws {
        let trace = Trace(Scenarios.make(duration: 30), ios: try Versions.parse(version))
        #expect(
            trace.steps(at: 0) == [
                .to(.inactive), .got(.didFinishLaunching(.user)), .to(.active), .got(.didBecomeActive),
            ])
        #expect(trace.transitions.first?.from == .notRunning)
        #expect(trace.transitions.first?.cause == "userOpened")
    }

    @Test(arguments: Versions.all)
    func homeResignsThenEntersTheBackgroundThenSuspendsAfterFiveSecondsOfGrace(version: String) throws {
        let trace = Trace(Scenarios.make(duration: 60, home: 10), ios: try Versions.parse(version))
        // STATE-1, STATE-4: willResignActive while Inactive, then didEnterBackground in Background.
        #expect(
            trace.steps(at: 10) == [
                .to(.inactive), .got(.willResignActive), .to(.background), .got(.didEnterBackground),
            ])
        // STATE-5: no run reason, so 5 s of grace and then Suspended, silently (STATE-1).
        let suspension = try #require(trace.transitions.first { $0.to == .suspended })
        #expect(suspension.time == 15)
        #expect(suspension.from == .background)
        #expect(suspension.cause == "graceEnded")
        #expect(trace.steps(at: 15) == [.to(.suspended)], "suspension is not announced to the app")
    }

    @Test(arguments: Versions.all.filter { $0 != "6" })
    func conf3GivesTenSecondsOfGrace(version: String) throws {
        var scenario = Scenarios.make(duration: 60, home: 10)
        scenario.device.variants = [.grace10Seconds]
        let trace = Trace(scenario, ios: try Versions.parse(version))
        #expect(trace.states(to: .suspended).map(\.time) == [20])
        #expect(trace.states(to: .suspended).first?.change.cause == "graceEnded")
    }

    @Test(arguments: Versions.all)
    func lockingTheForegroundAppSendsItToTheBackgroundAndUnlockingBringsItBack(version: String) throws {
        let scenario = Scenarios.make(
            duration: 200, home: DeviceScenarios.never,
            actions: [UserAction(at: 20, .lock), UserAction(at: 100, .unlock)])
        let trace = Trace(scenario, ios: try Versions.parse(version))
        #expect(
            trace.steps(at: 20) == [
                .to(.inactive), .got(.willResignActive), .to(.background), .got(.didEnterBackground),
            ])
        #expect(trace.transitions.first { $0.time == 20 }?.cause == "userLocked")
        #expect(trace.states(to: .suspended).map(\.time) == [25])
        #expect(
            trace.steps(at: 100) == [.to(.inactive), .got(.willEnterForeground), .to(.active), .got(.didBecomeActive)])
        #expect(trace.transitions.first { $0.time == 100 }?.from == .suspended)
        #expect(trace.transitions.first { $0.time == 100 }?.cause == "userUnlocked")
        #expect(trace.statePath.last == .active)
    }

    @Test(arguments: Versions.all)
    func unlockingDoesNotBringBackAnAppThatWasNotInFront(version: String) throws {
        // Home at 10, lock at 50 with the app already in the background: unlocking shows the home screen.
        let scenario = Scenarios.make(
            duration: 200, actions: [UserAction(at: 50, .lock), UserAction(at: 100, .unlock)])
        let trace = Trace(scenario, ios: try Versions.parse(version))
        #expect(trace.steps(at: 100).isEmpty)
        #expect(trace.statePath.last == .suspended)
    }

    @Test(arguments: Versions.all)
    func openingASuspendedAppDeliversWillEnterForegroundThenDidBecomeActive(version: String) throws {
        let trace = Trace(
            Scenarios.make(duration: 200, actions: [UserAction(at: 100, .open)]), ios: try Versions.parse(version))
        #expect(trace.transitions.first { $0.time == 100 }?.from == .suspended)
        #expect(
            trace.steps(at: 100) == [.to(.inactive), .got(.willEnterForeground), .to(.active), .got(.didBecomeActive)])
        #expect(trace.events { $0 == .didFinishLaunching(.user) }.count == 1, "the same process, not a new launch")
    }

    @Test(arguments: Versions.all)
    func memoryPressureRemovesASuspendedAppWithoutAnyCallback(version: String) throws {
        // STATE-3, STATE-6, STATE-8.
        let trace = Trace(
            Scenarios.make(duration: 100, actions: [UserAction(at: 60, .memoryPressure)]),
            ios: try Versions.parse(version))
        let kill = try #require(trace.transitions.first { $0.to == .notRunning })
        #expect(kill.time == 60)
        #expect(kill.from == .suspended)
        #expect(kill.cause == "memoryPressure")
        #expect(trace.steps(at: 60) == [.to(.notRunning)], "no memory warning, no willTerminate")
        #expect(trace.events { $0 == .willTerminate || $0 == .memoryWarning }.isEmpty)
        #expect(trace.metrics.terminations.map(\.reason) == [.memoryPressure])
        #expect(trace.metrics.terminations.first?.rules == ["STATE-3"])
    }

    @Test(arguments: Versions.all)
    func memoryPressureOnlyWarnsARunningApp(version: String) throws {
        // STATE-8: Active at 5, in the background grace at 12.
        let scenario = Scenarios.make(
            duration: 100, actions: [UserAction(at: 5, .memoryPressure), UserAction(at: 12, .memoryPressure)])
        let trace = Trace(scenario, ios: try Versions.parse(version))
        #expect(trace.times { $0 == .memoryWarning } == [5, 12])
        #expect(trace.steps(at: 5) == [.got(.memoryWarning)])
        #expect(trace.steps(at: 12) == [.got(.memoryWarning)])
        #expect(trace.metrics.terminations.isEmpty)
        #expect(trace.states(to: .suspended).map(\.time) == [15], "the warning does not change the grace")
    }
}

/// A suspended (or terminated) app runs no code, so it never receives an event (STATE-1, STATE-3),
/// checked on the timeline over scenarios that suspend, wake, relaunch and kill the app.
@Suite("Device: no events reach a suspended app (STATE-1)", .watchdog, .cpuBound)
struct SuspendedSilenceTests {
    static let cases = [
        "beacon-wake", "beacon-display", "geofence-relaunch", "significant-change", "timers", "force-quit-conf5b",
        "reboot", "location-pause", "task-refresh",
    ]

    /// Builds one of the ``cases``.
    static func trace(_ name: String) -> Trace {
        switch name {
        case "beacon-wake":
            return Trace(AT3BeaconRegionWakeTests.scenario(), ios: IOSVersion(8), setup: .custom(TaskExtension()))
        case "beacon-display":
            let scenario = DeviceScenarios.nearBeacon(
                duration: 400, features: [.beaconTrigger(beacon: "b", triggerDistance: 0.01)],
                actions: [
                    UserAction(at: 50, .lock), UserAction(at: 100, .glance), UserAction(at: 200, .unlock),
                    UserAction(at: 300, .open),
                ])
            return Trace(scenario, ios: IOSVersion(17))
        case "geofence-relaunch":
            let scenario = DeviceScenarios.fenceWalk(actions: [UserAction(at: 60, .memoryPressure)])
            return Trace(scenario, ios: IOSVersion(17), setup: .custom(Apps.taskOnBackground()))
        case "significant-change":
            let scenario = DeviceScenarios.drive(actions: [UserAction(at: 200, .memoryPressure)])
            return Trace(scenario, ios: IOSVersion(12), setup: .custom(Apps.significantChange, Apps.taskOnBackground()))
        case "timers":
            let ticking = Scripted("Ticking") { event, _ in
                guard case .didFinishLaunching = event else { return [] }
                return [.setTimer(TimerRequest(id: "tick", interval: 3, repeats: true))]
            }
            let scenario = DeviceScenarios.fenceWalk(actions: [UserAction(at: 600, .open), UserAction(at: 650, .home)])
            return Trace(scenario, ios: IOSVersion(10), setup: .custom(ticking))
        case "force-quit-conf5b":
            var scenario = DeviceScenarios.fenceWalk(actions: [UserAction(at: 60, .forceQuit)])
            scenario.device.variants = [.forceQuitRelaunchThenKill]
            return Trace(scenario, ios: IOSVersion(10), setup: .custom(Apps.significantChange))
        case "reboot":
            let scenario = DeviceScenarios.fenceWalk(actions: [
                UserAction(at: 80, .reboot), UserAction(at: 600, .unlock),
            ])
            return Trace(scenario, ios: IOSVersion(26))
        case "location-pause":
            return Trace(
                LocationServiceTests.standardWalk(actions: [UserAction(at: 2000, .open)]), ios: IOSVersion(17),
                setup: .custom(LocationServiceTests.standardUpdates))
        default:  // "task-refresh"
            return Trace(
                DeviceScenarios.fenceWalk(), ios: IOSVersion(8), setup: .custom(BackgroundTaskTests.wakeTaskApp))
        }
    }

    @Test(arguments: cases)
    func noEventFallsBetweenASuspensionAndTheNextStateChange(name: String) {
        let trace = Self.trace(name)
        // Not vacuous: the app was suspended at least once and received events afterwards.
        let firstSuspension = trace.states(to: .suspended).first?.time ?? .infinity
        #expect(firstSuspension < .infinity, "\(name) never suspends the app")
        #expect(
            trace.events { _ in true }.contains { $0.time > firstSuspension }, "\(name) has no event after a suspension"
        )
        let leaks = trace.eventsWhileNotExecuting
        #expect(leaks.isEmpty, "\(name): \(leaks.prefix(3).map { "t=\($0.time) \($0.state.rawValue): \($0.event)" })")
        #expect(trace.metrics.invariantViolations.isEmpty, "\(name): \(trace.metrics.invariantViolations.prefix(2))")
    }
}
