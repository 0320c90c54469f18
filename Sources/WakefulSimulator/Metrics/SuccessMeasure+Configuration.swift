import Foundation
import Wakeful

// Configured: a server configuration applied, and what changed after.

extension RunTally {
    /// Notes the configuration in force after an event when it is not the one before it.
    mutating func noteConfiguration(_ version: Int?, since before: Int?, at time: TimeInterval) {
        guard let version, version != before else { return }
        configurationsApplied.append((version, time))
    }

    /// Scores ``SuccessMeasure/configured(version:within:record:)``: 1 when version `version` (or
    /// a newer one) was applied within `within` seconds of the server releasing it, else 0. The
    /// summary says when it was applied and, with `record`, how often that record was made per
    /// hour before and after.
    func configuredResult(
        _ measure: String, version: Int, within: TimeInterval, record: String?, releasedAt: TimeInterval?,
        duration: TimeInterval
    ) -> SuccessResult {
        guard let releasedAt else {
            return SuccessResult(
                measure: measure, score: 0, summary: "the server releases no version \(version)", largestGap: nil)
        }
        guard let applied = configurationsApplied.first(where: { $0.version >= version && $0.at >= releasedAt }) else {
            return SuccessResult(
                measure: measure, score: 0,
                summary: "version \(version), released at \(Format.duration(releasedAt)), never applied",
                largestGap: attributeGap(from: releasedAt, to: duration, end: duration))
        }
        let delay = applied.at - releasedAt
        var summary =
            "version \(applied.version) applied at \(Format.duration(applied.at)), \(Format.duration(delay)) after its release"
        if let record {
            let times = recordLog.lazy.filter { $0.kind == record }.map(\.time)
            let before = times.count { $0 < applied.at }
            let after = times.count { $0 >= applied.at }
            summary += "; \(record) \(Self.perHour(before, over: applied.at)) an hour before, "
            summary += "\(Self.perHour(after, over: duration - applied.at)) after"
        }
        let gap = delay > within ? attributeGap(from: releasedAt, to: applied.at, end: duration) : nil
        return SuccessResult(measure: measure, score: delay <= within ? 1 : 0, summary: summary, largestGap: gap)
    }

    /// `count` over `seconds` as a rate per hour with one decimal, e.g. `4.0`.
    private static func perHour(_ count: Int, over seconds: TimeInterval) -> String {
        guard seconds > 0 else { return "–" }
        return String(format: "%.1f", Double(count) * 3600 / seconds)
    }
}
