import Foundation
import Wakeful
import WakefulSimulator

/// Why a gap happened while the app was running: its strategies' own decisions, as the timeline's
/// commands record them. The simulator attributes a gap to what iOS did (a suspension, a kill, a
/// refused wake); a gap the app spent running is the app's doing, and its story is what its
/// strategies decided in it, when, on which event, and what resumed the work: "the app was
/// running, and its strategy MotionAwareTracking stopped the work", then a line for the moment it
/// recorded "stationary" and turned the GPS off, on which event, and one for the fence exit that
/// turned it back on.
enum StrategyDecisions {
    /// What one strategy did at one instant on one event.
    struct Moment {
        var time: TimeInterval
        /// The event the commands answered, when one came before them at that instant.
        var event: Event?
        var owner: String
        var commands: [Command]
        /// The start commands that repeat the owner's previous one: a restart, as a pulse does.
        var restarts: Set<String> = []

        /// Whether the strategy turned a source of the work off, or noted a phase of its own
        /// (`stationary`), rather than restarting what ran.
        var stops: Bool {
            commands.contains { command in
                if case .record = command { return true }
                guard StrategyDecisions.stopping.contains(command.name) else { return false }
                return !restarts.contains(StrategyDecisions.restarting[command.name] ?? "")
            }
        }

        /// Whether the strategy started a source of the work anew.
        var starts: Bool {
            commands.contains { StrategyDecisions.starting.contains($0.name) && !restarts.contains($0.name) }
        }
    }

    /// The explanation of a gap the app spent running, from `from` to `to`, in records of
    /// `kind` (nil for execution); `openAt` names the window's end when nothing ended the gap.
    /// Nil when its strategies decided nothing in it: the caller says it plainly.
    static func story(
        from: TimeInterval, to: TimeInterval, kind: String?, openAt: String?, in timeline: [TimelineEntry]
    ) -> String? {
        let moments = Self.moments(from: from, to: to, kind: kind, in: timeline)
        guard let stop = moments.first(where: { $0.time < to && $0.stops }) else {
            guard let next = moments.first(where: \.starts) else { return nil }
            return "the app was running but did not do the work; its strategies' first decision in it came "
                + line(next, resumed: false) + "."
        }
        let resume = moments.last { $0.time > stop.time && $0.starts }
        let owners = Set([stop.owner] + (resume.map { [$0.owner] } ?? []))
        let who = owners.count == 1 ? "its strategy \(stop.owner)" : "its strategies"
        var lines = ["the app was running, and \(who) stopped the work:", "- " + line(stop, resumed: false)]
        if let resume {
            lines.append("- " + line(resume, resumed: true))
        } else if let openAt {
            lines.append("- nothing had resumed it by \(openAt).")
        }
        return lines.joined(separator: "\n")
    }

    /// `at 0.001 s, on timerFired(MotionAwareTracking.stop), MotionAwareTracking recorded "stationary"
    /// and issued …`, or `at 1 min 35 s, regionExited(…) resumed it: MotionAwareTracking issued …`.
    private static func line(_ moment: Moment, resumed: Bool) -> String {
        let records = moment.commands.compactMap { command -> String? in
            guard case .record(let record) = command else { return nil }
            return "\"\(record.kind)\""
        }
        let issued = moment.commands.filter { if case .record = $0 { false } else { true } }.map(describe)
        let did = [
            records.isEmpty ? nil : "recorded \(records.joined(separator: ", "))",
            issued.isEmpty ? nil : "issued \(issued.joined(separator: ", "))",
        ].compactMap { $0 }.joined(separator: " and ")
        let at = "at \(SimulatedTime.describe(moment.time))"
        let event = moment.event.map(describe)
        guard resumed else { return "\(at), on \(event ?? "its own"), \(moment.owner) \(did)" }
        return "\(at), \(event ?? "the app") resumed it: \(moment.owner) \(did)."
    }

