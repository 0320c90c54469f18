import Foundation
import Wakeful

/// What became of one health sample, for the ``SuccessMeasure/delivered(record:within:)`` measure.
struct HealthSampleOutcome {
    var id: String
    var type: HealthDataType
    /// When another device saved it to HealthKit.
    var savedAt: TimeInterval
    /// When the app first read it.
    var readAt: TimeInterval?
    /// When it arrived: at the server when the app uploads, else in the app's records.
    var arrivedAt: TimeInterval?
}

extension HealthKitSystem {
    /// Each sample's fate: when the app read it, and when the server first stored a record whose
    /// `id` is the sample's (or, for an app that uploads nothing, when the app recorded one).
    func outcomes(server: IngestEndpoint?, records: [RecordedOutput]) -> [HealthSampleOutcome] {
        guard !samples.isEmpty else { return [] }
        let kinds = Set(samples.map(\.type.rawValue))
        var arrived: [String: TimeInterval] = [:]
        func note(_ id: String, _ time: TimeInterval) { arrived[id] = min(arrived[id] ?? .infinity, time) }
        if let server {
            for record in server.records where kinds.contains(record.kind) {
                if let id = Self.id(inPayload: record.payload) { note(id, record.receivedAt) }
            }
        } else {
            for record in records where kinds.contains(record.kind) {
                if let id = record.id { note(id, record.time) }
            }
        }
        return samples.indices.map { index in
            let sample = samples[index]
            return HealthSampleOutcome(
                id: sample.id, type: sample.type, savedAt: sample.at, readAt: readAt[index],
                arrivedAt: arrived[sample.id])
        }
    }

    /// The `id` member of a record's payload, a JSON object.
    private static func id(inPayload payload: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any] else {
            return nil
        }
        return object["id"] as? String
    }
}

extension RunTally {
    /// Each sample of type `record` must arrive within `within` seconds of its save; the score is the
    /// share that did. The worst one is the gap, with why it was late.
    func deliveredResult(_ measure: String, record: String, within: TimeInterval, duration: TimeInterval)
        -> SuccessResult
    {
        let wanted = healthSamples.filter { $0.type.rawValue == record }
        var onTime = 0
        var worst: (sample: HealthSampleOutcome, latency: TimeInterval)?
        for sample in wanted {
            let latency = (sample.arrivedAt ?? duration) - sample.savedAt
            if sample.arrivedAt != nil && latency <= within {
                onTime += 1
            } else if latency > (worst?.latency ?? -1) {
                worst = (sample, latency)
            }
        }
        let score = wanted.isEmpty ? 1 : Double(onTime) / Double(wanted.count)
        let summary =
            "\(onTime) of \(wanted.count) samples arrived within \(Format.duration(within)) (\(Int((score * 100).rounded())) %)"
        let gap = worst.map { worst -> Gap in
            let sample = worst.sample
            let end = sample.arrivedAt ?? duration
            // Why the app did not read it sooner: what held the app between the save and the read.
            var gap = attributeGap(from: sample.savedAt, to: sample.readAt ?? end, end: duration)
            gap.to = end
            // A delivery held back (HK-4) explains the wait better than the app's state did.
            if let held = refusedWakes.first(where: { $0.time >= sample.savedAt && $0.time <= (sample.readAt ?? end) }),
                !gap.cause.contains(held.why)
            {
                gap.cause += ", wake refused (\(held.why))"
                gap.rules = RuleIDs.sorted(gap.rules + held.rules)
            }
            if let read = sample.readAt, sample.arrivedAt == nil {
                gap.cause = "read after \(Format.duration(read - sample.savedAt)), never arrived"
            } else if let read = sample.readAt, read - sample.savedAt <= within {
                gap.cause =
                    "read after \(Format.duration(read - sample.savedAt)), arrived after \(Format.duration(end - sample.savedAt))"
            } else if sample.readAt == nil {
                gap.cause = "never read: \(gap.cause)"
            }
            gap.endedBy = sample.arrivedAt == nil ? "end of scenario" : "arrived (\(sample.id))"
            return gap
        }
        return SuccessResult(measure: measure, score: score, summary: summary, largestGap: gap)
    }
}
