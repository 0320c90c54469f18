import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The `permission-changes` built-in scenario: what each strategy loses as the user grants,
/// upgrades and narrows location access (AUTH-1 to AUTH-7).
@Suite("Built-in scenario: permission-changes", .watchdog, .cpuBound)
struct PermissionChangesScenarioTests {
    static func run(_ strategy: String, ios: String) throws -> Trace {
        let scenario = try BuiltinScenarios.load("permission-changes")
        let setup = try #require(scenario.setups.first { $0.name == strategy })
        return Trace(scenario, ios: try Versions.parse(ios), setup: setup)
    }

    @Test("MovingGeofence loses its fences with Precise Location off and gets them back with full accuracy")
    func movingGeofence() throws {
        let trace = try Self.run("MovingGeofence", ios: "17")
        let periods = try #require(trace.metrics.permission?.periods)
        let reduced = try #require(periods.first { $0.permission == "always, reduced" })
        #expect(reduced.losses == ["regionMonitoring", "preciseFixes"])
        #expect(reduced.rules.contains("AUTH-6"))
        // Precise Location off, then the temporary grant ending when the app leaves the screen (AUTH-7).
        #expect(trace.decisions("regionMonitoringSuspended").map(\.time) == [7200, 9060])
        let exits = trace.events { if case .regionExited = $0 { true } else { false } }.map(\.time)
        #expect(!exits.contains { (7200..<9005).contains($0) }, "no region events with reduced accuracy")
        #expect(exits.contains { $0 > 10800 && $0 < 12600 }, "fences again once Precise Location is back")
    }

    @Test(
        "on 13.2 the Always upgrade is provisional: LocationPulse, which restarts updates in the background, gets nothing"
    )
    func provisionalOn13_2() throws {
        let old = try Self.run("LocationPulse", ios: "13.2")
        let new = try Self.run("LocationPulse", ios: "17")
        #expect(old.decisions("provisionalAlwaysGranted").map(\.time) == [3600])
        #expect(old.metrics.permission?.periods.map(\.permission).contains("always (provisional)") == true)
        #expect((old.metrics.success?.score ?? 1) < (new.metrics.success?.score ?? 0))
        // RelaunchOnMovement's first held SLC event shows the second prompt; the user's answer makes it Always.
        let slc = try Self.run("RelaunchOnMovement", ios: "13.2")
        #expect(slc.decisions("authorizationPromptShown").contains { $0.time > 3600 && $0.time < 5400 })
        #expect(slc.metrics.permission?.periods.last?.permission == "always")
    }

    @Test(
        "LowPowerLocationKeepAlive keeps running with reduced accuracy, but its fixes are kilometres off until the temporary grant"
    )
    func lowPowerKeepAlive() throws {
        let trace = try Self.run("LowPowerLocationKeepAlive", ios: "17")
        let fixes = trace.events { if case .locationsUpdated = $0 { true } else { false } }.compactMap {
            entry -> (TimeInterval, Double)? in
            guard case .locationsUpdated(let fixes) = entry.event, let fix = fixes.last else { return nil }
            return (entry.time, fix.horizontalAccuracy)
        }
        let reduced = fixes.filter { $0.0 >= 7200 && $0.0 < 9000 }
        #expect(!reduced.isEmpty && reduced.allSatisfy { $0.1 >= 1000 })
        #expect(reduced.count <= 2, "≈4 an hour over 30 min")
        // Its background updates keep the app in use, so the temporary grant lasts (AUTH-7).
        #expect(trace.decisions("temporaryAuthorizationExpired").isEmpty)
        let granted = fixes.filter { $0.0 > 9100 && $0.0 < 10800 }
        #expect(!granted.isEmpty && granted.allSatisfy { $0.1 <= 1000 })
    }

    @Test(
        "compare's text says what each strategy lost under each permission; a run under Always throughout says nothing")
    func compareText() throws {
        let geofence = try Self.run("MovingGeofence", ios: "17").metrics
        let text = ComparisonReport(runs: [geofence]).text
        #expect(text.contains("What each strategy loses under the location permissions of the run:"))
        #expect(text.contains("MovingGeofence, iOS 17: notDetermined 5 s: no location at all; whenInUse"))
        #expect(text.contains("always, reduced 59m 05s: no geofences, ≈4 fixes/h, 1–20 km off"))
        let always = Trace(try BuiltinScenarios.load("bike-rental"), ios: try Versions.parse("17")).metrics
        #expect(always.permission == nil)
        #expect(ComparisonReport.permissionLosses([always]) == nil)
    }
}
