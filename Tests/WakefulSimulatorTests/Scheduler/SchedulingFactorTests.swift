import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The BGT-11 scheduling factors and their CONF-8 switches; BGT-5's use rule; TERM-1.
@Suite("Scheduling factors", .watchdog, .cpuBound)
struct SchedulingFactorTests {
    static let refresh = TaskRequest(identifier: TaskApps.refresh, kind: .appRefresh, earliestBeginDate: 600)

    func run(
        _ version: String = "17", power: [PowerPoint] = [], usedDaysAgo: Double? = 0,
        device: DeviceSettings = DeviceSettings(),
        requests: [TaskRequest] = [refresh], duration: TimeInterval = 86_400, actions: [UserAction] = []
    ) throws -> Trace {
        let scenario = SchedulerScenarios.make(
            duration: duration, power: power, usedDaysAgo: usedDaysAgo, device: device, actions: actions)
        return Trace(scenario, ios: try Versions.parse(version), setup: .custom(TaskApps.submitter(requests)))
    }

    static func device(_ variants: String...) -> DeviceSettings {
        DeviceSettings(variants: variants.map { PolicyVariant(id: $0)! })
    }

    @Test(
        "a battery under 20 % holds tasks back; CONF-8:lowBattery lifts it (BGT-11 factor 1)",
        arguments: ["13", "17", "26"])
    func lowBattery(version: String) throws {
        let low = [PowerPoint(at: 0, battery: 0.15)]
        let held = try run(version, power: low, device: Self.device("CONF-8:appUsage"))
        #expect(held.launches.isEmpty)
        #expect(held.reasons("taskDeferred").first?.contains("battery below 20 %") == true)
        let lifted = try run(version, power: low, device: Self.device("CONF-8:appUsage", "CONF-8:lowBattery"))
        #expect(lifted.launches.count == 1)
    }

    @Test("the battery level drifts: a task waits until the charger brings it back above 20 %")
    func batteryRecovers() throws {
        let power = [PowerPoint(at: 0, battery: 0.1, charging: true), PowerPoint(at: 7200, battery: 0.3)]
        let trace = try run(power: power, device: Self.device("CONF-8:appUsage"))
        let launch = try #require(trace.launches.first)
        // 20 % is reached halfway, at 3600 s.
        #expect(launch.time >= 3600 && launch.time <= 3600 + 600 + 60)
    }

    @Test(
        "Low Power Mode holds pending tasks back until it is switched off (BGT-11 factor 2, BGT-12)",
        arguments: ["13", "17", "26"])
    func lowPowerMode(version: String) throws {
        let trace = try run(
            version, device: Self.device("CONF-8:appUsage"),
            actions: [
                UserAction(at: 20, .setLowPowerMode(true)), UserAction(at: 4 * 3600, .setLowPowerMode(false)),
            ])
        let launch = try #require(trace.launches.first)
        #expect(launch.time >= 4 * 3600)
        let reasons = trace.reasons("taskDeferred")
        #expect(reasons.first?.contains("Low Power Mode") == true)
        #expect(reasons.first?.contains("Background App Refresh off") == true, "BGT-12: LPM turns BAR off")
    }

    @Test(
        "Low Power Mode leaves the reported refresh status Available; the Settings switch changes it (BGT-12)",
        arguments: ["9", "14.1", "17"])
    func lowPowerModeKeepsStatus(version: String) throws {
        let isStatus = { (event: Event) -> Bool in
            if case .backgroundRefreshStatusChanged = event { true } else { false }
        }
        let lowPower = try run(
            version, requests: [], duration: 600,
            actions: [UserAction(at: 30, .open), UserAction(at: 60, .setLowPowerMode(true))])
        #expect(lowPower.events(isStatus).isEmpty)
        #expect(!lowPower.events { $0 == .lowPowerModeChanged(true) }.isEmpty)
        let switchedOff = try run(
            version, requests: [], duration: 600,
            actions: [UserAction(at: 30, .open), UserAction(at: 60, .setBackgroundAppRefresh(false))])
        #expect(switchedOff.events(isStatus).map(\.time) == [60])
    }

    @Test("CONF-8:lowPowerMode with CONF-8:backgroundAppRefresh lets tasks run in Low Power Mode")
    func lowPowerModeFactorsOff() throws {
        let trace = try run(
            device: Self.device("CONF-8:appUsage", "CONF-8:lowPowerMode", "CONF-8:backgroundAppRefresh"),
            actions: [UserAction(at: 20, .setLowPowerMode(true))])
        #expect(trace.launches.count == 1)
        #expect(trace.decisions("taskPlanned").allSatisfy { $0.decision.rules.contains("CONF-8") })
    }

    @Test("Background App Refresh switched off holds pending tasks back (BGT-11 factor 5)")
    func backgroundAppRefreshOff() throws {
        let trace = try run(
            device: Self.device("CONF-8:appUsage"), actions: [UserAction(at: 20, .setBackgroundAppRefresh(false))])
        #expect(trace.launches.isEmpty)
        #expect(trace.reasons("taskDeferred").last == "Background App Refresh off")
    }

