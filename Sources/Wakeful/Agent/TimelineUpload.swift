import Foundation

/// Which timeline entries the ``Agent`` sends to the server through the outbox, as records of kind
/// ``OutboxRecord/timelineKind`` (one line of the timeline format each).
///
/// `record` commands are never sent twice: the records themselves are in the outbox. Uploads are
/// not sent either: the server sees them arrive, and an entry about each upload would need
/// another upload, without end.
public enum TimelineUpload: String, Sendable, Hashable, Codable, CaseIterable {
    /// Nothing.
    case off
    /// Lifecycle, wakes, tasks, jobs and uploads; not the per-second data callbacks (ranging,
    /// location fixes, CPU load), which would outweigh the data itself.
    case lifecycle
    /// Every event and command.
    case all

    /// Whether `entry` goes to the outbox.
    public func includes(_ entry: TimelineEntry) -> Bool {
        switch self {
        case .off: return false
        case .all:
            switch entry.body {
            case .command(.record, _), .command(.upload, _), .event(.uploadCompleted): return false
            default: return true
            }
        case .lifecycle:
            switch entry.body {
            case .event(.beaconsRanged), .event(.locationsUpdated): return false
            case .command(.record, _), .command(.setCPULoad, _): return false
            case .command(.upload, _), .event(.uploadCompleted): return false
            default: return true
            }
        }
    }
}

/// The agent's copy of the timeline: the entries ``TimelineUpload`` selects, encoded as timeline
/// lines and ready to commit.
struct OutboxTimelineBuffer: TimelineSink {
    let upload: TimelineUpload
    var records: [CollectedRecord] = []
    private var line: [UInt8] = []

    init(upload: TimelineUpload) {
        self.upload = upload
    }

    var isRecording: Bool { upload != .off }

    mutating func append(_ entry: TimelineEntry) {
        guard upload.includes(entry) else { return }
        line.removeAll(keepingCapacity: true)
        // A buffer lives for one event: room for a typical line at once, rather than a
        // reallocation at each doubling of the first line.
        if line.capacity == 0 { line.reserveCapacity(256) }
        TimelineJSONEncoder().encode(entry, into: &line)
        if line.last == UInt8(ascii: "\n") { line.removeLast() }
        records.append(
            CollectedRecord(
                kind: OutboxRecord.timelineKind, payload: String(decoding: line, as: UTF8.self), at: entry.time))
    }
}
