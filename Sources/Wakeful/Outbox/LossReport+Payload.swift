import Foundation

extension LossReport {
    /// The payload of the loss record for records dropped by one retention pass: the reasons, how
    /// many records and bytes, the first and last dropped sequence numbers, and every dropped
    /// sequence number as ascending inclusive ranges, so a consumer knows exactly which were lost.
    ///
    /// ```json
    /// {"reasons":["age","count"],"count":6,"bytes":1584,"firstSeq":3,"lastSeq":9,"ranges":[[3,7],[9,9]]}
    /// ```
    ///
    /// - Parameters:
    ///   - reasons: the limits that dropped records, in the order they were applied.
    ///   - droppedSeqs: the dropped sequence numbers, ascending and not empty.
    ///   - droppedBytes: their bytes (``OutboxRecord/byteCount``).
    public static func lossPayload(reasons: [String], droppedSeqs: [Int64], droppedBytes: Int) -> String {
        let reasonList = reasons.map { "\"\($0)\"" }.joined(separator: ",")
        let ranges = seqRanges(droppedSeqs).map { "[\($0.lowerBound),\($0.upperBound)]" }.joined(separator: ",")
        return "{\"reasons\":[\(reasonList)],\"count\":\(droppedSeqs.count),\"bytes\":\(droppedBytes),"
            + "\"firstSeq\":\(droppedSeqs.first ?? 0),\"lastSeq\":\(droppedSeqs.last ?? 0),\"ranges\":[\(ranges)]}"
    }

    /// Ascending sequence numbers folded into inclusive runs: `[3,4,5,9]` gives `[3...5, 9...9]`.
    ///
    /// - Complexity: O(n).
    public static func seqRanges(_ seqs: [Int64]) -> [ClosedRange<Int64>] {
        var ranges: [ClosedRange<Int64>] = []
        for seq in seqs {
            if let last = ranges.last, last.upperBound + 1 == seq {
                ranges[ranges.count - 1] = last.lowerBound...seq
            } else {
                ranges.append(seq...seq)
            }
        }
        return ranges
    }

    /// The sequence numbers a loss record's payload accounts for, ascending; nil when the payload
    /// is not a loss payload.
    ///
    /// ```swift
    /// LossReport.droppedSeqs(inPayload: report.lossRecord.payload) == report.droppedSeqs  // true
    /// ```
    public static func droppedSeqs(inPayload payload: String) -> [Int64]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any],
            let ranges = object["ranges"] as? [[NSNumber]]
        else { return nil }
        var seqs: [Int64] = []
        for range in ranges {
            guard range.count == 2, range[0].int64Value <= range[1].int64Value else { return nil }
            seqs.append(contentsOf: range[0].int64Value...range[1].int64Value)
        }
        return seqs
    }
}
