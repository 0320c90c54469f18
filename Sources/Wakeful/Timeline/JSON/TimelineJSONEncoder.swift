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
    public static let formatVersion = 1

    /// Creates an encoder.
    public init() {}

    /// Appends one entry as a line: a JSON object and a `\n`.
    ///
    /// - Parameters:
    ///   - entry: The entry to write.
    ///   - buffer: Receives the line's UTF-8 bytes after its current contents.
    /// - Complexity: O(size of the line).
    public func encode(_ entry: TimelineEntry, into buffer: inout [UInt8]) {
        buffer.appendJSONRaw("{\"t\":")
        buffer.appendJSONDouble(entry.time, keepsFraction: false)
        switch entry.body {
        case .run(let fields):
            buffer.appendJSONRaw(",\"kind\":\"run\"")
            appendFields(fields, reserved: FlattenedFieldKeys.run, into: &buffer)
        case .user(let action, let fields):
            buffer.appendJSONRaw(",\"kind\":\"user\",\"action\":")
            buffer.appendJSONString(action)
            appendFields(fields, reserved: FlattenedFieldKeys.user, into: &buffer)
        case .state(let change):
            buffer.appendJSONRaw(",\"kind\":\"state\",\"from\":\"")
            buffer.appendJSONStringContents(change.from.rawValue)
            buffer.appendJSONRaw("\",\"to\":\"")
            buffer.appendJSONStringContents(change.to.rawValue)
            buffer.appendJSONRaw("\",\"cause\":")
            buffer.appendJSONString(change.cause)
            appendRules(change.rules, into: &buffer)
            appendFields(change.fields, reserved: FlattenedFieldKeys.state, into: &buffer)
        case .event(let event):
            buffer.appendJSONRaw(",\"kind\":\"event\",\"event\":")
            appendEvent(event, into: &buffer)
        case .command(let command, let strategy):
            buffer.appendJSONRaw(",\"kind\":\"command\",\"by\":")
            buffer.appendJSONString(strategy)
            buffer.appendJSONRaw(",\"command\":")
            appendCommand(command, into: &buffer)
        case .decision(let decision):
            buffer.appendJSONRaw(",\"kind\":\"decision\",\"decision\":")
            buffer.appendJSONString(decision.name)
            appendRules(decision.rules, into: &buffer)
            appendFields(decision.fields, reserved: FlattenedFieldKeys.decision, into: &buffer)
        }
        buffer.appendJSONRaw("}\n")
    }

    /// Appends `,"rules":[…]`, or nothing when there are none: most entries cite no rule.
    private func appendRules(_ rules: [String], into buffer: inout [UInt8]) {
        guard !rules.isEmpty else { return }
        buffer.appendJSONKey("rules")
        appendStrings(rules, into: &buffer)
    }

    /// Appends a JSON array of strings.
    func appendStrings(_ strings: [String], into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.appendJSONString(string)
        }
        buffer.append(UInt8(ascii: "]"))
    }

    /// Appends fields as members of the current object, escaping keys that collide with the line's own.
    func appendFields(_ fields: [Field], reserved: [StaticString], into buffer: inout [UInt8]) {
        for field in fields {
            buffer.append(UInt8(ascii: ","))
            buffer.append(UInt8(ascii: "\""))
            if FlattenedFieldKeys.needsEscape(field.key, reserved: reserved) {
                buffer.append(UInt8(ascii: "_"))
            }
            buffer.appendJSONStringContents(field.key)
            buffer.append(UInt8(ascii: "\""))
            buffer.append(UInt8(ascii: ":"))
            buffer.appendFieldValue(field.value)
        }
    }

    /// Appends fields as a JSON object of their own, where no key is reserved.
    func appendFieldObject(_ fields: [Field], into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "{"))
        for (index, field) in fields.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.appendJSONString(field.key)
            buffer.append(UInt8(ascii: ":"))
            buffer.appendFieldValue(field.value)
        }
        buffer.append(UInt8(ascii: "}"))
    }

    /// Appends `owner#serial` as a JSON string, without building the description.
    func appendTaskID(_ id: BackgroundTaskID, into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        buffer.appendJSONStringContents(id.owner)
        buffer.append(UInt8(ascii: "#"))
        buffer.appendJSONInt(id.serial)
        buffer.append(UInt8(ascii: "\""))
    }

    /// Appends a constraint's description (`UUID[/major[/minor]]`) as a JSON string.
    func appendConstraint(_ constraint: BeaconIdentityConstraint, into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        buffer.appendUUIDContents(constraint.uuid)
        if let major = constraint.major {
            buffer.append(UInt8(ascii: "/"))
            buffer.appendJSONInt(Int(major))
        }
        if let minor = constraint.minor {
            buffer.append(UInt8(ascii: "/"))
            buffer.appendJSONInt(Int(minor))
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Appends a schema double: whole values without `.0`, non-finite ones as `null`.
    @inline(__always)
    func appendNumber(_ value: Double, into buffer: inout [UInt8]) {
        buffer.appendJSONDouble(value, keepsFraction: false)
    }

    /// Appends `,"lat":…,"lon":…`.
    func appendCoordinate(_ coordinate: Coordinate, into buffer: inout [UInt8]) {
        buffer.appendJSONKey("lat")
        appendNumber(coordinate.latitude, into: &buffer)
        buffer.appendJSONKey("lon")
        appendNumber(coordinate.longitude, into: &buffer)
    }
}