    @Test(
        "after a force-quit no BGTask launches on 13+ until the user opens the app (TERM-1, BGT-11 factor 4)",
        arguments: ["13", "17", "26"])
    func forceQuit(version: String) throws {
        let trace = try run(
            version, device: Self.device("CONF-8:appUsage"),
            actions: [
                UserAction(at: 20, .forceQuit), UserAction(at: 5 * 3600, .open), UserAction(at: 5 * 3600 + 10, .home),
            ])
        #expect(trace.launches.allSatisfy { $0.time > 5 * 3600 })
        #expect(!trace.launches.isEmpty, "the reopened app submits again and is launched")
        #expect(trace.decisions("taskDeferred").first?.decision.rules.contains("TERM-1") == true)
        // CONF-8:appSwitcher: the swipe no longer constrains the app.
        let unconstrained = try run(
            version, device: Self.device("CONF-8:appUsage", "CONF-8:appSwitcher"),
            actions: [UserAction(at: 20, .forceQuit)])
        #expect(unconstrained.launches.count == 1)
        #expect(unconstrained.relaunchTransitions.count == 1)
    }

    @Test("an app not used for 8 days gets no refresh; CONF-8:appUsage lifts it (BGT-11 factor 3)")
    func refreshNotUsedFor8Days() throws {
        let late = TaskRequest(identifier: TaskApps.refresh, kind: .appRefresh, earliestBeginDate: 8 * 86_400)
        let held = try run(requests: [late], duration: 9 * 86_400)
        #expect(held.launches.isEmpty)
        #expect(held.reasons("taskDeferred").first?.contains("app not used for 8 days") == true)
        let lifted = try run(device: Self.device("CONF-8:appUsage"), requests: [late], duration: 9 * 86_400)
        #expect(lifted.launches.count == 1)
    }

    /// On the charger all the time: processing tasks run only on it (observed, BGT-5).
    static let charging = [PowerPoint(at: 0, battery: 0.9, charging: true)]

    @Test("a processing task runs only if the app was used in the last 7 days, whatever CONF-8 says (BGT-5)")
    func processingNotUsedFor8Days() throws {
        let late = TaskRequest(identifier: TaskApps.sync, kind: .processing, earliestBeginDate: 8 * 86_400)
        for device in [DeviceSettings(), Self.device("CONF-8:appUsage")] {
            let trace = try run(power: Self.charging, device: device, requests: [late], duration: 10 * 86_400)
            #expect(trace.launches.isEmpty)
            #expect(trace.reasons("taskDeferred").first?.contains("app not used for 8 days") == true)
            #expect(trace.decisions("taskDeferred").first?.decision.rules.contains("BGT-5") == true)
        }
        let recent = TaskRequest(identifier: TaskApps.sync, kind: .processing, earliestBeginDate: 5 * 86_400)
        #expect(try run(power: Self.charging, requests: [recent], duration: 7 * 86_400).launches.count == 1)
    }

    @Test("an app never used gets no processing task (BGT-5)")
    func neverUsed() throws {
        // The user opens the app only in the scenario; the history says never, but that open counts.
        let trace = try run(
            power: Self.charging, usedDaysAgo: nil,
            requests: [TaskRequest(identifier: TaskApps.sync, kind: .processing)])
        #expect(trace.launches.count == 1)
    }

    @Test("refreshes are rate-limited to one every 15 min; CONF-8:rateLimiting lifts it (BGT-3, BGT-11 factor 7)")
    func rateLimiting() throws {
        func launches(_ device: DeviceSettings) -> [TimeInterval] {
            let scenario = SchedulerScenarios.make(duration: 3 * 3600, device: device)
            return Trace(scenario, ios: IOSVersion(17), setup: .custom(Self.eager)).launches.map(\.time)
        }
        let limited = launches(Self.device("CONF-8:appUsage", "CONF-8:systemBudgets"))
        #expect(limited.count >= 8)
        #expect(zip(limited, limited.dropFirst()).allSatisfy { $1 - $0 >= 900 - 0.002 })
        let unlimited = launches(Self.device("CONF-8:appUsage", "CONF-8:systemBudgets", "CONF-8:rateLimiting"))
        #expect(unlimited.count > limited.count)
    }

    /// An app that resubmits a refresh with no delay after each launch.
    static let eager = Scripted("Eager") { event, _ in
        switch event {
        case .didEnterBackground:
            return [.submitTaskRequest(TaskRequest(identifier: TaskApps.refresh, kind: .appRefresh))]
        case .scheduledTaskLaunched:
            return [
                .completeScheduledTask(identifier: TaskApps.refresh, success: true),
                .submitTaskRequest(TaskRequest(identifier: TaskApps.refresh, kind: .appRefresh)),
            ]
        default: return []
        }
    }

