import Foundation
import Wakeful

/// Daily use, the night and the day's budget (BGT-3, BGT-11 factors 3 and 6): how often an app
/// the user opens every day is launched for a refresh or fetch beyond the favoured windows.
///
/// The model: an app is *in daily use* when its last two uses are at most
/// ``SchedulerRules/dailyUseWithin`` apart and the last one is no older than that (the scenario's
/// `usedDaysAgo` counts as a use). Such an app gets launches at random moments of the day, at a
/// rate this run draws once from ``SchedulerRules/budgetLaunchRate`` (log-uniform, stream 70): the
/// gap to the next moment is an exponential draw (stream 71) counted in daytime hours from the
/// last launch or the submission, so launches come irregularly, as the field's did (12:38,
/// 16:30, 16:51, 18:26 in bgt-refresh-four-in-an-afternoon; "sometimes every 15 minutes, sometimes
/// 1 hour" in bgt-refresh-15min-to-hourly-first-day). The rate limit still keeps them 15 min apart.
/// The night (the overnight window, 00:00–06:00) has no refresh or fetch launches at all
/// (bgt-refresh-none-overnight); its bounds are those of the processing window, an assumption.
extension TaskScheduler {
    /// Whether the app is in daily use at `time` (BGT-11 factor 3).
    func inDailyUse(at time: TimeInterval, _ rules: SchedulerRules) -> Bool {
        guard let useGap, useGap <= rules.dailyUseWithin else { return false }
        return sinceUse(at: time) <= rules.dailyUseWithin
    }

    /// This run's budget rate, launches an hour of daytime: `budgetDraw` placed log-uniformly in the range.
    func budgetRate(_ rules: SchedulerRules) -> Double {
        let range = rules.budgetLaunchRate
        guard range.lowerBound > 0 else { return range.upperBound * budgetDraw }
        return range.lowerBound * pow(range.upperBound / range.lowerBound, budgetDraw)
    }

    /// Whether `time` falls in the overnight window, when refreshes and fetches are not launched.
    func isNight(_ time: TimeInterval, _ conditions: SchedulerConditions) -> Bool {
        let hour = conditions.world.hourOfDay(at: time)
        let start = conditions.rules.overnightStartHour
        let end = conditions.rules.overnightEndHour
        return start <= end ? (hour >= start && hour < end) : (hour >= start || hour < end)
    }

    /// The overnight window as text: `00:00–06:00`.
    func nightText(_ rules: SchedulerRules) -> String {
        "\(Self.clock(rules.overnightStartHour))–\(Self.clock(rules.overnightEndHour))"
    }

    /// The moment the day's budget next allows a launch: `gap` mean gaps of daytime counted from
    /// `clock`; `clock` itself with the budgets factor off (CONF-8:systemBudgets); nil when the
    /// moment is not before `horizon`.
    func budgetMoment(
        from clock: TimeInterval, gap: Double, until horizon: TimeInterval, _ conditions: SchedulerConditions
    ) -> TimeInterval? {
        guard conditions.rules.schedulingFactors.contains(.systemBudgets) else { return clock }
        let needed = gap / budgetRate(conditions.rules) * 3600
        var accumulated = 0.0
        var time = clock
        while time < horizon {
            // Whole minutes of the clock, night or day as at the minute's start.
            let next = min(horizon, ((time / 60).rounded(.down) + 1) * 60)
            if !isNight(time, conditions) {
                if accumulated + (next - time) >= needed { return time + (needed - accumulated) }
                accumulated += next - time
            }
            time = next
        }
        return nil
    }
}
