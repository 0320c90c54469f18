import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The significant-change service (LOC-10 to LOC-16, LOC-22, CONF-4, CONF-9, CONF-14) and standard
/// location updates (LOC-1, LOC-2, LOC-5).
@Suite("Device: location services (LOC)", .watchdog, .cpuBound)
struct LocationServiceTests {
    /// The five-minute mark after the service started at launch (LOC-10).
    static let fiveMinutes: TimeInterval = 300

    // MARK: Significant-location change

    @Test(arguments: Versions.all)
    func drivingThreeKilometresInTwoMinutesGivesOneEventAtTheFiveMinuteMark(version: String) throws {
        let trace = Trace(
            DeviceScenarios.drive(), ios: try Versions.parse(version), setup: .custom(Apps.significantChange))
        // The first fix comes as soon as the service starts; then one event for the whole 3 km.
        #expect(trace.significantChangeTimes == [0, Self.fiveMinutes])
        let wake = try #require(trace.transitions.first { $0.time == Self.fiveMinutes })
        #expect(wake.from == .suspended && wake.to == .background)
        #expect(wake.cause == "significantChangeWake")
        #expect(trace.states(to: .suspended).map(\.time) == [15, Self.fiveMinutes + 10], "LOC-12: ≈10 s per wake")
        #expect(trace.metrics.wakes["significantChange"] == 1)
    }

    @Test("a run's significant-change fixes state one of the field's accuracies, the same all run (LOC-10)")
    func significantChangeAccuracyIsTheRunsFieldLevel() throws {
        var levels: Set<Double> = []
        for seed in 1...12 {
            let trace = Trace(
                DeviceScenarios.drive(), ios: IOSVersion(17), setup: .custom(Apps.significantChange), seed: UInt64(seed)
            )
            let accuracies = trace.events { if case .significantLocationChange = $0 { true } else { false } }.compactMap
            {
                entry -> Double? in
                guard case .significantLocationChange(let fix) = entry.event else { return nil }
                return fix.horizontalAccuracy
            }
            try #require(accuracies.count == 2)
            #expect(Set(accuracies).count == 1, "seed \(seed): \(accuracies)")
            levels.insert(accuracies[0])
        }
        // loc-slc-wake-first-fix-1414m, auth-ios13-background-reports-2500m, …-200-400m-xr.
        #expect(levels == [300, 1414, 2500])
    }

    @Test(arguments: ["6", "7.1", "12", "17", "26"])
    func noEventBeforeFiveHundredMetres(version: String) throws {
        // 450 m in all, slowly: never a significant change (LOC-10).
        let scenario = Scenarios.make(
            duration: 1500, at: .zero, walkFrom: 20,
            legs: [RouteLeg(destination: LocalPoint(east: 450, north: 0), speed: 1)])
        let trace = Trace(scenario, ios: try Versions.parse(version), setup: .custom(Apps.significantChange))
        #expect(trace.significantChangeTimes == [0])
    }

    @Test(arguments: Versions.all)
    func aTerminatedAppIsRelaunchedIntoTheBackgroundBySignificantChange(version: String) throws {
        let scenario = DeviceScenarios.drive(actions: [UserAction(at: 60, .memoryPressure)])
        let trace = Trace(scenario, ios: try Versions.parse(version), setup: .custom(Apps.significantChange))
        let relaunch = try #require(trace.transitions.first { $0.from == .notRunning && $0.time > 60 })
        #expect(relaunch.time == Self.fiveMinutes)
        #expect(relaunch.to == .background, "STATE-2: straight to Background, no Inactive")
        #expect(relaunch.cause == "significantChangeRelaunch")
        let delivered = trace.steps(at: Self.fiveMinutes).compactMap {
            if case .got(let event) = $0 { event } else { nil }
        }
        #expect(delivered.first == .didFinishLaunching(.significantChange))
        #expect(delivered.contains { if case .significantLocationChange = $0 { true } else { false } })
        #expect(trace.metrics.relaunches == 1)
        #expect(trace.states(to: .suspended).last?.time == Self.fiveMinutes + 10)
    }

