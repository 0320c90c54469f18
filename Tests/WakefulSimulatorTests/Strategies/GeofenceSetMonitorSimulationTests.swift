import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// `courier-monitor`: `GeofenceSet` on regions and on `CLMonitor` after a restart and a silent-push
/// launch (LOC-24, CLMON-1 to CLMON-4, CONF-22).
@Suite("GeofenceSet on CLMonitor in the simulator", .watchdog, .cpuBound)
struct GeofenceSetMonitorSimulationTests {
    static func score(_ setup: String, ios: Int, variants: [PolicyVariant] = []) throws -> (Double, String) {
        var scenario = try BuiltinScenarios.load("courier-monitor")
        scenario.device.variants += variants
        var timeline = JSONLinesBuffer()
        let metrics = Simulator.run(
            scenario, ios: IOSVersion(ios), setup: try scenario.setup(named: setup), seed: 1, timeline: &timeline)
        return (try #require(metrics.success?.score), String(decoding: timeline.bytes, as: UTF8.self))
    }

    @Test("both paths see nearly every entry; the monitor path uses CLMonitor from 17 only", arguments: [16, 17, 18])
    func bothPaths(ios: Int) throws {
        let (regions, regionsTimeline) = try Self.score("GeofenceSet (regions)", ios: ios)
        let (monitor, monitorTimeline) = try Self.score("GeofenceSet (CLMonitor)", ios: ios)
        #expect(regions >= 0.9)
        #expect(monitor >= 0.9)
        #expect(!regionsTimeline.contains("\"openMonitor\""))
        #expect(monitorTimeline.contains("\"addMonitorCondition\"") == (ios >= 17))
        #expect(monitorTimeline.contains("\"startMonitoring\"") == (ios < 17))
        // The set never goes over the 20 conditions (CLMON-1).
        #expect(!monitorTimeline.contains("monitorConditionOverLimit"))
    }

    @Test("CONF-22: entries withheld from the push-launched app lose the monitor path's entries only (CLMON-4)")
    func entriesWithheld() throws {
        let (regions, _) = try Self.score(
            "GeofenceSet (regions)", ios: 17, variants: [.monitorEntriesWithheldAfterPushLaunch])
        let (monitor, timeline) = try Self.score(
            "GeofenceSet (CLMonitor)", ios: 17, variants: [.monitorEntriesWithheldAfterPushLaunch])
        #expect(regions >= 0.9)
        #expect(monitor < 0.1)
        #expect(timeline.contains("monitorEntryWithheld"))
    }
}
