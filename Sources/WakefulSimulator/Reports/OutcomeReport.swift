import Foundation
import Wakeful

/// The result of running strategy setups × iOS versions on one scenario, as a table and an
/// explanation that cites the rules behind each outcome.
public struct OutcomeReport: Sendable {
    /// The scenario that ran.
    public var scenario: Scenario
    /// One run per setup and version, setups outermost.
    public var runs: [RunMetrics]

    /// Creates a report.
    public init(scenario: Scenario, runs: [RunMetrics]) {
        self.scenario = scenario
        self.runs = runs
    }

    /// The table: one row per run. A latency or shown measure adds its score: the outcome column says
    /// what became of the app, not whether each push was answered or shown in time.
    public var table: TextTable {
        let showsLatency =
            switch scenario.successMeasure {
            case .latency, .shown: true
            default: false
            }
        var header = [
            "strategy", "iOS", "outcome", "background running", "suspended", "wakes", "terminations", "review risk",
        ]
        if showsLatency { header.insert("success", at: 3) }
        var table = TextTable(header: header)
        for run in runs {
            let terminations =
                run.terminations.isEmpty ? "0" : run.terminations.map(\.reason.rawValue).joined(separator: ", ")
            let review =
                run.reviewRisk.findings.isEmpty
                ? run.reviewRisk.level.rawValue
                : "\(run.reviewRisk.level.rawValue) (\(run.reviewRisk.findings.map(\.subject).joined(separator: ", ")))"
            var row = [
                run.strategy, run.ios, Self.outcome(of: run), Format.duration(run.backgroundRunningSeconds),
                Format.duration(run.suspendedSeconds), String(run.wakes.values.reduce(0, +)), terminations, review,
            ]
            if showsLatency { row.insert(run.success?.summary ?? "", at: 3) }
            table.append(row)
        }
        return table
    }

    /// What happened, in a few words: to the trigger when there is one, to the app otherwise.
    static func outcome(of run: RunMetrics) -> String {
        if run.triggered == true, let distance = run.triggerDistanceMeters {
            return "triggered at \(Format.meters(distance))"
        }
        if neverRan(run) { return "never ran" }
        // Scheduled tasks: a `completed` measure says whether and when the work was done.
        if let success = run.success, success.measure != SuccessMeasure.trigger.description,
            success.measure.contains(" by ")
        {
            return "\(success.measure.split(separator: " ").first ?? ""): \(success.summary)"
        }
        if let quit = run.forceQuit { return "force-quit at \(Format.duration(quit.at)), \(refusedText(quit))" }
        if let stop = run.finalStop {
            let verb = stop.state == AppState.notRunning.rawValue ? "terminated" : "suspended"
            if let distance = run.suspendedAtDistanceMeters { return "\(verb) at \(Format.meters(distance))" }
            return "\(verb) at \(Format.duration(stop.at)) (\(stop.cause))"
        }
        return run.triggered == false ? "not triggered, still running" : "running at the end"
    }

    /// `then 3 wakes refused` or `nothing refused since`.
    static func refusedText(_ quit: ForceQuitSummary) -> String {
        switch quit.refusedWakes {
        case 0: "nothing refused since"
        case 1: "then 1 wake refused"
        case let count: "then \(count) wakes refused"
        }
    }

    /// Whether the app never executed at all (never opened, never woken).
    static func neverRan(_ run: RunMetrics) -> Bool {
        run.foregroundSeconds == 0 && run.backgroundRunningSeconds == 0
    }

    /// The full text: title, table, and the explanation.
    public var text: String {
        let title = scenario.summary.isEmpty ? scenario.name : "\(scenario.name): \(scenario.summary)"
        var lines = [title, "", table.rendered, ""]
        lines.append(contentsOf: explanation.map { "Why: " + $0 })
        if let losses = ComparisonReport.permissionLosses(runs) { lines += ["", losses] }
        let tasks = scheduledTaskLines
        if !tasks.isEmpty { lines += [""] + tasks }
        return lines.joined(separator: "\n")
    }

    /// The task scheduler at the end of each run that used it, as a phone's "did my task ever
    /// run?" screen shows it: what iOS lists as pending and how long ago a task last ran.
    public var scheduledTaskLines: [String] {
        let lines = runs.compactMap { run in
            run.scheduledTasks.map { "  \(run.strategy), iOS \(run.ios): \($0.text)" }
        }
        return lines.isEmpty ? [] : ["Task scheduler at the end (getPendingTaskRequests, SIM-2):"] + lines
    }