    @Test(arguments: ["8", "12", "17", "26"])
    func withWhenInUseAuthorizationSignificantChangeDoesNotWakeTheApp(version: String) throws {
        let trace = Trace(
            DeviceScenarios.drive(authorization: .whenInUse), ios: try Versions.parse(version),
            setup: .custom(Apps.significantChange))
        #expect(trace.significantChangeTimes == [0], "the foreground fix only")
        #expect(trace.metrics.wakes["significantChange"] == 0)
        #expect(trace.metrics.suppressedWakes["significantChange"] == 1)
        let suppressed = try #require(trace.decisions("wakeSuppressed").first)
        #expect(suppressed.time == Self.fiveMinutes)
        #expect(suppressed.decision.rules.contains("LOC-16"))
    }

    @Test(arguments: ["7.1", "8", "12", "17", "26"])
    func backgroundAppRefreshOffSuppressesSignificantChangeWakesUnlessConf9(version: String) throws {
        let ios = try Versions.parse(version)
        let off = Trace(
            DeviceScenarios.drive(device: DeviceSettings(backgroundAppRefresh: false)), ios: ios,
            setup: .custom(Apps.significantChange))
        #expect(off.significantChangeTimes == [0])
        #expect(off.decisions("wakeSuppressed").map(\.decision.rules) == [["CONF-9"]])
        let regionsOnly = Trace(
            DeviceScenarios.drive(
                device: DeviceSettings(backgroundAppRefresh: false, variants: [.backgroundRefreshOffRegionsOnly])),
            ios: ios, setup: .custom(Apps.significantChange))
        #expect(regionsOnly.significantChangeTimes == [0, Self.fiveMinutes])
        #expect(regionsOnly.metrics.wakes["significantChange"] == 1)
    }

    @Test func backgroundAppRefreshDoesNotExistOnIOS6() throws {
        // Defaults table: "Region / SLC / visit wake with BAR off: n/a" on iOS 6; LOC-22 is 7+.
        let off = DeviceSettings(backgroundAppRefresh: false)
        let region = Trace(DeviceScenarios.fenceWalk(device: off), ios: IOSVersion(6))
        let significant = Trace(
            DeviceScenarios.drive(device: off), ios: IOSVersion(6), setup: .custom(Apps.significantChange))
        #expect(region.metrics.wakes["region"] == 1)
        #expect(significant.metrics.wakes["significantChange"] == 1)
        #expect(region.decisions("wakeSuppressed").isEmpty && significant.decisions("wakeSuppressed").isEmpty)
    }

