import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// AT-6 — iOS 7+: geofence basics (LOC-16 to LOC-22).
@Suite("AT-6: geofence basics", .watchdog, .cpuBound)
struct AT6GeofenceBasicsTests {
    static let radius = 150.0
    static let walkStart: TimeInterval = 100
    static let speed = 1.4

    /// 20 regions, #1 around the user, then a 21st; the user later walks 1 km east out of #1.
    static func scenario(device: DeviceSettings = DeviceScenarios.fixedCrossing, actions: [UserAction] = []) -> Scenario
    {
        let fences = (1...21).map { index in
            GeofenceSpec(
                id: RegionID("fence-\(index)"), center: LocalPoint(east: 0, north: Double(index - 1) * 2000),
                radius: radius)
        }
        return Scenarios.make(
            duration: 1800, at: .zero, walkFrom: walkStart,
            legs: [RouteLeg(destination: LocalPoint(east: 1000, north: 0), speed: speed)],
            features: [.geofences(fences)], device: device, actions: actions)
    }

    /// When the rule first holds: ≥200 m past the 150 m edge for 20 s (LOC-19).
    static let earliestExit = walkStart + (radius + 200) / speed + 20

    @Test(arguments: ["7", "12", "17", "26"])
    func registrationInsideGivesNoEntryButRequestStateSaysInside(version: String) throws {
        let trace = Trace(Self.scenario(), ios: try #require(IOSVersion(parsing: version)))
        #expect(trace.events { $0 == .regionEntered("fence-1") }.isEmpty)
        #expect(trace.events { $0 == .regionStateDetermined("fence-1", .inside) }.first?.time == 0)
        #expect(trace.events { $0 == .regionStateDetermined("fence-2", .outside) }.first?.time == 0)
    }

    @Test func the21stRegionFails() {
        let trace = Trace(Self.scenario(), ios: IOSVersion(17))
        #expect(trace.events { $0 == .regionMonitoringFailed("fence-21", .tooManyRegions) }.count == 1)
        #expect(trace.events { $0 == .regionMonitoringFailed("fence-20", .tooManyRegions) }.isEmpty)
    }

    @Test(arguments: ["8", "17"])
    func exitComesOnlyOnceTheCrossingRuleHolds(version: String) throws {
        let trace = Trace(Self.scenario(), ios: try #require(IOSVersion(parsing: version)))
        let exit = try #require(trace.events { $0 == .regionExited("fence-1") }.first)
        #expect(exit.time >= Self.earliestExit)
        #expect(exit.time < Self.earliestExit + 2, "default profile: as soon as the rule holds (CONF-15)")
    }

    @Test func aSuspendedAppIsWokenForTenSeconds() throws {
        let trace = Trace(Self.scenario(), ios: IOSVersion(17))
        let wake = try #require(trace.states(to: .background).first { $0.change.cause == "regionWake" })
        #expect(trace.states(to: .suspended).first { $0.time > wake.time }?.time == wake.time + 10)
        #expect(trace.metrics.wakes["region"] == 1)
    }

    @Test func aTerminatedAppIsRelaunchedIntoTheBackground() throws {
        let trace = Trace(Self.scenario(actions: [UserAction(at: 60, .memoryPressure)]), ios: IOSVersion(17))
        #expect(trace.metrics.terminations.map(\.reason) == [.memoryPressure])
        let relaunch = try #require(trace.states(to: .background).first { $0.change.cause == "regionRelaunch" })
        #expect(relaunch.change.from == .notRunning, "STATE-2: straight from Not running to Background")
        #expect(trace.events { $0 == .didFinishLaunching(.region) }.first?.time == relaunch.time)
        #expect(trace.events { $0 == .regionExited("fence-1") }.first?.time == relaunch.time)
        #expect(trace.states(to: .suspended).last?.time == relaunch.time + 10)
        #expect(trace.metrics.relaunches == 1)
    }

    @Test func withBackgroundAppRefreshOffTheExitWakesNothing() {
        let off = DeviceSettings(backgroundAppRefresh: false)
        let suspended = Trace(Self.scenario(device: off), ios: IOSVersion(17))
        #expect(suspended.events { $0 == .regionExited("fence-1") }.isEmpty)
        #expect(suspended.decisions("wakeSuppressed").first?.decision.rules == ["LOC-22"])
        let terminated = Trace(
            Self.scenario(device: off, actions: [UserAction(at: 60, .memoryPressure)]), ios: IOSVersion(17))
        #expect(terminated.metrics.relaunches == 0)
        #expect(terminated.decisions("relaunchSuppressed").count == 1)
    }

    @Test func lowPowerModeTurnsBackgroundAppRefreshOffFromiOS9() {
        // BGT-12.
        let lowPower = DeviceSettings(lowPowerMode: true)
        #expect(Trace(Self.scenario(device: lowPower), ios: IOSVersion(17)).metrics.wakes["region"] == 0)
        #expect(Trace(Self.scenario(device: lowPower), ios: IOSVersion(8)).metrics.wakes["region"] == 1)
    }
}