    /// One paragraph that explains why the outcomes differ, built from what each run recorded:
    /// what kept the app running when it triggered, or why it stopped for good.
    public var explanation: [String] {
        var sentences: [String] = []
        for setup in setupNames {
            let setupRuns = runs.filter { $0.strategy == setup }
            sentences += triggeredSentences(setup, setupRuns.filter { $0.triggered == true })
            sentences += stoppedSentences(setup, setupRuns.filter { $0.triggered != true })
        }
        sentences += liveActivitySentences()
        sentences += reviewSentences()
        return sentences.isEmpty ? [] : [sentences.joined(separator: " ")]
    }

    private var setupNames: [String] {
        runs.map(\.strategy).uniqued()
    }

    private func triggeredSentences(_ setup: String, _ triggered: [RunMetrics]) -> [String] {
        let groups = Dictionary(grouping: triggered) { $0.triggerKeptRunningBy ?? [] }
        return groups.keys.sorted { $0.joined() < $1.joined() }.map { reasons in
            let group = groups[reasons]!
            let versions = Format.list(group.map { "iOS \($0.ios)" })
            let distances = group.compactMap(\.triggerDistanceMeters)
            return
                "With \(setup) on \(versions) the app triggered \(Self.range(distances)) from the beacon, kept alive by \(keptRunningPhrase(reasons, group))."
        }
    }

    private func stoppedSentences(_ setup: String, _ stopped: [RunMetrics]) -> [String] {
        let groups = Dictionary(grouping: stopped) { run in
            if Self.neverRan(run) { return "neverRan" }
            if run.forceQuit != nil { return "forceQuit" }
            return run.finalStop.map { "\($0.cause) \($0.wakeSource ?? "")" } ?? "running"
        }
        return groups.keys.sorted().map { key in
            let group = groups[key]!
            let versions = Format.list(group.map { "iOS \($0.ios)" })
            let hasTrigger = group[0].triggered != nil
            let opening =
                hasTrigger ? "With \(setup) on \(versions) it never triggered:" : "With \(setup) on \(versions)"
            switch key {
            case "neverRan":
                return "\(opening) the app never ran: nothing launched or woke it."
            case "running":
                return "\(opening) the app kept running to the end of the scenario."
            case "forceQuit":
                let refused = group.map { $0.forceQuit!.refusedWakes }
                let counts = refused.min() == refused.max() ? "\(refused[0])" : "\(refused.min()!)–\(refused.max()!)"
                return
                    "\(opening) the user force-quit the app at \(Format.list(Set(group.map { Format.duration($0.forceQuit!.at) }).sorted())), "
                    + "and iOS refused the \(counts) wakes and pushes that came after it: a force-quit app is not "
                    + "woken until the user opens it again (TERM-1, PUSH-7)."
            default:
                let stop = group[0].finalStop!
                let distances = group.compactMap(\.suspendedAtDistanceMeters)
                let rules = RuleIDs.sorted(group.flatMap { $0.finalStop?.rules ?? [] })
                let place = distances.isEmpty ? "" : " \(Self.range(distances)) from the beacon"
                let verb = hasTrigger ? "it stopped" : "the app stopped for the last time"
                return "\(opening) \(verb)\(place) when \(causePhrase(stop, group)) (\(rules.joined(separator: ", ")))."
            }
        }
    }

    /// What each setup's Live Activities showed, runs with the same outcome together (LIVE).
    private func liveActivitySentences() -> [String] {
        setupNames.flatMap { setup -> [String] in
            let setupRuns = runs.filter { $0.strategy == setup && $0.liveActivity != nil }
            let summaries = setupRuns.compactMap(\.liveActivity).uniqued()
            return summaries.map { summary in
                let versions = Format.list(setupRuns.filter { $0.liveActivity == summary }.map { "iOS \($0.ios)" })
                return summary.sentence(setup: setup, versions: versions)
            }
        }
    }

