import Foundation

extension Agent {
    /// Records a fact the platform learned outside any event, such as a ``BackgroundExitReport``
    /// from MetricKit, in the platform's timeline and (when ``AgentConfiguration/timeline`` selects
    /// it) in the outbox, so the server sees it with the records.
    ///
    /// Strategies do not see it: it describes a past process, and nothing in this one can react to
    /// it. The outbox write is one transaction of its own.
    ///
    /// - Parameters:
    ///   - entry: The entry, usually a `decision`.
    ///   - timeline: The platform's timeline.
    /// - Throws: What the outbox throws; the platform's timeline has the entry either way.
    public func note<Sink: TimelineSink>(_ entry: TimelineEntry, timeline: inout Sink) throws {
        if timeline.isRecording { timeline.append(entry) }
        var copy = OutboxTimelineBuffer(upload: configuration.timeline)
        copy.append(entry)
        guard !copy.records.isEmpty else { return }
        _ = try outbox.commit(OutboxWrite(records: copy.records))
    }
}
