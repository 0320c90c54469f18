import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// AT-4 — iOS 9+: forever ranging with the location mode (BEACON-8, LOC-1, LOC-2, LOC-6).
@Suite("AT-4: iOS 9+ forever ranging with the location mode", .watchdog, .cpuBound)
struct AT4ForeverRangingTests {
    static let hours: TimeInterval = 4

    static func scenario(modes: [BackgroundMode]? = nil) -> Scenario {
        Scenarios.make(
            duration: hours * 3600, at: LocalPoint(east: 5, north: 0), beacons: [Scenarios.beacon()],
            features: [.beaconTrigger(beacon: "b", triggerDistance: 0.01)], modes: modes)
    }

    @Test(arguments: ["9", "12", "17", "26"])
    func rangesAtOneHertzForHoursAndIsNeverSuspended(version: String) throws {
        let trace = Trace(
            Self.scenario(), ios: try #require(IOSVersion(parsing: version)),
            setup: try StrategySetup.named("LowPowerLocationKeepAlive"))
        #expect(trace.states(to: .suspended).isEmpty)
        #expect(trace.metrics.terminations.isEmpty)
        let ranged = trace.events { if case .beaconsRanged = $0 { true } else { false } }
        // Ranging from launch at t = 0 to the end, one callback a second.
        #expect(ranged.count == Int(Self.hours * 3600))
        #expect(
            ranged.contains { if case .beaconsRanged(_, let beacons) = $0.event { !beacons.isEmpty } else { false } })
        #expect(trace.metrics.backgroundRunningSeconds == Self.hours * 3600 - 10)
    }

    @Test func withoutTheLocationModeItIsJustAnotherSuspendedApp() throws {
        let trace = Trace(
            Self.scenario(modes: []), ios: IOSVersion(17), setup: try StrategySetup.named("LowPowerLocationKeepAlive"))
        #expect(trace.decisions("backgroundLocationUnavailable").count == 1)
        #expect(trace.metrics.backgroundRunningSeconds < 60)
    }

    @Test func withoutAllowsBackgroundUpdatesItStopsOniOS9ButNotOn8() throws {
        // LOC-1: allowsBackgroundLocationUpdates is needed from iOS 9.
        struct NoAllowsFlag: Strategy {
            var name: String { "NoAllowsFlag" }
            var requirements: Requirements {
                Requirements(backgroundModes: [.location], locationAuthorization: .always)
            }
            mutating func handle(_ event: Event, in context: Context) -> [Command] {
                guard case .didFinishLaunching = event else { return [] }
                return [
                    .startUpdatingLocation(
                        LocationRequest(
                            desiredAccuracy: 3000, distanceFilter: 3000, pausesAutomatically: false,
                            allowsBackgroundUpdates: false))
                ]
            }
        }
        let on8 = Trace(Self.scenario(), ios: IOSVersion(8), setup: .custom(NoAllowsFlag())).metrics
        let on9 = Trace(Self.scenario(), ios: IOSVersion(9), setup: .custom(NoAllowsFlag())).metrics
        #expect(on8.suspendedSeconds == 0)
        #expect(on9.backgroundRunningSeconds == 5)
    }

    @Test func automaticPauseEndsItAfterTenStillMinutes() throws {
        // LOC-5: with pausesLocationUpdatesAutomatically left on, a still device loses its keep-alive.
        struct PausingKeepAlive: Strategy {
            var name: String { "PausingKeepAlive" }
            var requirements: Requirements {
                Requirements(backgroundModes: [.location], locationAuthorization: .always)
            }
            mutating func handle(_ event: Event, in context: Context) -> [Command] {
                guard case .didFinishLaunching = event else { return [] }
                return [
                    .startUpdatingLocation(
                        LocationRequest(
                            desiredAccuracy: 3000, distanceFilter: 3000, pausesAutomatically: true,
                            allowsBackgroundUpdates: true))
                ]
            }
        }
        let trace = Trace(Self.scenario(), ios: IOSVersion(17), setup: .custom(PausingKeepAlive()))
        #expect(trace.events { $0 == .locationUpdatesPaused }.map(\.time) == [600])
        #expect(trace.states(to: .suspended).map(\.time) == [600])
    }
}
