/// One of the seven WWDC20 factors the system weighs when scheduling background work (BGT-11, CONF-8).
///
/// The cases are in BGT-11's order; the raw value is the suffix of the `CONF-8:<factor>` variant ID.
public enum SchedulingFactor: String, Sendable, Hashable, CaseIterable, Codable {
    /// (1) Battery critically low (under 20 %): only essential work runs.
    case lowBattery
    /// (2) Low Power Mode is on.
    case lowPowerMode
    /// (3) App usage: apps most used at this time of day are favoured.
    case appUsage
    /// (4) App switcher: apps the user swiped away are constrained.
    case appSwitcher
    /// (5) Whether Background App Refresh is enabled (it is by default).
    case backgroundAppRefresh
    /// (6) System-wide energy and data budgets spread over the day.
    case systemBudgets
    /// (7) Rate limiting.
    case rateLimiting
}
