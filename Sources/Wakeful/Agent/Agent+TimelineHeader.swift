import Foundation

extension Agent {
    /// Writes the timeline's `run` header: the device, the iOS version and the configuration.
    ///
    /// Call it once when the agent of a new process starts, before the first event, so that every
    /// exported or uploaded timeline says what `wakeful replay` needs to re-run it. The header goes
    /// to the platform's timeline and, unless the configuration's ``AgentConfiguration/timeline`` is
    /// ``TimelineUpload/off``, to the outbox as a timeline record, committed at once.
    ///
    /// ```swift
    /// var header = TimelineHeader(source: "device", device: model, ios: UIDevice.current.systemVersion)
    /// header.setup = "TaskExtension"
    /// header.strategies = agent.runtime.strategies.map(\.name)
    /// try agent.recordHeader(header, at: now, timeline: &timeline)
    /// ```
    ///
    /// - Parameters:
    ///   - header: What to write; ``TimelineHeader/source`` is set to `device` when absent.
    ///   - now: The clock of the events that follow (the same clock as ``Context/now``).
    ///   - timeline: The platform's timeline.
    /// - Throws: What the outbox throws when committing.
    public func recordHeader<Sink: TimelineSink>(_ header: TimelineHeader, at now: TimeInterval, timeline: inout Sink)
        throws
    {
        var header = header
        if header.source == nil { header.source = "device" }
        try note(header.entry(at: now), timeline: &timeline)
    }
}