    private func reviewSentences() -> [String] {
        var seen: [String] = []
        var sentences: [String] = []
        for run in runs where !seen.contains(run.strategy) {
            seen.append(run.strategy)
            for finding in run.reviewRisk.findings {
                // Pushes: a finding about a technique seen at run time (REVIEW-4) is not a declared mode.
                let what =
                    BackgroundMode(rawValue: finding.subject) == nil
                    ? "uses \(finding.subject)" : "declares the \(finding.subject) background mode"
                sentences.append(
                    "\(run.strategy) \(what), a \(finding.level.rawValue) App Review risk: \(finding.note) (\(finding.rules.joined(separator: ", ")))."
                )
            }
        }
        return sentences
    }

    private func keptRunningPhrase(_ reasons: [String], _ group: [RunMetrics]) -> String {
        let phrases = reasons.map { reason -> String in
            switch reason {
            case "task":
                let rules = RuleIDs.sorted(group.flatMap { budgetRules($0.ios) } + ["TASK-9", "TASK-10"])
                return
                    "a background task, whose \(budgetPhrase(group)) starts afresh at each wake (\(rules.joined(separator: ", ")))"
            case "location": return "location updates running with the location mode (LOC-2, LOC-6, BEACON-8)"
            case "wakeWindow": return "the ≈10 s window after the region event (LOC-21, BEACON-5)"
            case "grace": return "the grace period after leaving the foreground (STATE-5)"
            case "debugger": return "the attached debugger, which disables enforcement (TASK-14, CONF-13)"
            case "foreground": return "being in the foreground"
            case "scheduledTask": return "a scheduled background task (BGT-2, BGT-4, BGT-5)"
            default: return reason
            }
        }
        return Format.list(phrases)
    }

    private func budgetRules(_ ios: String) -> [String] {
        switch IOSVersion(parsing: ios)?.family {
        case .iOS6: ["TASK-2"]
        case .iOS7to12: ["TASK-3"]
        case .iOS13to18, .iOS26: ["TASK-6"]
        case nil: []
        }
    }

    private func budgetText(_ ios: String) -> String {
        guard let version = IOSVersion(parsing: ios) else { return "?" }
        return "\(Int(Simulator.policy(for: scenario, ios: version).execution.taskBudget)) s"
    }

    /// `30 s budget` when the runs share one, else `budget (180 s on iOS 12, 30 s on iOS 17)`: a list
    /// of budgets with no versions beside them would read as if one task had all of them.
    private func budgetPhrase(_ group: [RunMetrics]) -> String {
        let budgets = group.map { (ios: $0.ios, budget: budgetText($0.ios)) }
        let distinct = budgets.map(\.budget).uniqued()
        if distinct.count == 1 { return "\(distinct[0]) budget" }
        let parts = distinct.map { budget in
            "\(budget) on \(Format.list(budgets.filter { $0.budget == budget }.map { "iOS \($0.ios)" }))"
        }
        return "budget (\(parts.joined(separator: ", ")))"
    }

    private func causePhrase(_ stop: StopSummary, _ group: [RunMetrics]) -> String {
        switch stop.cause {
        case "wakeWindowEnded":
            "the ≈10 s of running time iOS grants after \(stop.wakeSource.flatMap(WakeSource.init(rawValue:))?.phrase ?? "a system wake") ran out"
        case "taskEnded": "it ended its background task and nothing else kept it running"
        case "taskExpired":
            "its background task ran out of its \(budgetPhrase(group)) and was ended in the expiration handler"
        case "graceEnded": "the few seconds of grace after leaving the foreground ran out"
        case "locationEnded": "location updates stopped or paused"
        case "debuggerEnded": "the debugger detached"
        // Scheduled tasks (BGT)
        case "scheduledTaskEnded": "its scheduled background task (a fetch or a BGTask) completed or ran out of time"
        case "scheduledTaskTimeout": "iOS killed it for a BGTask not completed in time"
        case "backgroundFetchTimeout": "iOS killed it for a fetch not completed within 30 s"
        case "cpuLimit": "the CPU monitor killed it"
        case "launchWatchdog": "the watchdog killed its launch (0x8badf00d)"
        default: "it was terminated (\(stop.cause))"
        }
    }

    /// `39 m`, or `20–21 m` when the runs differ.
    static func range(_ values: [Double]) -> String {
        guard let low = values.min(), let high = values.max() else { return "" }
        let lowText = Format.meters(low), highText = Format.meters(high)
        return lowText == highText ? lowText : "\(lowText.dropLast(2))–\(highText)"
    }
}
