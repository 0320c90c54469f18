import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// ``ScheduledRefresh`` on the simulated device, per family, as its documentation claims, and
/// the built-in overnight-sync scenarios end to end.
@Suite("ScheduledRefresh on the device", .watchdog, .cpuBound)
struct ScheduledRefreshDeviceTests {
    static let setup = StrategySetup(name: "ScheduledRefresh", strategies: [.scheduledRefresh()])

    @Test(
        "overnight-sync: the sync is done overnight on 13+, never on 12 or with no strategy",
        arguments: [
            ("12", "ScheduledRefresh", 0.0), ("17", "ScheduledRefresh", 1.0), ("26", "ScheduledRefresh", 1.0),
            ("12", "none", 0.0), ("17", "none", 0.0), ("26", "none", 0.0),
        ])
    func overnightSync(version: String, setupName: String, score: Double) throws {
        let scenario = try BuiltinScenarios.load("overnight-sync")
        let setup = try StrategySetup.named(setupName)
        let trace = Trace(scenario, ios: try Versions.parse(version), setup: setup)
        let success = try #require(trace.metrics.success)
        #expect(success.score == score)
        #expect(trace.metrics.invariantViolations.isEmpty)
        #expect(trace.metrics.terminations.isEmpty)
        if score == 1 {
            let sync = try #require(trace.records("sync").first)
            // After midnight (6 h after the 18:00 start), on the charger, before 07:00.
            #expect(sync.time >= 6 * 3600 && sync.time <= 13 * 3600)
            #expect(success.summary.hasPrefix("done at"))
        }
        if setupName == "ScheduledRefresh", version == "12" {
            // iOS 12: the fetch refreshes, but a 2-minute sync never fits in a 30 s fetch.
            #expect(trace.records("refresh").allSatisfy { $0.record.fields["via"] == "backgroundFetch" })
            #expect(trace.records("refresh").count >= 1)
            #expect(trace.reasons("commandRefused", key: "why").contains("BGTaskScheduler needs iOS 13"))
        }
    }

    @Test(
        "overnight-sync-low-power: Low Power Mode, a low battery and no charger stop the sync on every family",
        arguments: ["12", "17", "26"])
    func lowPowerDay(version: String) throws {
        let scenario = try BuiltinScenarios.load("overnight-sync-low-power")
        let trace = Trace(scenario, ios: try Versions.parse(version), setup: Self.setup)
        #expect(trace.metrics.success?.score == 0)
        #expect(trace.records("sync").isEmpty)
        if version != "12" {
            let deferred = trace.reasons("taskDeferred").joined(separator: " | ")
            #expect(deferred.contains("Low Power Mode"))
            #expect(deferred.contains("Background App Refresh off"))
        }
    }

    @Test("overnight-sync with a CPU-bound sync: the CPU monitor kills it 48 s in (BGT-6)")
    func cpuMonitorKillsSync() throws {
        var scenario = try BuiltinScenarios.load("overnight-sync")
        scenario.app.processingCPULoad = 1
        let trace = Trace(scenario, ios: IOSVersion(17), setup: Self.setup)
        #expect(trace.metrics.success?.score == 0)
        #expect(trace.metrics.terminations.map(\.reason) == [.cpuLimit])
    }

    @Test("the same seed gives the same timeline; another seed moves the launches (stream 20)")
    func determinism() throws {
        let scenario = try BuiltinScenarios.load("overnight-sync")
        let one = Trace(scenario, ios: IOSVersion(17), setup: Self.setup, seed: 1)
        let again = Trace(scenario, ios: IOSVersion(17), setup: Self.setup, seed: 1)
        let other = Trace(scenario, ios: IOSVersion(17), setup: Self.setup, seed: 2)
        #expect(one.entries == again.entries)
        #expect(one.launches.map(\.time) != other.launches.map(\.time))
    }

    @Test(
        "the refresh resubmits after each launch, and CONF-10 cuts its 5 s of work short",
        arguments: [(false, 1), (true, 0)])
    func refreshCycle(earlyExpiry: Bool, refreshes: Int) throws {
        var options = ScheduledRefresh.Options()
        options.schedulesProcessing = false
        options.refreshInterval = 1800
        let setup = StrategySetup(name: "r", strategies: [.scheduledRefresh(options)])
        var scenario = SchedulerScenarios.make(duration: 3 * 3600, permitted: nil, modes: nil)
        scenario.device.variants = [.disableSchedulingFactor(.appUsage)] + (earlyExpiry ? [.appRefreshEarlyExpiry] : [])
        let trace = Trace(scenario, ios: IOSVersion(17), setup: setup)
        #expect(trace.launches.count >= 3)
        #expect(trace.metrics.terminations.isEmpty)
        let perLaunch = Double(trace.records("refresh").count) / Double(trace.launches.count)
        #expect(perLaunch == Double(refreshes))
        #expect(trace.records("taskExpired").count == (earlyExpiry ? trace.launches.count : 0))
        // Resubmitted each time: one acceptance per launch, plus the first.
        #expect(trace.decisions("taskRequestAccepted").count >= trace.launches.count)
    }

    @Test("its requirements come from the strategy: modes and permitted identifiers (BGT-9)")
    func requirements() throws {
        let scenario = SchedulerScenarios.make(duration: 60, permitted: nil, modes: nil)
        let trace = Trace(scenario, ios: IOSVersion(17), setup: Self.setup)
        #expect(trace.metrics.backgroundModes == ["fetch", "processing"])
        #expect(trace.submitErrors.isEmpty)
        #expect(trace.decisions("taskRequestAccepted").count == 2)
    }

    @Test("iOS 6 has neither mechanism")
    func iOS6() throws {
        let trace = Trace(try BuiltinScenarios.load("overnight-sync"), ios: IOSVersion(6), setup: Self.setup)
        #expect(trace.launches.isEmpty)
        #expect(trace.metrics.success?.score == 0)
    }
}
