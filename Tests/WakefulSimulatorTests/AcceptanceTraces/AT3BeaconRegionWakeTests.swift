import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// AT-3 — iOS 7–12: a suspended app with no background mode and no task enters a beacon region; it
/// is woken, ranges at ≈1 Hz for ≈10 s, and is suspended again (BEACON-1, BEACON-2, BEACON-5, LOC-21).
@Suite("AT-3: iOS 7–12 beacon-region wake without a task", .watchdog, .cpuBound)
struct AT3BeaconRegionWakeTests {
    /// Suspended 200 m away; walks toward the beacon from t = 100 at 1 m/s and stops 20 m from it.
    static func scenario() -> Scenario {
        Scenarios.make(
            duration: 600, at: LocalPoint(east: 200, north: 0), walkFrom: 100,
            legs: [RouteLeg(destination: LocalPoint(east: 20, north: 0), speed: 1)],
            beacons: [Scenarios.beacon()], features: [.beaconTrigger(beacon: "b", triggerDistance: 0.01)])
    }

    let trace = Trace(AT3BeaconRegionWakeTests.scenario(), ios: IOSVersion(8))

    var wake: (time: TimeInterval, change: StateChange)? {
        trace.states(to: .background).first { $0.change.cause == "beaconRegionWake" }
    }

    @Test func suspendedBeforeTheBeaconComesIntoRange() {
        // Home at 10, then the 5 s grace (STATE-5) with nothing else to run for.
        #expect(trace.states(to: .suspended).first?.time == 15)
    }

    @Test func wokenAboutOneSecondAfterComingIntoRange() throws {
        let wake = try #require(wake)
        let inRange = 100 + (200 - BeaconRadioModel.standard.detectionRange(measuredPower: -59))
        #expect(wake.time >= inRange + 1 && wake.time <= inRange + 2)
        #expect(trace.metrics.wakes["beaconRegion"] == 1)
    }

    @Test func receivesEntryAndInsideState() throws {
        let wake = try #require(wake)
        let delivered = trace.events { _ in true }.filter { $0.time == wake.time }.map(\.event)
        #expect(delivered.contains(.regionEntered("b")))
        #expect(delivered.contains(.regionStateDetermined("b", .inside)))
    }

    @Test func rangesAtOneHertzForTenSecondsThenSuspends() throws {
        let wake = try #require(wake)
        let ranged = trace.events { if case .beaconsRanged = $0 { true } else { false } }.filter {
            $0.time >= wake.time
        }
        #expect(ranged.count == 10)
        for (earlier, later) in zip(ranged, ranged.dropFirst()) { #expect(later.time - earlier.time == 1) }
        let suspension = try #require(trace.states(to: .suspended).first { $0.time > wake.time })
        #expect(suspension.time == wake.time + 10)
        #expect(suspension.change.cause == "wakeWindowEnded")
        #expect(ranged.allSatisfy { $0.time < suspension.time }, "no callbacks after suspension")
        #expect(trace.metrics.terminations.isEmpty)
    }

    @Test func aBackgroundTaskStretchesRangingTo180SecondsOniOS8ButNot17() throws {
        // BEACON-7 and TASK-9/TASK-10: the seed's technique, by family.
        let old = Trace(Self.scenario(), ios: IOSVersion(8), setup: .custom(TaskExtension()))
        let new = Trace(Self.scenario(), ios: IOSVersion(17), setup: .custom(TaskExtension()))
        func rangingSeconds(_ trace: Trace) throws -> TimeInterval {
            let wake = try #require(trace.states(to: .background).first { $0.change.cause == "beaconRegionWake" })
            let suspension = try #require(trace.states(to: .suspended).first { $0.time > wake.time })
            return suspension.time - wake.time
        }
        #expect(try rangingSeconds(old) == 10 + 176)  // DBL_MAX window, then a fresh 180 s (TASK-9)
        #expect(try rangingSeconds(new) == 26)  // a fresh 30 s from the wake, handler 4 s early (TASK-10, TASK-12)
    }
}
