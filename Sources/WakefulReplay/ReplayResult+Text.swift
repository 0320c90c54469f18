import Foundation
import Wakeful
import WakefulSimulator

extension ReplayResult {
    /// The report for people: what was rebuilt, the divergences with their rules, the score.
    public var text: String {
        let rebuilt = reconstructed
        let header = timeline.header
        var lines: [String] = []
        var device = "iOS \(rebuilt.ios), setup \(rebuilt.setup.name), seed \(rebuilt.seed)"
        if let model = header?.device { device = "\(model), " + device }
        lines.append(
            "Replay of \(timeline.file) (\(timeline.format.rawValue), \(timeline.entries.count) entries): \(device)")
        let scenario = rebuilt.scenario
        lines.append(
            "Rebuilt: \(scenario.actions.count) user actions, \(scenario.world.pushes.count) pushes, \(Int(scenario.duration)) s"
        )
        for note in rebuilt.notes { lines.append("  note: \(note)") }
        let report = self.report
        lines.append("")
        lines.append(
            "Compared \(report.compared): \(report.matched) matched (\(report.shifted) shifted), \(report.count(.onlyOnDevice)) only on the device, \(report.count(.onlyInModel)) only in the model, \(report.count(.budget)) budgets differ; score \(String(format: "%.2f", report.score))"
        )
        if !report.divergences.isEmpty {
            lines.append("Divergences:")
            for divergence in report.divergences.prefix(200) {
                let time = TimelineComparison.seconds(divergence.time)
                let rules = divergence.rules.isEmpty ? "" : "  [\(divergence.rules.joined(separator: ", "))]"
                lines.append(
                    "  \(time.padding(toLength: 10, withPad: " ", startingAt: 0)) \(divergence.kind.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \(divergence.message)\(rules)"
                )
            }
            if report.divergences.count > 200 {
                lines.append("  … \(report.divergences.count - 200) more (use --format json)")
            }
            let suspects = report.suspectRules.prefix(8).map { "\($0.rule) (\($0.count))" }
            if !suspects.isEmpty { lines.append("Rules involved: \(suspects.joined(separator: ", "))") }
        }
        lines.append(
            report.isConsistent
                ? "The model agrees with the device within the tolerances." : "The model and the device diverge.")
        return lines.joined(separator: "\n")
    }

    /// The report as JSON (`--format json`), a public contract: keys sorted, times in scenario seconds.
    public func json() throws -> String {
        struct Document: Encodable {
            var file: String
            var format: String
            var device: String?
            var ios: String
            var setup: String
            var seed: UInt64
            var timeOrigin: Double
            var notes: [String]
            var consistent: Bool
            var score: Double
            var compared: Int
            var matched: Int
            var shifted: Int
            var divergences: [Divergence]
        }
        let document = Document(
            file: timeline.file, format: timeline.format.rawValue, device: timeline.header?.device,
            ios: reconstructed.ios.description,
            setup: reconstructed.setup.name, seed: reconstructed.seed, timeOrigin: reconstructed.timeOrigin,
            notes: reconstructed.notes,
            consistent: report.isConsistent, score: report.score, compared: report.compared, matched: report.matched,
            shifted: report.shifted, divergences: report.divergences)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }
}
