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

    @Test("a processing task runs only if the app was used in the last 7 days, whatever CONF-8 says (BGT-5)")
    func processingNotUsedFor8Days() throws {
        let late = TaskRequest(identifier: TaskApps.sync, kind: .processing, earliestBeginDate: 8 * 86_400)
        for device in [DeviceSettings(), Self.device("CONF-8:appUsage")] {
            let trace = try run(device: device, requests: [late], duration: 10 * 86_400)
            #expect(trace.launches.isEmpty)
            #expect(trace.reasons("taskDeferred").first?.contains("app not used for 8 days") == true)
            #expect(trace.decisions("taskDeferred").first?.decision.rules.contains("BGT-5") == true)
        }
        let recent = TaskRequest(identifier: TaskApps.sync, kind: .processing, earliestBeginDate: 5 * 86_400)
        #expect(try run(requests: [recent], duration: 7 * 86_400).launches.count == 1)
    }

    @Test("an app never used gets no processing task (BGT-5)")
    func neverUsed() throws {
        // The user opens the app only in the scenario; the history says never, but that open counts.
        let trace = try run(usedDaysAgo: nil, requests: [TaskRequest(identifier: TaskApps.sync, kind: .processing)])
        #expect(trace.launches.count == 1)
    }

    @Test("refreshes are rate-limited to one every 15 min; CONF-8:rateLimiting lifts it (BGT-3, BGT-11 factor 7)")
    func rateLimiting() throws {
        // An app that resubmits a refresh with no delay after each launch.
        let app = Scripted("Eager") { event, _ in
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
        func launches(_ device: DeviceSettings) -> [TimeInterval] {
            let scenario = SchedulerScenarios.make(duration: 3 * 3600, device: device)
            return Trace(scenario, ios: IOSVersion(17), setup: .custom(app)).launches.map(\.time)
        }
        let limited = launches(Self.device("CONF-8:appUsage", "CONF-8:systemBudgets"))
        #expect(limited.count >= 8)
        #expect(zip(limited, limited.dropFirst()).allSatisfy { $1 - $0 >= 900 - 0.002 })
        let unlimited = launches(Self.device("CONF-8:appUsage", "CONF-8:systemBudgets", "CONF-8:rateLimiting"))
        #expect(unlimited.count > limited.count)
    }

    @Test("the daily budget caps launches per day; CONF-8:systemBudgets lifts it (BGT-11 factor 6)")
    func dailyBudget() throws {
        let app = Scripted("Eager") { event, _ in
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
        // 00:00 start: one scenario day of 24 h.
        let scenario = SchedulerScenarios.make(duration: 86_000, startHour: 0, device: Self.device("CONF-8:appUsage"))
        let trace = Trace(scenario, ios: IOSVersion(17), setup: .custom(app))
        #expect(trace.launches.count == 12)
        #expect(trace.reasons("taskDeferred").contains { $0.contains("daily budget of 12 launches used") })
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
