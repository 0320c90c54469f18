import Foundation
import Wakeful

/// A planned launch falling due (BGT-2 to BGT-5, BGT-11, CONF-10), the counters a launch moves,
/// and the limit each kind of task runs under.
extension TaskScheduler {
    /// A launch the device is to carry out: wake or relaunch the app and deliver the task.
    struct Launch {
        var task: ScheduledTaskLaunch
        /// How long the task may run.
        var limit: TimeInterval
        /// The rules behind the launch and its limit.
        var rules: [String]
        /// Whether the task's in-process requests may use cellular data (BGT-15).
        var cellularAllowed = true
    }

    /// A planned launch fell due: the launch, if nothing holds it back now; else it is planned again.
    mutating func launchDue(generation: Int, _ conditions: SchedulerConditions, into effects: inout [DeviceEffect])
        -> Launch?
    {
        let rules = conditions.rules
        if generation == fetchGeneration {
            fetchGeneration = 0
            guard fetchHonoured(conditions), fetchInterval != nil else { return nil }
            if let blocker = launchBlocker(kind: .backgroundFetch, requiresPower: false, conditions) {
                effects.append(
                    .decide(
                        "taskDeferred", rules: blocker.rules,
                        fields: [
                            Field("identifier", .string(ScheduledRefreshIdentifiers.fetch)),
                            Field("waitedFor", .string(blocker.why)),
                        ]))
                fetchSummary = ""
                planFetch(conditions, into: &effects)
                return nil
            }
            fetchBase = conditions.now
            fetchJitter = random.nextDouble()
            fetchGap = gapRandom.exponential()
            return Launch(
                task: ScheduledTaskLaunch(identifier: ScheduledRefreshIdentifiers.fetch, kind: .backgroundFetch),
                limit: rules.fetchTime, rules: ["BGT-2"])
        }
        guard let index = pending.firstIndex(where: { $0.generation == generation }) else { return nil }
        let request = pending[index].request
        if let blocker = launchBlocker(
            kind: request.kind.launchKind, requiresPower: request.requiresExternalPower, conditions)
        {
            effects.append(
                .decide(
                    "taskDeferred", rules: blocker.rules,
                    fields: [
                        Field("identifier", .string(request.identifier)), Field("waitedFor", .string(blocker.why)),
                    ]))
            pending[index].summary = ""
            planRequest(at: index, conditions, into: &effects)
            return nil
        }
        pending.remove(at: index)
        let task = ScheduledTaskLaunch(identifier: request.identifier, kind: request.kind.launchKind)
        guard request.kind == .appRefresh else {
            // BGT-15, CONF-19: after a force-quit (18.3+) the task runs shorter, with restricted networking.
            guard forceQuitConstrains(.processing, conditions) else {
                return Launch(task: task, limit: rules.processingTime, rules: ["BGT-5"])
            }
            return Launch(
                task: task, limit: rules.processingTimeAfterForceQuit, rules: ["BGT-5", "BGT-15", "CONF-19"],
                cellularAllowed: rules.processingAfterForceQuitUsesCellular)
        }
        // BGT-4: up to 30 s; CONF-10: ends 2–5 s after launch, drawn from stream 20.
        if let early = rules.appRefreshEarlyExpiry {
            return Launch(task: task, limit: random.uniform(early), rules: ["BGT-4", "CONF-10"])
        }
        return Launch(task: task, limit: rules.appRefreshTime, rules: ["BGT-4"])
    }

    /// What holds a due launch back now, standing or time-dependent.
    private func launchBlocker(
        kind: ScheduledTaskKind, requiresPower: Bool, _ conditions: SchedulerConditions
    ) -> Blocker? {
        standingBlockers(kind, conditions).first
            ?? timeBlocker(at: conditions.now, kind: kind, requiresPower: requiresPower, conditions)
    }

    /// Notes a launch for the run's summary; a refresh or fetch also for the rate limit (BGT-3) and
    /// the day's budget (BGT-11 factor 6), which count from it.
    mutating func noteLaunch(_ launch: ScheduledTaskLaunch, at time: TimeInterval) {
        launches.note(launch.identifier, at: time)
        if launch.kind == .appRefresh || launch.kind == .backgroundFetch { lastRefreshLaunch = time }
    }

    /// The rule that sets a kind's run-time limit.
    static func limitRule(_ kind: ScheduledTaskKind) -> String {
        switch kind {
        case .backgroundFetch: "BGT-2"
        case .appRefresh: "BGT-4"
        case .processing: "BGT-5"
        case .continuedProcessing: "BGT-13"
        }
    }
}