    @Test(
        "an app in daily use gets launches at the run's budget rate, irregularly; CONF-8:systemBudgets lifts it (BGT-11 factor 6)"
    )
    func dayBudget() throws {
        // 08:00 to 20:00, the app used today (usedDaysAgo 0) and opened at 08:00: in daily use.
        func launches(_ seed: UInt64, _ device: DeviceSettings = DeviceSettings()) -> [TimeInterval] {
            let scenario = SchedulerScenarios.make(duration: 12 * 3600, startHour: 8, device: device)
            return Trace(scenario, ios: IOSVersion(17), setup: .custom(Self.eager), seed: seed).launches.map(\.time)
        }
        let counts = (1...12).map { launches(UInt64($0)).count }
        // The rate is drawn per run over 0.1–4 an hour: the counts differ between runs.
        #expect(Set(counts).count > 3, "\(counts)")
        #expect(counts.allSatisfy { $0 <= 12 * 4 })
        let unlimited = launches(1, Self.device("CONF-8:systemBudgets"))
        // Budgets off: every 15 min once eligible, as the rate limit allows.
        #expect(unlimited.count >= 40)
        #expect(counts.allSatisfy { $0 < unlimited.count })
        let trace = Trace(
            SchedulerScenarios.make(duration: 12 * 3600, startHour: 8), ios: IOSVersion(17),
            setup: .custom(Self.eager), seed: 3)
        #expect(trace.reasons("taskPlanned", key: "chosen").contains { $0.contains("within the day's budget") })
    }

    @Test("an app used once (not daily) gets only the favoured windows, none from the budget (BGT-11 factor 3)")
    func notDailyNoBudget() throws {
        // Last used 3 days ago, opened once at 18:00: not in daily use.
        for seed in UInt64(1)...6 {
            let scenario = SchedulerScenarios.make(duration: 25 * 3600, usedDaysAgo: 3)
            let trace = Trace(scenario, ios: IOSVersion(17), setup: .custom(Self.eager), seed: seed)
            #expect(!trace.reasons("taskPlanned", key: "chosen").contains { $0.contains("budget") })
            // Only the window before the usual 18:00 open, the next day (from 17:30, t = 84 600).
            #expect(!trace.launches.isEmpty)
            #expect(trace.launches.allSatisfy { $0.time >= 84_600 })
        }
    }

    @Test("no refresh at night (00:00–06:00), not even ahead of a usual open at 05:30 (BGT-11 factor 3)")
    func noneAtNight() throws {
        for seed in UInt64(1)...6 {
            let scenario = SchedulerScenarios.make(duration: 14 * 3600, startHour: 18, hours: [5.5])
            let trace = Trace(scenario, ios: IOSVersion(18), setup: .custom(Self.eager), seed: seed)
            for launch in trace.launches {
                let hour = (18 + launch.time / 3600).truncatingRemainder(dividingBy: 24)
                #expect(hour >= 6, "launch at \(hour) h")
            }
        }
        let lifted = Trace(
            SchedulerScenarios.make(duration: 14 * 3600, startHour: 18, device: Self.device("CONF-8:appUsage")),
            ios: IOSVersion(18), setup: .custom(Self.eager))
        #expect(lifted.launches.contains { (18 + $0.time / 3600).truncatingRemainder(dividingBy: 24) < 6 })
    }

    @Test("13+: refreshes stop a day after the last use; 7–12: fetches go on for days (BGT-11 factor 3)")
    func usageCutOff() throws {
        // Opened once at 18:00 and never again; the usual 18:00 open is the only window.
        let refresh = Trace(
            SchedulerScenarios.make(duration: 4 * 86_400, usedDaysAgo: nil), ios: IOSVersion(16),
            setup: .custom(Self.eager))
        #expect(!refresh.launches.isEmpty)
        // The last use ended at t = 10 (Home).
        #expect(refresh.launches.allSatisfy { $0.time <= 86_410 })
        #expect(refresh.reasons("taskDeferred").contains { $0.contains("app not used for 1 days") })
        let scenario = SchedulerScenarios.make(duration: 4 * 86_400, usedDaysAgo: nil)
        let fetch = Trace(
            scenario, ios: IOSVersion(12),
            setup: .custom(TaskApps.submitter([], fetchInterval: 900)))
        // One fetch per window, every day.
        #expect(fetch.launches.count == 4, "\(fetch.launches.map(\.time))")
    }

    @Test("every plan names its rules and, under CONF-8, the factors switched off")
    func decisionsExplain() throws {
        let trace = try run(device: Self.device("CONF-8:appUsage"))
        let plan = try #require(trace.decisions("taskPlanned").first)
        #expect(plan.decision.rules.contains("BGT-8"))
        #expect(plan.decision.rules.contains("BGT-11"))
        #expect(plan.decision.rules.contains("CONF-8"))
        #expect(plan.decision.fields["factorsOff"] == "appUsage")
        #expect(plan.decision.fields["plannedAt"]?.number != nil)
    }
}
