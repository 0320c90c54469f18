import Foundation
import Wakeful

/// The scheduling decision (BGT-3, BGT-5, BGT-8, BGT-11, CONF-8): when the system launches a
/// pending request or the next fetch.
///
/// The model, deterministic for a seed:
/// 1. A request is eligible from its `earliestBeginDate` (a lower bound only, BGT-8); a fetch
///    from the last fetch plus the interval, at least 15 min (BGT-1, BGT-3).
/// 2. *Standing* conditions hold it back until they change: the force-quit flag (TERM-1, factor 4),
///    Low Power Mode (factor 2, BGT-12) and Background App Refresh off (factor 5).
/// 3. From eligibility the system looks ahead, minute by minute, for the first moment at which
///    nothing time-dependent blocks it — the battery at or above 20 % (factor 1), the charger for
///    a processing task (BGT-5, observed even without `requiresExternalPower`), use within the
///    last 7 days (BGT-5; factor 3 for refreshes: 1 day from 13), not the night for a refresh or
///    fetch (factor 3), 15 min since the last refresh (factor 7, BGT-3) — and that the system
///    favours: for a refresh or fetch, the half hour before an hour at which the user usually
///    opens the app (factor 3; a legacy fetch once per such window), and for an app in daily use
///    the moments the day's budget allows (factor 6, `TaskScheduler+Budget.swift`); for a
///    processing task, the night (BGT-5). A processing task is looked for within 2 days of
///    eligibility only (BGT-5).
/// 4. A launch in a favoured window comes up to 10 min (refresh, fetch) or 30 min (processing)
///    after that moment: a jitter drawn once per request from the seeded stream 20. A launch the
///    budget allows comes at its moment: the budget's gap is its spread.
/// 5. Every plan and every hold-back is a `decision` line (`taskPlanned`, `taskDeferred`) naming
///    the factors, so a timeline says why a task ran late or never. Plans are made again when a
///    request is submitted, the user acts, the charger state changes, or a launch happens.
///
/// Each factor can be switched off with `CONF-8:<factor>`; a factor switched off is not applied.
/// Network connectivity (`requiresNetworkConnectivity`) is assumed available: the planner does not
/// read the world's network yet (an assumption the scenario reference states too).
extension TaskScheduler {
    /// The planning step of the look-ahead.
    private static var planningStep: TimeInterval { 60 }

    // MARK: Replanning

    /// Plans every pending request and the fetch again.
    mutating func replan(_ conditions: SchedulerConditions, into effects: inout [DeviceEffect]) {
        for index in pending.indices { planRequest(at: index, conditions, into: &effects) }
        planFetch(conditions, into: &effects)
    }

    /// Plans one pending request's launch and describes the decision when it changed.
    mutating func planRequest(at index: Int, _ conditions: SchedulerConditions, into effects: inout [DeviceEffect]) {
        let now = conditions.now
        let request = pending[index].request
        let kind = request.kind.launchKind
        let generation = nextGeneration()
        pending[index].generation = generation
        let start = max(now, request.earliestBeginDate ?? now)
        let horizon =
            kind == .processing
            ? min(conditions.duration, start + conditions.rules.processingRunsWithin) : conditions.duration
        let budget = (clock: max(pending[index].submittedAt, lastRefreshLaunch), gap: pending[index].gap)
        let outcome = plan(
            kind, requiresPower: request.requiresExternalPower, from: start, until: horizon,
            jitter: pending[index].jitter, budget: kind == .processing ? nil : budget, conditions)
        if outcome.at == nil { pending[index].generation = 0 }
        if let at = outcome.at { effects.append(.schedule(.scheduledLaunch(generation: generation), at: at)) }
        guard conditions.recording else { return }  // the summary only decides whether to describe the plan
        let summary = outcome.summary
        guard summary != pending[index].summary else { return }
        pending[index].summary = summary
        describePlan(outcome, identifier: request.identifier, kind: kind, eligible: start, conditions, into: &effects)
    }

