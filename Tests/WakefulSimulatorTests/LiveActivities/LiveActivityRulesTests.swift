import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// ``LiveActivityRules``' defaults by release and their rows in ``BackgroundPolicy/parameters``.
@Suite("Live Activities: the rules' values and provenance", .watchdog, .cpuBound)
struct LiveActivityRulesTests {
    @Test(
        "what exists on which release (LIVE-1, LIVE-4, LIVE-6)",
        arguments: [
            ("16.0", false, false, false), ("16.1", true, false, false), ("16.2", true, false, true),
            ("17", true, false, true), ("17.2", true, true, true), ("26", true, true, true),
        ])
    func releases(version: String, available: Bool, pushToStart: Bool, frequent: Bool) throws {
        let rules = BackgroundPolicy(version: try Versions.parse(version)).liveActivities
        #expect(rules.available == available)
        #expect(rules.pushToStartAvailable == pushToStart)
        #expect(rules.frequentUpdatesAvailable == frequent)
        #expect(rules.activeLimit == 8 * 3600 && rules.endedLimit == 4 * 3600)
    }

    @Test("every value is listed with its rule and provenance")
    func parameters() {
        let rows = BackgroundPolicy(version: IOSVersion(17, 2)).parameters.filter {
            $0.name.hasPrefix("liveActivities.")
        }
        #expect(rows.count == 12)
        #expect(rows.allSatisfy { $0.rules.allSatisfy { $0.hasPrefix("LIVE-") || $0 == "TERM-1" } })
        #expect(rows.first { $0.name == "liveActivities.activeLimit" }?.value == "28800 s")
        #expect(rows.first { $0.name == "liveActivities.priority10Budget" }?.provenance == .folklore)
        #expect(rows.first { $0.name == "liveActivities.launchesAfterForceQuit" }?.provenance == .inference)
    }
}
