import Foundation

/// A sink that keeps a timeline as JSON Lines bytes in memory: for tests, determinism checks
/// (two runs must give identical bytes) and uploads.
///
/// ```swift
/// var timeline = JSONLinesBuffer()
/// timeline.append(TimelineEntry(time: 0, body: .event(.didEnterBackground)))
/// timeline.text  // {"t":0,"kind":"event","event":"didEnterBackground"}\n
/// ```
public struct JSONLinesBuffer: TimelineSink, Sendable {
    /// The UTF-8 bytes of every line so far, each ending in `\n`.
    public private(set) var bytes: [UInt8] = []

    /// Creates an empty buffer.
    public init() {}

    /// Always true: every entry is kept.
    public var isRecording: Bool { true }

    /// Appends the entry as one line.
    public mutating func append(_ entry: TimelineEntry) {
        TimelineJSONEncoder().encode(entry, into: &bytes)
    }

    /// The lines as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