    /// Plans the next fetch, if the app asked for fetches and the version has them.
    mutating func planFetch(_ conditions: SchedulerConditions, into effects: inout [DeviceEffect]) {
        guard let interval = fetchInterval, fetchHonoured(conditions) else {
            fetchGeneration = 0
            return
        }
        let generation = nextGeneration()
        fetchGeneration = generation
        let start = max(conditions.now, fetchBase + interval)
        let outcome = plan(
            .backgroundFetch, requiresPower: false, from: start, until: conditions.duration, jitter: fetchJitter,
            budget: (clock: max(fetchBase, lastRefreshLaunch), gap: fetchGap), conditions)
        if let at = outcome.at {
            effects.append(.schedule(.scheduledLaunch(generation: generation), at: at))
        } else {
            fetchGeneration = 0
        }
        guard conditions.recording, outcome.summary != fetchSummary else { return }
        fetchSummary = outcome.summary
        describePlan(
            outcome, identifier: ScheduledRefreshIdentifiers.fetch, kind: .backgroundFetch, eligible: start, conditions,
            into: &effects)
    }

    /// Whether fetches can happen at all: the version has them (BGT-1), the app declares `fetch`
    /// (BGT-9), and it does not list BGTask identifiers on 13+ (observed, see ``SchedulerRules``).
    func fetchHonoured(_ conditions: SchedulerConditions) -> Bool {
        conditions.rules.fetchAvailable && conditions.fetchDeclared
            && !(conditions.rules.fetchDisabledByTaskIdentifiers && !permitted.isEmpty)
    }

    // MARK: The look-ahead

    /// What holds a launch back, and the rules that say so.
    typealias Blocker = (why: String, rules: [String])

    /// The outcome of planning one launch.
    struct LaunchPlan {
        /// When it launches; nil when it does not within the look-ahead.
        var at: TimeInterval?
        /// What held it back, in the order first met.
        var waitedFor: [String] = []
        /// Why this moment: `ahead of the usual 08:00 open`, `overnight on the charger` …
        var chosen = ""
        /// The rules behind the decision.
        var rules: [String] = []

        var summary: String { "\(at.map { String($0) } ?? "none")|\(waitedFor.joined(separator: ";"))" }
    }

    /// Looks ahead from `start` for the first moment the factors allow and favour (see the type's
    /// notes); `budget` is where the day's budget counts from and the gap drawn for this launch.
    func plan(
        _ kind: ScheduledTaskKind, requiresPower: Bool, from start: TimeInterval, until horizon: TimeInterval,
        jitter: Double, budget: (clock: TimeInterval, gap: Double)?,
        _ conditions: SchedulerConditions
    ) -> LaunchPlan {
        var outcome = LaunchPlan()
        outcome.rules =
            ["BGT-8", "BGT-11"] + (kind == .processing ? ["BGT-5"] : ["BGT-3"])
            + (kind == .backgroundFetch ? ["BGT-1"] : [])
        if conditions.rules.schedulingFactors.count < SchedulingFactor.allCases.count { outcome.rules.append("CONF-8") }
        func note(_ blocker: Blocker) {
            if !outcome.waitedFor.contains(blocker.why) { outcome.waitedFor.append(blocker.why) }
            for rule in blocker.rules where !outcome.rules.contains(rule) { outcome.rules.append(rule) }
        }
        let standing = standingBlockers(kind, conditions)
        guard standing.isEmpty else {
            standing.forEach(note)
            return outcome
        }
        let moment = budget.flatMap { budgetMoment(from: $0.clock, gap: $0.gap, until: horizon, conditions) }
        var time = start
        while time <= horizon {
            if let blocker = timeBlocker(at: time, kind: kind, requiresPower: requiresPower, conditions) {
                if conditions.recording { note(blocker) }  // what waited goes to the timeline only
            } else if let chosen = favoured(
                at: time, kind: kind, requiresPower: requiresPower, budgetMoment: moment, conditions)
            {
                outcome.chosen = chosen.why
                if chosen.budget, !outcome.rules.contains("BGT-3") { outcome.rules.append("BGT-3") }
                let spread = kind == .processing ? conditions.rules.processingJitter : conditions.rules.refreshJitter
                outcome.at = chosen.budget ? time : time + jitter * spread
                return outcome
            }
            // Whole minutes of the clock after the first look, so a plan does not depend on when it was made.
            time = ((time / Self.planningStep).rounded(.down) + 1) * Self.planningStep
        }
        if outcome.waitedFor.isEmpty || kind == .processing {
            note(
                (
                    kind == .processing
                        ? "no moment overnight\(requiresPower ? " on the charger" : "") within \(Format.duration(horizon - start))"
                        : "no favoured moment before the end", kind == .processing ? ["BGT-5"] : ["BGT-11"]
                ))
        }
        return outcome
    }

