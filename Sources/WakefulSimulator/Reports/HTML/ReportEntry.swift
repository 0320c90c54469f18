import Foundation
import Wakeful

/// A timeline entry as the report reads it: its JSON Lines object, so that one reading serves
/// every kind of entry (the lanes look fields up by name) and the tooltip shows the line itself.
struct ReportEntry: Sendable {
    /// Simulated seconds.
    var time: TimeInterval
    /// `state`, `event`, `command`, `decision`, `user` or `run`.
    var kind: String
    /// What happened: the event, command or decision name, the user's action, or the new state.
    var name: String
    /// The line's members.
    var object: JSONObject
    /// The line as written to a `--timeline` file, for the tooltip.
    var line: String

    init(_ entry: TimelineEntry) {
        var bytes: [UInt8] = []
        TimelineJSONEncoder().encode(entry, into: &bytes)
        line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines)
        // The encoder's own output always parses; an empty object keeps the entry drawable if not.
        if case .object(let members) = try? JSONValue.parse(bytes) { object = members } else { object = JSONObject() }
        time = entry.time
        kind = entry.kind
        let nameKey =
            ["state": "to", "event": "event", "command": "command", "decision": "decision", "user": "action"][kind]
            ?? "kind"
        name = Self.string(object[nameKey]) ?? kind
    }

    /// A string member.
    func string(_ key: String) -> String? { Self.string(object[key]) }

    /// A number member.
    func number(_ key: String) -> Double? {
        switch object[key] {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The `rules` member, e.g. `["TASK-6", "TASK-8"]`.
    var rules: [String] {
        guard case .array(let values) = object["rules"] else { return [] }
        return values.compactMap(Self.string)
    }

    /// The tooltip: a heading, then the timeline line the mark was drawn from.
    func tooltip(_ heading: String) -> String { "\(heading)\n\(line)" }

    private static func string(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text): text
        case .int(let value): String(value)
        default: nil
        }
    }
}
