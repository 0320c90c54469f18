import Foundation
import Wakeful

/// Aligns the model's timeline with the device's by kind and time and lists where they differ.
///
/// Entries with the same signature are paired in time order: a pair closer than
/// ``ReplayOptions/timeTolerance`` agrees, one within ``ReplayOptions/matchWindow`` is `shifted`,
/// and anything left over is only on one side. Background tasks are compared once more by the time
/// from `beginBackgroundTask` to the expiration handler (the budget iOS granted). Each divergence
/// carries the rule IDs the model cited within the tolerance of it, so a wrong rule can be found.
struct TimelineComparison {
    let options: ReplayOptions
    let device: [TimelineEntry]
    let deviceOrigin: Double
    let model: [TimelineEntry]

    func compare() -> DivergenceReport {
        let deviceKinds = Set(device.map(\.kind))
        // A device without a simulator's system view records no states or decisions: compare only
        // the kinds it could have recorded.
        let compared: (ComparableEntry) -> Bool = { entry in
            entry.category != "state" && entry.category != "decision" || deviceKinds.contains(entry.category)
        }
        let ours = device.compactMap { ComparableEntry($0, origin: deviceOrigin) }.filter(compared)
        let theirs = model.compactMap { ComparableEntry($0, origin: 0) }.filter(compared)
        var divergences: [Divergence] = []
        var matched = 0
        var shifted = 0
        let deviceGroups = Dictionary(grouping: ours, by: \.signature)
        let modelGroups = Dictionary(grouping: theirs, by: \.signature)
        for signature in Set(deviceGroups.keys).union(modelGroups.keys).sorted() {
            let d = (deviceGroups[signature] ?? []).map(\.time).sorted()
            let m = (modelGroups[signature] ?? []).map(\.time).sorted()
            let category = (deviceGroups[signature] ?? modelGroups[signature] ?? []).first?.category ?? "event"
            var i = 0
            var j = 0
            while i < d.count || j < m.count {
                if i < d.count, j < m.count, abs(d[i] - m[j]) <= options.matchWindow {
                    matched += 1
                    if abs(d[i] - m[j]) > options.timeTolerance {
                        shifted += 1
                        divergences.append(
                            Divergence(
                                kind: .shifted, category: category, what: signature, deviceTime: d[i], modelTime: m[j],
                                rules: rules(near: [d[i], m[j]]),
                                message:
                                    "\(signature): at \(Self.seconds(d[i])) on the device, \(Self.seconds(m[j])) in the model"
                            ))
                    }
                    i += 1
                    j += 1
                } else if j >= m.count || (i < d.count && d[i] < m[j]) {
                    divergences.append(
                        Divergence(
                            kind: .onlyOnDevice, category: category, what: signature, deviceTime: d[i], modelTime: nil,
                            rules: rules(near: [d[i]]),
                            message: "the device had \(signature) at \(Self.seconds(d[i])); the model did not"))
                    i += 1
                } else {
                    divergences.append(
                        Divergence(
                            kind: .onlyInModel, category: category, what: signature, deviceTime: nil, modelTime: m[j],
                            rules: rules(near: [m[j]]),
                            message: "the model had \(signature) at \(Self.seconds(m[j])); the device did not"))
                    j += 1
                }
            }
        }
        divergences += budgetDivergences()
        divergences.sort { ($0.time, $0.what) < ($1.time, $1.what) }
        return DivergenceReport(
            compared: matched + divergences.filter { $0.kind == .onlyOnDevice || $0.kind == .onlyInModel }.count,
            matched: matched, shifted: shifted, divergences: divergences)
    }

    // MARK: Budgets

    /// Seconds from each task's begin to its expiration handler.
    private static func budgets(_ entries: [TimelineEntry], origin: Double) -> [String: (begin: Double, expiry: Double)]
    {
        var begins: [String: Double] = [:]
        var budgets: [String: (Double, Double)] = [:]
        for entry in entries {
            switch entry.body {
            case .command(.beginBackgroundTask(let id), _): begins[id.description] = entry.time - origin
            case .event(.backgroundTaskExpiring(let id)):
                if let begin = begins[id.description] { budgets[id.description] = (begin, entry.time - origin) }
            default: break
            }
        }
        return budgets
    }

    private func budgetDivergences() -> [Divergence] {
        let ours = Self.budgets(device, origin: deviceOrigin)
        let theirs = Self.budgets(model, origin: 0)
        return ours.keys.sorted().compactMap { task in
            guard let d = ours[task], let m = theirs[task] else { return nil }
            let onDevice = d.expiry - d.begin
            let inModel = m.expiry - m.begin
            guard abs(onDevice - inModel) > options.budgetTolerance else { return nil }
            return Divergence(
                kind: .budget, category: "task", what: "background task \(task)", deviceTime: d.expiry,
                modelTime: m.expiry,
                rules: allowanceRules(before: m.expiry),
                message:
                    "background task \(task): expiration handler \(Self.seconds(onDevice)) after it began on the device, \(Self.seconds(inModel)) in the model"
            )
        }
    }

    /// The rules of the model's last `taskAllowance` at or before `time`: the budget it applied.
    private func allowanceRules(before time: Double) -> [String] {
        let allowance = model.last { entry in
            guard entry.time <= time, case .decision(let decision) = entry.body else { return false }
            return decision.name == "taskAllowance"
        }
        guard case .decision(let decision)? = allowance?.body else { return ["TASK-12"] }
        return Self.sortedRules(decision.rules + ["TASK-12"])
    }

    // MARK: Rules

    /// The rules the model cited in states and decisions within the tolerance of any of `times`.
    private func rules(near times: [Double]) -> [String] {
        var rules: [String] = []
        for entry in model where times.contains(where: { abs(entry.time - $0) <= options.timeTolerance }) {
            switch entry.body {
            case .state(let change): rules += change.rules
            case .decision(let decision): rules += decision.rules
            default: break
            }
        }
        return Self.sortedRules(rules)
    }

    /// Distinct rule IDs in the order the model cited them (each citation is already sorted).
    static func sortedRules(_ ids: [String]) -> [String] {
        var seen: Set<String> = []
        return ids.filter { seen.insert($0).inserted }
    }

    static func seconds(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? "\(Int(rounded)) s" : "\(rounded) s"
    }
}