    /// Conditions that hold everything back until they change (TERM-1, BGT-9, BGT-11, BGT-12, BGT-15).
    func standingBlockers(_ kind: ScheduledTaskKind, _ conditions: SchedulerConditions) -> [Blocker] {
        let factors = conditions.rules.schedulingFactors
        var blockers: [Blocker] = []
        // BGT-15, CONF-19: from 18.3 a processing request still runs after a force-quit, constrained (`launchDue`).
        if forceQuitConstrains(kind, conditions), kind != .processing || !conditions.rules.processingRunsAfterForceQuit
        {
            let processing = kind == .processing ? ["BGT-15", "CONF-19"] : []
            blockers.append(("force-quit by the user", ["TERM-1", "BGT-11"] + processing))
        }
        // Low Power Mode exists from iOS 9, when it also switches Background App Refresh off (BGT-12).
        if conditions.lowPowerMode, conditions.rules.lowPowerModeDisablesBackgroundRefresh,
            factors.contains(.lowPowerMode)
        {
            blockers.append(("Low Power Mode", ["BGT-11", "BGT-12"]))
        }
        if !conditions.backgroundRefreshAvailable, factors.contains(.backgroundAppRefresh) {
            blockers.append(
                (
                    "Background App Refresh off",
                    conditions.lowPowerMode ? ["BGT-9", "BGT-11", "BGT-12"] : ["BGT-9", "BGT-11"]
                ))
        }
        return blockers
    }

    /// Whether the force-quit flag constrains `kind`: the flag is set, the app-switcher factor
    /// applies (BGT-11 factor 4) and TERM-1 lists the kind.
    func forceQuitConstrains(_ kind: ScheduledTaskKind, _ conditions: SchedulerConditions) -> Bool {
        conditions.forceQuit && conditions.rules.schedulingFactors.contains(.appSwitcher)
            && conditions.forceQuitBlocks.contains(kind == .backgroundFetch ? .backgroundFetch : .taskScheduler)
    }

    /// What, at `time`, keeps a launch back: battery, power, usage, the night, rate limit.
    func timeBlocker(
        at time: TimeInterval, kind: ScheduledTaskKind, requiresPower: Bool, _ conditions: SchedulerConditions
    ) -> (why: String, rules: [String])? {
        let rules = conditions.rules
        let factors = rules.schedulingFactors
        let world = conditions.world
        // The look-ahead asks this of every minute: the texts only go to the timeline, so without
        // one they are not written (they were a tenth of a run that schedules tasks).
        let says = conditions.recording
        if factors.contains(.lowBattery) {
            let level = world.power.battery(at: time)
            if level < rules.lowBatteryThreshold {
                return (says ? "battery below \(Int((rules.lowBatteryThreshold * 100).rounded())) %" : "", ["BGT-11"])
            }
        }
        if kind == .processing, requiresPower || rules.processingNeedsCharger, !world.power.charging(at: time) {
            // Observed: without requiresExternalPower too (bgt-processing-never-off-power).
            let why = requiresPower ? "needs external power, not charging" : "runs only on the charger, not charging"
            return (why, ["BGT-5"])
        }
        let since = sinceUse(at: time)
        if kind == .processing, since > rules.processingNeedsUseWithin {
            return (says ? Self.unused(since) : "", ["BGT-5"])
        }
        if kind != .processing, factors.contains(.appUsage), since > rules.refreshNeedsUseWithin {
            return (says ? Self.unused(since) : "", ["BGT-11"])
        }
        if kind != .processing, factors.contains(.appUsage), isNight(time, conditions) {
            // bgt-refresh-none-overnight: none from 17:09 to 05:26, although the user opens the app at 05:26.
            return (says ? "the night (\(nightText(rules)))" : "", ["BGT-11"])
        }
        if kind != .processing, factors.contains(.rateLimiting), time < lastRefreshLaunch + rules.fetchMinimumInterval {
            return (
                says ? "at most one refresh every \(Format.duration(rules.fetchMinimumInterval))" : "",
                ["BGT-3", "BGT-11"]
            )
        }
        return nil
    }