    /// The strategies' moments from `from` to `to`: the agent's own commands (jobs, uploads),
    /// bookkeeping (timers, tasks, CPU load) and the records of the work itself left out.
    private static func moments(
        from: TimeInterval, to: TimeInterval, kind: String?, in timeline: [TimelineEntry]
    ) -> [Moment] {
        var moments: [Moment] = []
        var event: (time: TimeInterval, event: Event)?
        var started: [String: Command] = [:]  // each owner's last start command of each name
        for entry in timeline {
            guard entry.time <= to else { break }
            switch entry.body {
            case .event(let delivered):
                event = (entry.time, delivered)
            case .command(let command, let owner) where !agent.contains(owner) && !bookkeeping.contains(command.name):
                if case .record(let record) = command, record.kind == kind { continue }
                let key = "\(owner)|\(command.name)"
                let restart = starting.contains(command.name) && started[key] == command
                if starting.contains(command.name) { started[key] = command }
                guard entry.time >= from else { continue }
                let cause = event.flatMap { $0.time == entry.time ? $0.event : nil }
                if let last = moments.last, last.time == entry.time, last.owner == owner, last.event == cause {
                    moments[moments.count - 1].commands.append(command)
                } else {
                    moments.append(Moment(time: entry.time, event: cause, owner: owner, commands: [command]))
                }
                if restart { moments[moments.count - 1].restarts.insert(command.name) }
            default:
                break
            }
        }
        return moments
    }

    /// `timerFired(MotionAwareTracking.stop)`, `regionExited(home)`, `didBecomeActive`.
    private static func describe(_ event: Event) -> String {
        let subject: String? =
            switch event {
            case .regionEntered(let id), .regionExited(let id), .regionStateDetermined(let id, _): id.description
            case .timerFired(let id): id.description
            case .didFinishLaunching(let reason): reason.rawValue
            case .remoteNotification(let push), .voipPush(let push): push.id
            case .scheduledTaskLaunched(let launch): launch.identifier
            default: nil
            }
        return event.name + (subject.map { "(\($0))" } ?? "")
    }

    /// `startUpdatingLocation (3000 m)`, `startMonitoring(home)`, `stopLiveUpdates`.
    private static func describe(_ command: Command) -> String {
        switch command {
        case .startUpdatingLocation(let request):
            "\(command.name) (\(request.desiredAccuracy > 0 ? BackgroundTestRun.metres(request.desiredAccuracy) : "best"))"
        case .startMonitoring(let region): "\(command.name)(\(region.id))"
        case .stopMonitoring(let id), .requestState(let id): "\(command.name)(\(id))"
        default: command.name
        }
    }

    /// The owners of the agent's own commands: the job scheduler and the uploader.
    private static let agent: Set<String> = [JobScheduler.ownerName, Uploader.owner]

    /// Commands that keep the app's house in order rather than decide what it does.
    private static let bookkeeping: Set<String> = [
        "setTimer", "cancelTimer", "beginBackgroundTask", "endBackgroundTask", "setCPULoad",
        "completeRemoteNotification", "completeScheduledTask", "completeBackgroundFetch", "completeBackgroundEvents",
        "completeHealthObserverUpdate",
    ]

    /// Commands that stop a source of the work, or hand it to a region to resume.
    static let stopping: Set<String> = [
        "stopUpdatingLocation", "stopMonitoringSignificantLocationChanges", "stopMonitoringVisits", "startMonitoring",
        "stopRangingBeacons", "stopLiveUpdates", "stopActivityUpdates", "stopAudio", "stopScan", "stopAdvertising",
        "cancelConnection", "cancelTransfers", "cancelJob", "invalidateBackgroundActivitySession",
        "invalidateServiceSession", "removeMonitorCondition",
    ]

    /// The start command that undoes each stop when it repeats what ran before.
    static let restarting: [String: String] = [
        "stopUpdatingLocation": "startUpdatingLocation", "stopLiveUpdates": "startLiveUpdates",
        "stopMonitoringSignificantLocationChanges": "startMonitoringSignificantLocationChanges",
        "stopMonitoringVisits": "startMonitoringVisits", "stopRangingBeacons": "startRangingBeacons",
        "stopActivityUpdates": "startActivityUpdates", "stopAudio": "startAudio", "stopScan": "scanForPeripherals",
        "stopAdvertising": "startAdvertising",
    ]

    /// Commands that start a source of the work.
    static let starting: Set<String> = [
        "startUpdatingLocation", "requestLocation", "startLiveUpdates", "startMonitoringSignificantLocationChanges",
        "startMonitoringVisits", "startRangingBeacons", "startActivityUpdates", "startAudio", "scanForPeripherals",
        "connect", "startAdvertising", "startTransfer", "sendRequest", "runJob", "startBackgroundActivitySession",
        "startServiceSession",
    ]
}
