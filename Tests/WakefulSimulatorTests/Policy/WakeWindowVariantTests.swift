import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// LOC-33, CONF-18: how long a suspended app runs after a region event is undocumented; the
/// default is ≈10 s, and the variants take Apple's bounds, "immediately" and ≈30 s.
@Suite(.watchdog, .cpuBound) struct WakeWindowVariantTests {
    /// A walk out of a 150 m geofence and back, the app in the background, monitoring it.
    static func backgroundRunning(_ variants: [String]) throws -> Double {
        let list = variants.map { "\"\($0)\"" }.joined(separator: ", ")
        let scenario = try Scenario.decode(
            Data(
                #"""
                {"name": "walk", "duration": 3600, "device": {"variants": [\#(list)]},
                 "app": {"features": [{"geofences": [{"id": "home", "center": {"east": 0, "north": 0}, "radius": 150}]}]},
                 "world": {"movement": {"start": {"east": 0, "north": 0}, "startTime": 600,
                           "legs": [{"to": {"east": 1000, "north": 0}, "speed": 1.5, "pause": 600},
                                    {"to": {"east": 0, "north": 0}, "speed": 1.5}]}},
                 "user": [{"at": 0, "action": "open"}, {"at": 10, "action": "home"}]}
                """#.utf8), file: "walk.json", directory: nil)
        var timeline = DiscardingTimeline()
        let metrics = Simulator.run(scenario, ios: IOSVersion(17), setup: .none, seed: 1, timeline: &timeline)
        #expect(metrics.wakes["region"] == 2, "an exit and an entry")
        return metrics.backgroundRunningSeconds
    }

    @Test func theWindowAfterARegionEventFollowsTheVariant() throws {
        let standard = try Self.backgroundRunning([])
        let none = try Self.backgroundRunning(["CONF-18a"])
        let long = try Self.backgroundRunning(["CONF-18b"])
        // The first 5 s after pressing Home are the grace (STATE-5); each wake adds its window.
        #expect(none == standard - 2 * 10)
        #expect(long == standard + 2 * 20)
    }
}
