import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// `RegionMonitor` on a `CLMonitor` in the simulated device: the same walk out of `home` and back
/// is heard as condition events on iOS 17, and as region events where no monitor exists.
@Suite("RegionMonitor on CLMonitor in the simulator", .watchdog, .cpuBound)
struct RegionMonitorOnMonitorTests {
    static func feature(_ scenario: Scenario) -> RegionMonitor {
        let home = scenario.world.projection.coordinate(for: LocalPoint(east: 0, north: 0))
        return RegionMonitor(
            regions: [MonitoredRegion(id: "home", shape: .circle(center: home, radius: 150))], api: .monitor)
    }

    @Test("iOS 17: the exit and the entry come as condition events; iOS 16: as region events (LOC-24)")
    func monitorOrRegions() throws {
        let scenario = try CLMonitorTests.walk()
        let modern = CLMonitorTests.run(scenario, Self.feature(scenario))
        let states = CLMonitorTests.events(modern).filter { $0.event.id == "home" }.map(\.event.state)
        #expect(states.first == .satisfied, "the add with its state unknown answers inside")
        #expect(states.contains(.unsatisfied) && states.last == .satisfied)
        let older = CLMonitorTests.run(scenario, Self.feature(scenario), ios: IOSVersion(16))
        #expect(CLMonitorTests.events(older).isEmpty)
        #expect(older.contains { if case .event(.regionExited("home")) = $0.body { true } else { false } })
    }
}