    @Test(arguments: ["8", "12", "17", "26"])
    func conf4HeartbeatGivesAnEventEveryFifteenMinutesWhileStill(version: String) throws {
        let ios = try Versions.parse(version)
        let still = Scenarios.make(duration: 3700, at: .zero)
        #expect(
            Trace(still, ios: ios, setup: .custom(Apps.significantChange)).significantChangeTimes == [0],
            "default: movement only")
        var heartbeat = still
        heartbeat.device.variants = [.significantChangeHeartbeat]
        let trace = Trace(heartbeat, ios: ios, setup: .custom(Apps.significantChange))
        #expect(trace.significantChangeTimes.prefix(2) == [0, 900], "the first heartbeat 15 min after the start")
        #expect(trace.decisions("wakeSuppressed").isEmpty)
        #expect(trace.significantChangeTimes == [0, 900, 1800, 2700, 3600])
        #expect(trace.metrics.wakes["significantChange"] == 4)
    }

    /// A 32 km walk at 1.6 m/s: 5 min covers 480 m, so every event is set off by distance, not by the 5 min rule.
    static let longWalk = Scenarios.make(
        duration: 20_000, at: .zero, walkFrom: 0,
        legs: [RouteLeg(destination: LocalPoint(east: 32_000, north: 0), speed: 1.6)])

    /// True distances walked between successive significant-change events.
    static func gaps(_ variant: PolicyVariant?, seed: UInt64) -> (times: [TimeInterval], gaps: [Double]) {
        var scenario = longWalk
        scenario.device.variants = variant.map { [$0] } ?? []
        let times = Trace(scenario, ios: IOSVersion(17), setup: .custom(Apps.significantChange), seed: seed)
            .significantChangeTimes
        let points = times.map(scenario.world.trajectory.position(at:))
        return (times, zip(points, points.dropFirst()).map { $0.distance(to: $1) })
    }

    @Test func theDefaultTriggerDistanceIsFiveHundredMetres() {
        let (times, gaps) = Self.gaps(nil, seed: 1)
        #expect(times.count > 50)
        #expect(gaps.allSatisfy { $0 >= 500 && $0 < 502 }, "\(gaps.filter { $0 < 500 || $0 >= 502 })")
    }

    @Test(arguments: [PolicyVariant.significantChangeField2014, .significantChangeField2010])
    func conf14DistancesAreDrawnPerSeedAndNeverUnderFiveHundredMetres(variant: PolicyVariant) {
        let first = Self.gaps(variant, seed: 1)
        #expect(first.times == Self.gaps(variant, seed: 1).times, "same seed, same events")
        #expect(first.times != Self.gaps(variant, seed: 2).times, "another seed, other distances")
        var pooled = first.gaps
        for seed in UInt64(2)...4 { pooled += Self.gaps(variant, seed: seed).gaps }
        #expect(pooled.count > 40)
        #expect(pooled.allSatisfy { $0 >= 500 }, "LOC-10: never under 500 m, \(pooled.filter { $0 < 500 })")
        #expect(pooled.contains { $0 > 1500 }, "a distribution, not the fixed 500 m")
        // LOC-11: 50 % within 1 km (2014) or 750 m (2010); loose bounds for about 60 draws.
        let half = median(pooled)
        switch variant {
        case .significantChangeField2014: #expect(half > 700 && half < 1500, "median \(half)")
        default: #expect(half > 550 && half < 1100, "median \(half)")
        }
    }

    // MARK: Standard updates

    /// Standard updates with the location mode, a 100 m distance filter and automatic pausing on.
    static let standardUpdates = Scripted("StandardUpdates", modes: [.location], authorization: .always) { event, _ in
        guard case .didFinishLaunching = event else { return [] }
        return [
            .startUpdatingLocation(
                LocationRequest(
                    desiredAccuracy: 10, distanceFilter: 100, pausesAutomatically: true, allowsBackgroundUpdates: true))
        ]
    }

    /// Walks 1 km east at 1 m/s from launch, then stands still.
    static func standardWalk(actions: [UserAction] = []) -> Scenario {
        Scenarios.make(
            duration: 2400, at: .zero, walkFrom: 0,
            legs: [RouteLeg(destination: LocalPoint(east: 1000, north: 0), speed: 1)],
            actions: actions)
    }

    @Test(arguments: ["6", "8", "12", "17", "26"])
    func standardUpdatesRespectTheDistanceFilterAndPauseAfterTenStillMinutes(version: String) throws {
        let scenario = Self.standardWalk()
        let trace = Trace(scenario, ios: try Versions.parse(version), setup: .custom(Self.standardUpdates))
        let fixes = trace.times { if case .locationsUpdated = $0 { true } else { false } }
        #expect(fixes.first == 0, "the first fix comes at once")
        #expect(fixes == stride(from: 0.0, through: 1000, by: 100).map { $0 }, "one fix per 100 m walked")
        let points = fixes.map(scenario.world.trajectory.position(at:))
        #expect(zip(points, points.dropFirst()).allSatisfy { $0.distance(to: $1) >= 100 })
        // LOC-2: the location mode kept the app running in the background; LOC-5: paused 10 min after stopping.
        let pause = try #require(trace.times { $0 == .locationUpdatesPaused }.first)
        #expect(pause >= 1600 && pause <= 1601)
        #expect(trace.states(to: .suspended).map(\.time) == [pause], "nothing keeps it running once paused")
        #expect(trace.metrics.backgroundRunningSeconds == pause - 10)
    }

    @Test(arguments: ["8", "17"])
    func withoutTheLocationModeStandardUpdatesDoNotKeepTheAppRunning(version: String) throws {
        // LOC-1: the `location` background mode is required.
        let trace = Trace(
            Self.standardWalk(), ios: try Versions.parse(version),
            setup: .custom(
                Scripted("NoMode", authorization: .always) { event, _ in
                    guard case .didFinishLaunching = event else { return [] }
                    return [.startUpdatingLocation(LocationRequest(distanceFilter: 100, allowsBackgroundUpdates: true))]
                }))
        #expect(trace.decisions("backgroundLocationUnavailable").count == 1)
        #expect(trace.states(to: .suspended).map(\.time) == [15])
        #expect(trace.times { if case .locationsUpdated = $0 { true } else { false } }.allSatisfy { $0 < 15 })
    }
}
