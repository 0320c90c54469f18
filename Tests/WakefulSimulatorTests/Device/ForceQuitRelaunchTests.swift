import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Location relaunches after a user force-quit, and the force-quit flag (TERM-1, LOC-23,
/// LOC-25 to LOC-29, CONF-5).
@Suite("Device: force-quit and relaunch (TERM-1, CONF-5, LOC-25..29)", .watchdog, .cpuBound)
struct ForceQuitRelaunchTests {
    static let forceQuit: TimeInterval = 60
    /// When the fence walk's exit is confirmed (LOC-19), on the 1 s world clock.
    static let exit = DeviceScenarios.earliestFenceExit.rounded(.up)

    static func fenceTrace(_ version: String, variants: [PolicyVariant] = [], actions: [UserAction]) throws -> Trace {
        var scenario = DeviceScenarios.fenceWalk(actions: actions)
        scenario.device.variants = variants
        return Trace(scenario, ios: try Versions.parse(version))
    }

    @Test(arguments: ["6", "7.1", "10", "12", "15.3", "17", "18"])
    func aRegionExitRelaunchesAForceQuitApp(version: String) throws {
        let trace = try Self.fenceTrace(version, actions: [UserAction(at: Self.forceQuit, .forceQuit)])
        #expect(trace.metrics.terminations.map(\.reason) == [.userForceQuit])
        let relaunch = try #require(trace.relaunchTransitions.first)
        #expect(same(relaunch.time, Self.exit))
        #expect(relaunch.to == .background && relaunch.cause == "regionRelaunch")
        #expect(trace.events { $0 == .didFinishLaunching(.region) }.map(\.time) == [relaunch.time])
        #expect(trace.events { $0 == .regionExited("fence") }.map(\.time) == [relaunch.time])
        #expect(trace.decisions("relaunchSuppressed").isEmpty)
    }

    // 26.2.1 still relaunched (loc-ios26-2-forcequit-relaunched-by-region); 26.4.2 did not (LOC-28).
    @Test(arguments: ["7.0", "7.0.6", "26.4", "26.4.2"])
    func noRegionRelaunchAfterAForceQuitOn7Point0And26(version: String) throws {
        let trace = try Self.fenceTrace(version, actions: [UserAction(at: Self.forceQuit, .forceQuit)])
        #expect(trace.metrics.relaunches == 0)
        #expect(trace.statePath.last == .notRunning)
        let suppressed = try #require(trace.decisions("relaunchSuppressed").first)
        #expect(same(suppressed.time, Self.exit))
        #expect(Set(suppressed.decision.rules).isSuperset(of: ["TERM-1", "LOC-29", "CONF-5"]))
        #expect(trace.metrics.suppressedWakes["region"] == 1)
    }

    @Test(arguments: [
        ("6", true), ("7.0", false), ("7.1", true), ("12", true), ("17", true), ("18", true), ("26.2.1", true),
        ("26.4", false),
    ])
    func significantChangeRelaunchesAForceQuitAppByVersion(version: String, relaunches: Bool) throws {
        let scenario = DeviceScenarios.drive(actions: [UserAction(at: Self.forceQuit, .forceQuit)])
        let trace = Trace(scenario, ios: try Versions.parse(version), setup: .custom(Apps.significantChange))
        if relaunches {
            #expect(
                trace.events { $0 == .didFinishLaunching(.significantChange) }.map(\.time) == [
                    LocationServiceTests.fiveMinutes
                ])
            #expect(trace.metrics.relaunches == 1)
        } else {
            #expect(trace.metrics.relaunches == 0)
            #expect(trace.decisions("relaunchSuppressed").map(\.time) == [LocationServiceTests.fiveMinutes])
        }
    }

    @Test(arguments: ["6", "10", "12", "17", "18"])
    func conf5aNeverRelaunches(version: String) throws {
        let trace = try Self.fenceTrace(
            version, variants: [.forceQuitNeverRelaunches], actions: [UserAction(at: Self.forceQuit, .forceQuit)])
        #expect(trace.metrics.relaunches == 0)
        #expect(trace.decisions("relaunchSuppressed").count == 1)
    }

    @Test(arguments: ["10", "12", "17"])
    func conf5bRelaunchesThenKillsAfterThreeMinutes(version: String) throws {
        let trace = try Self.fenceTrace(
            version, variants: [.forceQuitRelaunchThenKill], actions: [UserAction(at: Self.forceQuit, .forceQuit)])
        let relaunch = try #require(trace.relaunchTransitions.first)
        #expect(same(relaunch.time, Self.exit))
        #expect(trace.metrics.terminations.map(\.reason) == [.userForceQuit, .relaunchAfterForceQuit])
        #expect(trace.metrics.terminations.map(\.at) == [Self.forceQuit, relaunch.time + 180])
        #expect(trace.transitions.last?.cause == "relaunchAfterForceQuit")
    }

    @Test func conf5bDoesNotKillTheAppOnceTheUserHasOpenedIt() throws {
        // TERM-1: opening the app clears the force-quit flag; LOC-26 reports a kill of the app relaunched
        // in the background, not of one the user is using.
        let trace = try Self.fenceTrace(
            "10", variants: [.forceQuitRelaunchThenKill],
            actions: [UserAction(at: Self.forceQuit, .forceQuit), UserAction(at: 400, .open)])
        #expect(trace.decisions("forceQuitFlagCleared").map(\.time) == [400])
        #expect(trace.metrics.terminations.map(\.reason) == [.userForceQuit])
        #expect(trace.statePath.last == .active)
    }

    @Test(arguments: ["15.3", "15.3.1", "17"])
    func conf5cRelaunchesRightAfterTheForceQuit(version: String) throws {
        let trace = try Self.fenceTrace(
            version, variants: [.forceQuitRelaunchImmediately], actions: [UserAction(at: Self.forceQuit, .forceQuit)])
        #expect(
            trace.steps(at: Self.forceQuit).prefix(3) == [
                .to(.notRunning), .to(.background), .got(.didFinishLaunching(.region)),
            ])
        #expect(
            trace.transitions.first { $0.time == Self.forceQuit && $0.to == .background }?.cause == "regionRelaunch")
        #expect(trace.states(to: .suspended).first { $0.time > Self.forceQuit }?.time == Self.forceQuit + 10)
        // Without the variant, 15.3 waits for the exit.
        let plain = try Self.fenceTrace(version, actions: [UserAction(at: Self.forceQuit, .forceQuit)])
        #expect(plain.relaunchTransitions.map(\.time) == [Self.exit])
    }

    @Test(arguments: ["7.0", "26.4"])
    func openingTheAppClearsTheFlag(version: String) throws {
        let trace = try Self.fenceTrace(
            version,
            actions: [
                UserAction(at: Self.forceQuit, .forceQuit), UserAction(at: 80, .open), UserAction(at: 90, .home),
                UserAction(at: 120, .memoryPressure),
            ])
        #expect(trace.decisions("forceQuitFlagCleared").map(\.time) == [80])
        #expect(trace.decisions("forceQuitFlagCleared").first?.decision.fields["by"] == .string("manualLaunch"))
        #expect(trace.metrics.terminations.map(\.reason) == [.userForceQuit, .memoryPressure])
        #expect(trace.relaunchTransitions.map(\.time) == [Self.exit])
        #expect(trace.relaunchTransitions.first?.cause == "regionRelaunch")
        #expect(trace.decisions("relaunchSuppressed").isEmpty)
    }

    @Test(arguments: ["7.0", "12", "26.4"])
    func aRebootClearsTheFlag(version: String) throws {
        let trace = try Self.fenceTrace(
            version,
            actions: [
                UserAction(at: Self.forceQuit, .forceQuit), UserAction(at: 80, .reboot), UserAction(at: 90, .unlock),
            ])
        #expect(trace.decisions("forceQuitFlagCleared").first?.decision.fields["by"] == .string("reboot"))
        #expect(trace.relaunchTransitions.map(\.time) == [Self.exit])
        #expect(trace.metrics.relaunches == 1)
    }

    @Test(arguments: ["7.1", "12", "17", "26"])
    func afterARebootACrossingWhileLockedWaitsForTheFirstUnlock(version: String) throws {
        // LOC-23: the exit rule holds from ≈370 s, but the phone stays locked until 600 (the walk goes on to ≈814).
        let unlock: TimeInterval = 600
        let trace = try Self.fenceTrace(
            version, actions: [UserAction(at: 80, .reboot), UserAction(at: unlock, .unlock)])
        #expect(trace.metrics.terminations.map(\.reason) == [.reboot])
        #expect(
            trace.events { $0 == .regionExited("fence") || $0 == .didFinishLaunching(.region) }.allSatisfy {
                $0.time >= unlock
            })
        #expect(trace.decisions("firstUnlock").map(\.time) == [unlock])
        let exit = try #require(trace.events { $0 == .regionExited("fence") }.first)
        #expect(exit.time >= unlock && exit.time <= unlock + 21, "the crossing rule runs again from the unlock")
        #expect(trace.events { $0 == .didFinishLaunching(.region) }.map(\.time) == [exit.time])
    }

    @Test(arguments: ["12", "17", "26"])
    func afterARebootTheFirstUnlockReportsACrossingMadeWhileStill(version: String) throws {
        // LOC-23: events resume after the first unlock, even if the device stopped moving before it.
        let unlock: TimeInterval = 1000
        #expect(unlock > DeviceScenarios.walkEnd)
        let trace = try Self.fenceTrace(
            version, actions: [UserAction(at: 80, .reboot), UserAction(at: unlock, .unlock)])
        #expect(trace.events { $0 == .regionExited("fence") }.allSatisfy { $0.time >= unlock })
        let exit = trace.events { $0 == .regionExited("fence") }.first
        #expect(exit.map { $0.time <= unlock + 21 } == true)
        #expect(trace.metrics.relaunches == 1)
    }
}
