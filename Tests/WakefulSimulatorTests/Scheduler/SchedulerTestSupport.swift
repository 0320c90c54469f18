import Foundation
import Testing
import Wakeful
import WakefulSimulator

// Scheduled tasks: scripted apps and scenarios for the background-fetch and BGTaskScheduler suites.

enum TaskApps {
    static let refresh = "com.test.refresh"
    static let sync = "com.test.sync"
    static let export = "com.test.export"

    /// Submits `requests` (with `earliestBeginDate` relative to now) when the app enters the
    /// background; on each launch records `launched` and completes after `work` seconds (never
    /// when nil); completes in the expiration handler when `completesOnExpiry`.
    static func submitter(
        _ requests: [TaskRequest], work: TimeInterval? = 0, completesOnExpiry: Bool = true,
        fetchInterval: TimeInterval?? = .none
    ) -> Scripted {
        Scripted("Submitter") { event, context in
            switch event {
            case .didFinishLaunching:
                if case .some(let interval) = fetchInterval { return [.setMinimumBackgroundFetchInterval(interval)] }
                return []
            case .didEnterBackground:
                return requests.map { request in
                    var request = request
                    request.earliestBeginDate = request.earliestBeginDate.map { context.now + $0 }
                    return .submitTaskRequest(request)
                }
            case .scheduledTaskLaunched(let launch):
                let record = Command.record(
                    Record(
                        kind: "launched",
                        fields: [
                            Field("identifier", .string(launch.identifier)),
                            Field("taskKind", .string(launch.kind.rawValue)),
                        ]))
                guard let work else { return [record] }
                if work == 0 { return [record, complete(launch.identifier)] }
                return [record, .setTimer(TimerRequest(id: TimerID(launch.identifier), interval: work))]
            case .timerFired(let id):
                return [
                    .record(Record(kind: "done", fields: [Field("identifier", .string(id.rawValue))])),
                    complete(id.rawValue),
                ]
            case .scheduledTaskExpiring(let identifier):
                return completesOnExpiry
                    ? [.cancelTimer(TimerID(identifier)), complete(identifier, success: false)] : []
            case .scheduledTaskSubmitFailed(let identifier, let error):
                return [
                    .record(
                        Record(
                            kind: "submitFailed",
                            fields: [Field("identifier", .string(identifier)), Field("error", .string(error.rawValue))])
                    )
                ]
            default:
                return []
            }
        }
    }

    static func complete(_ identifier: String, success: Bool = true) -> Command {
        identifier == "fetch"
            ? .completeBackgroundFetch(result: .newData)
            : .completeScheduledTask(identifier: identifier, success: success)
    }
}

enum SchedulerScenarios {
    static let day: TimeInterval = 86_400

    /// The user opens the app at 0 and presses Home at 10; the clock starts at `startHour`.
    static func make(
        duration: TimeInterval = 86_400, startHour: Double = 18, power: [PowerPoint] = [],
        usedDaysAgo: Double? = 0, hours: [Double] = [],
        permitted: [String]? = [TaskApps.refresh, TaskApps.sync, TaskApps.export],
        // A sync mostly waits on the network: under the CPU monitor's 80 % (a CPU-bound task is
        // killed 48 s in, BGT-6; TaskLaunchTests.cpuMonitor).
        modes: [BackgroundMode]? = [.fetch, .processing], cpuLoad: Double = 0.3,
        device: DeviceSettings = DeviceSettings(),
        home: TimeInterval = 10, actions: [UserAction] = []
    ) -> Scenario {
        var scenario = Scenarios.make(duration: duration, home: home, modes: modes, device: device, actions: actions)
        scenario.world.startHour = startHour
        scenario.world.power = try! PowerTimeline(power)
        scenario.app.usage = AppUsageHistory(usedDaysAgo: usedDaysAgo, typicalOpenHours: hours)
        scenario.app.permittedTaskIdentifiers = permitted
        scenario.app.processingCPULoad = cpuLoad
        return scenario
    }

    static func variants(_ ids: String...) -> DeviceSettings {
        DeviceSettings(variants: ids.map { PolicyVariant(id: $0)! })
    }
}

extension Trace {
    /// Launches delivered to the app: time, identifier, kind.
    var launches: [(time: TimeInterval, identifier: String, kind: ScheduledTaskKind)] {
        events { if case .scheduledTaskLaunched = $0 { true } else { false } }.compactMap {
            guard case .scheduledTaskLaunched(let launch) = $0.event else { return nil }
            return ($0.time, launch.identifier, launch.kind)
        }
    }

    /// Submit errors delivered to the app.
    var submitErrors: [(identifier: String, error: TaskSchedulerError)] {
        events { if case .scheduledTaskSubmitFailed = $0 { true } else { false } }.compactMap {
            guard case .scheduledTaskSubmitFailed(let identifier, let error) = $0.event else { return nil }
            return (identifier, error)
        }
    }

    /// The `why` / `waitedFor` texts of decisions with this name.
    func reasons(_ decision: String, key: String = "waitedFor") -> [String] {
        decisions(decision).compactMap {
            guard case .string(let text)? = $0.decision.fields[key] else { return nil }
            return text
        }
    }
}
