import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// SIM-1: a new beacon region reports its state on its own ≈1.1 s after monitoring starts.
@Suite("Device: a beacon region's initial state (SIM-1)", .watchdog, .cpuBound)
struct BeaconInitialStateTests {
    /// Monitors the test beacon's region, without ranging and without `requestState`, on the
    /// event `when` picks; then again on every later such event.
    static func monitor(on when: @escaping @Sendable (Event) -> Bool) -> Scripted {
        Scripted("BeaconMonitor", authorization: .always) { event, _ in
            guard when(event) else { return [] }
            return [.startMonitoring(MonitoredRegion(id: "b", shape: .beacon(Scenarios.beacon().constraint)))]
        }
    }

    static let atLaunch = monitor { if case .didFinishLaunching = $0 { true } else { false } }

    static func stateEvents(_ trace: Trace) -> [(time: TimeInterval, event: Event)] {
        trace.events { if case .regionStateDetermined = $0 { true } else { false } }
    }

    @Test(arguments: ["7.0", "8", "12", "17", "26"])
    func insideTheRegionTheStateComesAfterOnePointOneSeconds(version: String) throws {
        let trace = Trace(
            DeviceScenarios.nearBeacon(duration: 60), ios: try Versions.parse(version), setup: .custom(Self.atLaunch))
        let states = Self.stateEvents(trace)
        #expect(states.count == 1)
        #expect(same(states.first?.time, 1.1))
        #expect(states.first?.event == .regionStateDetermined("b", .inside))
        #expect(trace.commands { if case .requestState = $0 { true } else { false } }.isEmpty)
        #expect(BackgroundPolicy(version: try Versions.parse(version)).beacons.initialStateDelay == 1.1)
    }

    @Test func outsideTheRegionTheStateIsOutside() throws {
        let scenario = Scenarios.make(
            duration: 60, at: LocalPoint(east: 500, north: 0), beacons: [Scenarios.beacon()])
        let trace = Trace(scenario, ios: IOSVersion(17), setup: .custom(Self.atLaunch))
        #expect(Self.stateEvents(trace).map(\.event) == [.regionStateDetermined("b", .outside)])
        #expect(same(Self.stateEvents(trace).first?.time, 1.1))
    }

    @Test func noneOnIOS6WhereBeaconsDoNotExist() {
        let trace = Trace(DeviceScenarios.nearBeacon(duration: 60), ios: IOSVersion(6), setup: .custom(Self.atLaunch))
        #expect(Self.stateEvents(trace).isEmpty)
    }

    @Test("in the background the state opens a ≈10 s window (BEACON-5); registering again brings nothing")
    func backgroundRegistration() throws {
        // Monitors on entering the background (t = 10) and again on every wake's state callback.
        let app = Scripted("LateMonitor", authorization: .always) { event, _ in
            switch event {
            case .didEnterBackground, .regionStateDetermined:
                return [.startMonitoring(MonitoredRegion(id: "b", shape: .beacon(Scenarios.beacon().constraint)))]
            default: return []
            }
        }
        let trace = Trace(DeviceScenarios.nearBeacon(duration: 120), ios: IOSVersion(17), setup: .custom(app))
        #expect(Self.stateEvents(trace).map(\.time).count == 1)
        #expect(same(Self.stateEvents(trace).first?.time, 11.1))
        // Without the state the 5 s grace would end at 15; the callback's window lasts until 21.1.
        let suspension = try #require(trace.states(to: .suspended).first?.time)
        #expect(same(suspension, 21.1))
        #expect(trace.states(to: .suspended).count == 1)
    }

    @Test("circular regions report no state of their own (LOC-18)")
    func circlesStayQuiet() {
        let app = Scripted("FenceMonitor", authorization: .always) { event, _ in
            guard case .didFinishLaunching = event else { return [] }
            return [
                .startMonitoring(
                    MonitoredRegion(
                        id: "fence", shape: .circle(center: Coordinate(latitude: 0, longitude: 0), radius: 200)))
            ]
        }
        let trace = Trace(
            Scenarios.make(duration: 60, at: .zero), ios: IOSVersion(17), setup: .custom(app))
        #expect(Self.stateEvents(trace).isEmpty)
    }
}
