import Foundation
import Wakeful

/// Which timeline entries a fidelity measure looks at, written against the entries' JSON Lines form
/// (<doc:TimelineFormat>): every key must be present in the line with an equal value, or one of
/// the values of an array; a line whose value is itself an array matches when it holds one of
/// them (`"activity": "cycling"` matches `"activity":["cycling"]`). `rule` is the same for `rules`.
/// `null` asks for the key to be absent (a visit with no `departure` yet is an arrival).
///
/// ```json
/// {"kind": "state", "to": "background", "cause": ["backgroundFetch", "appRefreshTask"]}
/// {"kind": "event", "event": "visit", "departure": null}
/// {"kind": "decision", "decision": "scheduledTaskLaunch", "taskKind": "appRefresh"}
/// {"kind": "state", "to": "terminated", "rule": "TASK-13"}
/// ```
public struct EntryPattern: Sendable, Hashable, CustomStringConvertible {
    /// The entry's `kind`: `state`, `event`, `command`, `decision`, `user`, `world`, `observation`.
    public var kind: String
    /// The other keys and the values they may have.
    public var conditions: [Condition]

    /// One key of a pattern and the values it accepts.
    public struct Condition: Sendable, Hashable {
        /// The key in the entry's line, or `rule`.
        public var key: String
        /// Any of these.
        public var values: [JSONValue]
    }

    /// The pattern as it is written.
    public var description: String {
        var object = JSONObject([JSONMember(key: "kind", value: .string(kind))])
        for condition in conditions {
            let value = condition.values.count == 1 ? condition.values[0] : .array(condition.values)
            object.members.append(JSONMember(key: condition.key, value: value))
        }
        return JSONValue.object(object).description
    }

    /// Whether the line of an entry of this kind matches.
    func matches(_ line: JSONObject) -> Bool {
        conditions.allSatisfy { condition in
            guard let value = line[condition.key == "rule" ? "rules" : condition.key] else {
                return condition.values.contains(.null)
            }
            if case .array(let elements) = value {
                return elements.contains { element in condition.values.contains { Self.equal($0, element) } }
            }
            return condition.key != "rule" && condition.values.contains { Self.equal($0, value) }
        }
    }

    /// JSON equality in which `1` and `1.0` are the same number.
    private static func equal(_ wanted: JSONValue, _ value: JSONValue) -> Bool {
        switch (wanted, value) {
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): Double(a) == b
        default: wanted == value
        }
    }
}

extension EntryPattern: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        guard let kind = try container.optional("kind", as: String.self) else {
            throw DecodingError.at(
                decoder.codingPath, ["kind"],
                "is required; expected the entry kind: state, event, command, decision, user, world or observation")
        }
        self.kind = kind
        conditions = try container.allKeys.filter { $0.stringValue != "kind" }
            .sorted { $0.stringValue < $1.stringValue }
            .map { key in
                let value = try container.decode(PatternValue.self, forKey: key).value
                if case .array(let values) = value {
                    guard !values.isEmpty else {
                        throw container.failure(key.stringValue, "an empty list matches nothing; expected values")
                    }
                    return Condition(key: key.stringValue, values: values)
                }
                return Condition(key: key.stringValue, values: [value])
            }
    }
}

/// A scalar, or an array of scalars, as a pattern's value.
private struct PatternValue: Decodable {
    var value: JSONValue

    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !array.isAtEnd { values.append(try array.decode(PatternValue.self).value) }
            if values.contains(where: { if case .array = $0 { true } else { false } }) {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "expected a value or a list of values"))
            }
            value = .array(values)
            return
        }
        guard let scalar = JSONValue.scalar(in: try decoder.singleValueContainer()) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected a string, number, boolean or null (absent), or a list of them"))
        }
        value = scalar
    }
}