    /// Why the system favours a moment, and whether the day's budget chose it (no jitter then).
    typealias Favour = (why: String, budget: Bool)

    /// Whether the system favours `time` for this kind, and why; nil when it does not.
    func favoured(
        at time: TimeInterval, kind: ScheduledTaskKind, requiresPower: Bool, budgetMoment: TimeInterval?,
        _ conditions: SchedulerConditions
    ) -> Favour? {
        let hour = conditions.world.hourOfDay(at: time)
        let rules = conditions.rules
        if kind == .processing {
            guard isNight(time, conditions) else { return nil }
            let charger = requiresPower || rules.processingNeedsCharger
            return ("overnight (\(nightText(rules)))\(charger ? " on the charger" : "")", false)
        }
        guard rules.schedulingFactors.contains(.appUsage), !typicalHours.isEmpty else {
            return ("as soon as eligible", false)
        }
        if let budgetMoment, time >= budgetMoment, inDailyUse(at: time, rules) {
            let rate = rules.schedulingFactors.contains(.systemBudgets) ? budgetRate(rules) : .infinity
            let text = rate.isFinite ? "\((rate * 100).rounded() / 100) an hour" : "budgets off"
            return ("in daily use, within the day's budget (\(text))", true)
        }
        for open in typicalHours {
            var ahead = (open - hour).truncatingRemainder(dividingBy: 24)
            if ahead < 0 { ahead += 24 }
            guard ahead > 0, ahead * 3600 <= rules.usageLeadTime else { continue }
            // A legacy fetch once per window (bgt-fetch-once-daily-at-install-hour).
            let windowStart = time + ahead * 3600 - rules.usageLeadTime
            if kind == .backgroundFetch, lastRefreshLaunch >= windowStart { continue }
            return ("ahead of the usual \(Self.clock(open)) open", false)
        }
        return nil
    }

    private func describePlan(
        _ outcome: LaunchPlan, identifier: String, kind: ScheduledTaskKind, eligible: TimeInterval,
        _ conditions: SchedulerConditions,
        into effects: inout [DeviceEffect]
    ) {
        guard conditions.recording else { return }
        var fields: [Field] = [
            Field("identifier", .string(identifier)), Field("taskKind", .string(kind.rawValue)),
            Field("eligibleFrom", .double(eligible)),
        ]
        if let at = outcome.at {
            fields.append(Field("plannedAt", .double((at * 1000).rounded() / 1000)))
            fields.append(Field("clock", .string(Self.clock(conditions.world.hourOfDay(at: at)))))
            fields.append(Field("chosen", .string(outcome.chosen)))
        }
        if !outcome.waitedFor.isEmpty {
            fields.append(Field("waitedFor", .string(outcome.waitedFor.joined(separator: "; "))))
        }
        let off = SchedulingFactor.allCases.filter { !conditions.rules.schedulingFactors.contains($0) }
        if !off.isEmpty { fields.append(Field("factorsOff", .string(off.map(\.rawValue).joined(separator: ",")))) }
        effects.append(
            .decide(outcome.at == nil ? "taskDeferred" : "taskPlanned", rules: outcome.rules, fields: fields))
    }

    /// `08:00` for 8, `12:30` for 12.5.
    static func clock(_ hour: Double) -> String {
        let minutes = Int((hour * 60).rounded()) % (24 * 60)
        let h = minutes / 60
        let m = minutes % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }

    private static func unused(_ since: TimeInterval) -> String {
        since.isInfinite ? "app never used" : "app not used for \(Int(since / 86_400)) days"
    }
}

/// Identifiers the scheduler itself uses.
enum ScheduledRefreshIdentifiers {
    /// A legacy fetch launch reports this identifier (`ScheduledTaskLaunch.identifier`).
    static let fetch = "fetch"
}
