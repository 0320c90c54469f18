import Foundation
import Wakeful

/// A timeline sink that keeps, of a run's entries, only the times at which each of a measure's
/// patterns matched, with the matching lines: a many-day run with a ranging beacon keeps a handful
/// of entries, not its whole timeline.
struct MatchedTimeline: TimelineSink {
    /// The patterns, in the measure's order.
    let patterns: [EntryPattern]
    /// The kinds any pattern looks at: entries of other kinds are never encoded.
    private let kinds: Set<String>
    /// For each pattern, its matches in time order.
    private(set) var matches: [[Match]]

    /// One matching entry.
    struct Match {
        var time: TimeInterval
        var line: JSONObject
    }

    init(patterns: [EntryPattern]) {
        self.patterns = patterns
        kinds = Set(patterns.map(\.kind))
        matches = Array(repeating: [], count: patterns.count)
    }

    var isRecording: Bool { !patterns.isEmpty }

    mutating func append(_ entry: TimelineEntry) {
        guard kinds.contains(entry.kind) else { return }
        var buffer = JSONLinesBuffer()
        buffer.append(entry)
        guard case .object(let line)? = try? JSONValue.parse(buffer.bytes.dropLast()) else { return }
        for (index, pattern) in patterns.enumerated() where pattern.kind == entry.kind && pattern.matches(line) {
            matches[index].append(Match(time: entry.time, line: line))
        }
    }

    /// The times `pattern` matched.
    func times(of pattern: EntryPattern) -> [TimeInterval] {
        matches(of: pattern).map(\.time)
    }

    /// The entries `pattern` matched.
    func matches(of pattern: EntryPattern) -> [Match] {
        patterns.firstIndex(of: pattern).map { matches[$0] } ?? []
    }
}
