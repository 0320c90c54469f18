import Foundation

/// Where timeline entries go: memory, a JSON Lines file, or nowhere.
///
/// Producers check ``isRecording`` before building an entry, so a discarding sink costs nothing
/// on hot paths.
public protocol TimelineSink {
    /// Whether entries are kept; when false, producers skip building them.
    var isRecording: Bool { get }
    /// Adds one entry.
    mutating func append(_ entry: TimelineEntry)
}

/// A sink that keeps nothing.
public struct DiscardingTimeline: TimelineSink {
    /// Creates the sink.
    public init() {}
    public var isRecording: Bool { false }
    public mutating func append(_ entry: TimelineEntry) {}
}

/// A sink that keeps every entry in memory, in order.
public struct InMemoryTimeline: TimelineSink, Sendable {
    /// The entries so far.
    public private(set) var entries: [TimelineEntry] = []

    /// Creates an empty timeline.
    public init() {}
    public var isRecording: Bool { true }
    public mutating func append(_ entry: TimelineEntry) { entries.append(entry) }
}
