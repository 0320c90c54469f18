import Foundation

/// Writes timeline entries as JSON Lines, the format documented in <doc:TimelineFormat>.
///
/// The encoder writes bytes directly instead of going through `JSONEncoder`: it runs for every
/// event and command the runtime records, so a line costs well under a microsecond in release
/// builds and allocates nothing beyond the buffer's own growth, except a temporary string for a
/// double whose shortest form is longer than 15 characters (such as `0.30000000000000004`). Keys
/// come in a fixed order, so the same timeline always gives the same bytes.
///
/// ```swift
/// var bytes: [UInt8] = []
/// TimelineJSONEncoder().encode(TimelineEntry(time: 176, body: .event(.didEnterBackground)), into: &bytes)
/// // {"t":176,"kind":"event","event":"didEnterBackground"}\n
/// ```
public struct TimelineJSONEncoder: Sendable {
    /// The format version that `run` headers declare in their `format` field.
    public static let formatVersion = 2

    /// Creates an encoder.
    public init() {}

    /// Appends one entry as a line: a JSON object and a `\n`.
    ///
    /// - Parameters:
    ///   - entry: The entry to write.
    ///   - buffer: Receives the line's UTF-8 bytes after its current contents.
    /// - Complexity: O(size of the line).
    public func encode(_ entry: TimelineEntry, into buffer: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: JSONMemberBytes.capacity) { scratch in
            // The writer takes the buffer for the line and gives it back: swapping moves it, no copy.
            var line = TimelineLineWriter(scratch: scratch.baseAddress.unsafelyUnwrapped)
            swap(&line.bytes, &buffer)
            encode(entry, with: &line)
            swap(&line.bytes, &buffer)
        }
    }

    /// Writes the entry's members, then the line's end.
    private func encode(_ entry: TimelineEntry, with line: inout TimelineLineWriter) {
        line.bytes.appendJSONRaw("{\"t\":")
        line.bytes.appendJSONDouble(entry.time, keepsFraction: false)
        switch entry.body {
        case .run(let fields):
            line.bytes.appendJSONRaw(",\"kind\":\"run\"")
            line.flattenedFields(reserved: FlattenedFieldKeys.run, fields)
        case .user(let action, let fields):
            line.bytes.appendJSONRaw(",\"kind\":\"user\"")
            line.string("action", action)
            line.flattenedFields(reserved: FlattenedFieldKeys.user, fields)
        case .state(let change):
            line.bytes.appendJSONRaw(",\"kind\":\"state\"")
            line.enumeration("from", change.from)
            line.enumeration("to", change.to)
            line.string("cause", change.cause)
            appendRules(change.rules, to: &line)
            line.flattenedFields(reserved: FlattenedFieldKeys.state, change.fields)
        case .event(let event):
            line.bytes.appendJSONRaw(",\"kind\":\"event\"")
            line.variant("event", event)
        case .command(let command, let strategy):
            line.bytes.appendJSONRaw(",\"kind\":\"command\"")
            line.string("by", strategy)
            line.variant("command", command)
        case .decision(let decision):
            line.bytes.appendJSONRaw(",\"kind\":\"decision\"")
            line.string("decision", decision.name)
            appendRules(decision.rules, to: &line)
            line.flattenedFields(reserved: FlattenedFieldKeys.decision, decision.fields)
        case .observation(let fields):
            line.bytes.appendJSONRaw(",\"kind\":\"observation\"")
            line.flattenedFields(reserved: FlattenedFieldKeys.observation, fields)
        case .world(let fact, let fields):
            line.bytes.appendJSONRaw(",\"kind\":\"world\"")
            line.string("fact", fact)
            line.flattenedFields(reserved: FlattenedFieldKeys.world, fields)
        }
        line.bytes.appendJSONRaw("}\n")
    }

    /// Appends `,"rules":[…]`, or nothing when there are none: most entries cite no rule.
    private func appendRules(_ rules: [String], to line: inout TimelineLineWriter) {
        guard !rules.isEmpty else { return }
        line.strings("rules", rules)
    }
}
