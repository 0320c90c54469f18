import Foundation

/// Reads timelines written in the JSON Lines format of <doc:TimelineFormat>.
///
/// The decoder is the exact inverse of ``TimelineJSONEncoder``: decoding what it wrote gives back
/// equal entries, field order and `int`/`double` distinctions included. It is strict, so that a
/// typo in a hand-written timeline is reported rather than dropped: unknown kinds, event and
/// command names and payload keys are errors, each naming the file, the line and the key.
///
/// ```swift
/// let entries = try TimelineDecoder.decode(contentsOf: data, file: "device.jsonl")
/// // or, for one line:
/// let entry = try TimelineDecoder.decode(line: Array(#"{"t":0,"kind":"event","event":"memoryWarning"}"#.utf8),
///                                        file: "device.jsonl", lineNumber: 1)
/// ```
public enum TimelineDecoder {
    /// The `kind` values this version reads.
    public static let knownKinds = [
        "run", "user", "state", "event", "command", "decision", "observation", "world",
    ]

    /// The `event` values this version reads: the case names of ``Event``.
    public static let knownEventNames = Event.CaseName.names

    /// The `command` values this version reads: the case names of ``Command``.
    public static let knownCommandNames = Command.CaseName.names

    /// The `bluetooth` values of a Bluetooth event: the case names of ``BluetoothEvent``.
    public static let knownBluetoothEventNames = BluetoothEvent.CaseName.names

    /// The `shape` values of a monitored region.
    public static let knownRegionShapes = MonitoredRegion.Shape.CaseName.names

    private static let kindForm = "one of \(knownKinds.joined(separator: ", "))"

    /// Decodes one line.
    ///
    /// - Parameters:
    ///   - line: The line's UTF-8 bytes, with or without its `\n`.
    ///   - file: The file name to put in errors.
    ///   - lineNumber: The 1-based line number to put in errors.
    /// - Returns: The entry.
    /// - Throws: ``TimelineDecodingError`` naming the file, the line, the key and the expected form.
    public static func decode(
        line: some Collection<UInt8>, file: String, lineNumber: Int
    ) throws(TimelineDecodingError) -> TimelineEntry {
        let value: JSONValue
        do {
            value = try JSONValue.parse(line)
        } catch {
            throw TimelineDecodingError(
                file: file, line: lineNumber, column: error.column, message: "invalid JSON: \(error.message)")
        }
        guard case .object(let object) = value else {
            throw TimelineDecodingError(
                file: file, line: lineNumber, message: "expected a JSON object, found \(value.summary)")
        }
        var reader = TimelineLineReader(object, file: file, line: lineNumber)
        let entry = try decodeEntry(&reader)
        try reader.finish()
        return entry
    }

    /// Decodes a whole timeline, skipping blank lines.
    ///
    /// - Parameters:
    ///   - data: The file's contents: UTF-8 lines ending in `\n` (the last one may lack it; a
    ///     `\r` before the `\n` is allowed).
    ///   - file: The file name to put in errors.
    /// - Returns: The entries in file order.
    /// - Throws: ``TimelineDecodingError`` for the first line that is not a valid entry.
    /// - Complexity: O(n) in the size of the data.
    public static func decode(contentsOf data: Data, file: String) throws(TimelineDecodingError) -> [TimelineEntry] {
        let result = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            Result { () throws(TimelineDecodingError) -> [TimelineEntry] in
                try decodeLines(raw.assumingMemoryBound(to: UInt8.self), file: file)
            }
        }
        return try result.get()
    }

    private static func decodeLines(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String
    ) throws(TimelineDecodingError) -> [TimelineEntry] {
        var entries: [TimelineEntry] = []
        var lineStart = 0
        var lineNumber = 1
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
            let isBlank = line.allSatisfy {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
            }
            if !isBlank {
                entries.append(try decode(line: line, file: file, lineNumber: lineNumber))
            }
            lineStart = lineEnd + 1
            lineNumber += 1
        }
        return entries
    }

    private static func decodeEntry(_ reader: inout TimelineLineReader) throws(TimelineDecodingError) -> TimelineEntry {
        let timeValue = try reader.required("t", expected: "a number of seconds")
        let time: Double
        switch timeValue {
        case .int(let int): time = Double(int)
        case .double(let double): time = double
        default:
            // Unlike other numbers, `null` is refused here: an entry without a real time cannot be placed.
            throw reader.mismatch("t", expected: "a number of seconds", found: timeValue)
        }
        let kindValue = try reader.required("kind", expected: kindForm)
        guard case .string(let kind) = kindValue else {
            throw reader.mismatch("kind", expected: kindForm, found: kindValue)
        }
        let body: TimelineEntry.Body
        switch kind {
        case "run":
            body = .run(try reader.remainingFields(reserved: FlattenedFieldKeys.run))
        case "user":
            let action = try reader.string("action")
            body = .user(action: action, fields: try reader.remainingFields(reserved: FlattenedFieldKeys.user))
        case "state":
            let from = try reader.enumeration("from", as: AppState.self)
            let to = try reader.enumeration("to", as: AppState.self)
            let cause = try reader.string("cause")
            let rules = try reader.optionalStrings("rules") ?? []
            let fields = try reader.remainingFields(reserved: FlattenedFieldKeys.state)
            body = .state(StateChange(from: from, to: to, cause: cause, rules: rules, fields: fields))
        case "event":
            body = .event(try reader.variant("event"))
        case "command":
            let strategy = try reader.string("by")
            body = .command(try reader.variant("command"), by: strategy)
        case "decision":
            let name = try reader.string("decision")
            let rules = try reader.optionalStrings("rules") ?? []
            let fields = try reader.remainingFields(reserved: FlattenedFieldKeys.decision)
            body = .decision(SystemDecision(name: name, rules: rules, fields: fields))
        case "observation":
            body = .observation(try reader.remainingFields(reserved: FlattenedFieldKeys.observation))
        case "world":
            let fact = try reader.string("fact")
            body = .world(fact: fact, fields: try reader.remainingFields(reserved: FlattenedFieldKeys.world))
        default:
            throw reader.mismatch("kind", expected: kindForm, found: kindValue)
        }
        return TimelineEntry(time: time, body: body)
    }
}
