import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Legacy background fetch (BGT-1 to BGT-3, TERM-6) per family.
@Suite("Background fetch", .watchdog, .cpuBound)
struct BackgroundFetchTests {
    /// An app with the fetch mode and no BGTask identifiers that sets `interval` at launch.
    func run(
        _ version: String, interval: TimeInterval??, work: TimeInterval? = 0, permitted: [String]? = [],
        duration: TimeInterval = 4 * 3600, actions: [UserAction] = []
    ) throws -> Trace {
        let scenario = SchedulerScenarios.make(
            duration: duration, permitted: permitted, modes: [.fetch],
            device: SchedulerScenarios.variants("CONF-8:appUsage"), actions: actions)
        return Trace(
            scenario, ios: try Versions.parse(version),
            setup: .custom(TaskApps.submitter([], work: work, fetchInterval: interval)))
    }

    @Test(
        "fetches come at most every 15 min, once the app sets an interval (BGT-1, BGT-2, BGT-3)",
        arguments: ["7.0", "8", "12", "13"])
    func fetches(version: String) throws {
        let trace = try run(version, interval: .some(0))
        let times = trace.launches.map(\.time)
        #expect(trace.launches.allSatisfy { $0.kind == .backgroundFetch && $0.identifier == "fetch" })
        #expect(times.count >= 8 && times.count <= 16, "4 h at ≥15 min apart: \(times.count)")
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 900 - 0.002 })
        #expect(times.first.map { $0 >= 900 } == true, "the first comes an interval after it was set")
        #expect(trace.metrics.terminations.isEmpty)
    }

    @Test("no fetch while the interval is backgroundFetchIntervalNever, the default (BGT-1)", arguments: ["8", "12"])
    func never(version: String) throws {
        #expect(try run(version, interval: .none).launches.isEmpty)
        #expect(try run(version, interval: .some(nil)).launches.isEmpty)
    }

    @Test("iOS 6 has no background fetch (BGT-1)")
    func iOS6() throws {
        let trace = try run("6", interval: .some(0))
        #expect(trace.launches.isEmpty)
        #expect(trace.reasons("commandRefused", key: "why") == ["background fetch needs iOS 7"])
    }

    @Test(
        "from 13 an app that lists BGTask identifiers gets no fetch (observed)",
        arguments: [("12", 1), ("13", 0), ("17", 0), ("26", 0)])
    func disabledByIdentifiers(version: String, expectsFetches: Int) throws {
        let trace = try run(version, interval: .some(3600), permitted: [TaskApps.refresh])
        #expect(min(trace.launches.count, 1) == expectsFetches)
    }

    @Test(
        "a fetch whose completion is not called in 30 s gets the app killed with 0x2182bad4 (BGT-2, TERM-6)",
        arguments: ["8", "12", "17"])
    func timeout(version: String) throws {
        let trace = try run(version, interval: .some(3600), work: nil)
        let launch = try #require(trace.launches.first)
        #expect(
            trace.times { if case .scheduledTaskExpiring = $0 { true } else { false } }.isEmpty,
            "a fetch has no expiration handler")
        let kill = try #require(trace.metrics.terminations.first)
        #expect(kill.reason == .backgroundFetchTimeout)
        #expect(kill.code == "0x2182bad4")
        #expect(abs(kill.at - launch.time - 30) < 0.002)
    }

    @Test("after a force-quit no fetch comes until the user opens the app again (TERM-1)", arguments: ["8", "12"])
    func forceQuit(version: String) throws {
        let trace = try run(
            version, interval: .some(0), duration: 6 * 3600,
            actions: [
                UserAction(at: 20, .forceQuit), UserAction(at: 3 * 3600, .open), UserAction(at: 3 * 3600 + 10, .home),
            ])
        #expect(!trace.launches.isEmpty)
        #expect(trace.launches.allSatisfy { $0.time > 3 * 3600 })
        #expect(trace.reasons("taskDeferred").contains { $0.contains("force-quit by the user") })
    }
}

/// `ScheduledRefresh` kept to the legacy fetch, as apps that never adopted `BGTaskScheduler` are.
@Suite("ScheduledRefresh without the task scheduler", .watchdog, .cpuBound)
struct LegacyFetchOnlyTests {
    @Test(
        "legacy fetches on 13 and later, no task requests, no identifiers listed (BGT-1, BGT-9)",
        arguments: ["12", "13", "17", "26"])
    func legacyOnly(version: String) throws {
        let scenario = SchedulerScenarios.make(
            duration: 4 * 3600, permitted: nil, modes: nil, device: SchedulerScenarios.variants("CONF-8:appUsage"))
        let options = ScheduledRefresh.Options(refreshWorkSeconds: 1, fetchInterval: 0, usesTaskScheduler: false)
        let trace = Trace(
            scenario, ios: try Versions.parse(version),
            setup: StrategySetup(name: "legacy", strategies: [.scheduledRefresh(options)]))
        #expect(trace.launches.count >= 8 && trace.launches.allSatisfy { $0.kind == .backgroundFetch })
        #expect(trace.commands { if case .submitTaskRequest = $0 { true } else { false } }.isEmpty)
        #expect(trace.records("refresh").count == trace.launches.count)
        #expect(ScheduledRefresh(options: options).requirements.taskIdentifiers.isEmpty)
    }
}
