import Testing
import Wakeful
import WakefulTestSupport

@Suite("Region lookups against monitoredRegions' asynchronous updates", .watchdog)
struct RegionRegistryTests {
    /// CLLocationManager's regions: "This is done asynchronously and may not be immediately reflected
    /// in monitoredRegions" (CLLocationManager.h:720); a state request for a region Core Location
    /// monitors is answered.
    final class FakeRegionManager {
        private var starting: [String] = []
        private(set) var monitoredRegions: Set<String> = []
        private(set) var stateAnswers: [String] = []

        func startMonitoring(_ id: String) { starting.append(id) }
        func stopMonitoring(_ id: String) {
            starting.removeAll { $0 == id }
            monitoredRegions.remove(id)
        }
        func requestState(_ id: String) {
            if starting.contains(id) || monitoredRegions.contains(id) { stateAnswers.append(id) }
        }
        /// The run loop turns: pending starts reach `monitoredRegions`.
        func tick() {
            monitoredRegions.formUnion(starting)
            starting = []
        }
        var monitored: [String: String] { Dictionary(uniqueKeysWithValues: monitoredRegions.map { ($0, $0) }) }
    }

    @Test("a state request in the same turn as the start reaches the region")
    func requestStateAfterStart() {
        let manager = FakeRegionManager()
        var registry = RegionRegistry<String>()
        manager.startMonitoring("pump-4")
        registry.started("pump-4", "pump-4")
        if let region = registry.region("pump-4", monitored: manager.monitored) { manager.requestState(region) }
        #expect(manager.stateAnswers == ["pump-4"])
    }

    @Test("looking the region up in monitoredRegions, as the old adapter did, skips the request")
    func monitoredOnlyIsTheOldBreak() {
        let manager = FakeRegionManager()
        manager.startMonitoring("pump-4")
        #expect(manager.monitored["pump-4"] == nil)
    }

    @Test("a stop right after a start stops it; a region of an earlier launch is found in monitoredRegions")
    func stop() {
        let manager = FakeRegionManager()
        var registry = RegionRegistry<String>()
        manager.startMonitoring("old")
        manager.tick()
        manager.startMonitoring("new")
        registry.started("new", "new")
        let new = registry.stop("new", monitored: manager.monitored)
        let old = registry.stop("old", monitored: manager.monitored)
        for region in [new, old].compactMap({ $0 }) { manager.stopMonitoring(region) }
        manager.tick()
        #expect(new == "new" && old == "old")
        #expect(manager.monitoredRegions.isEmpty)
    }
}
