import Foundation
import Wakeful

/// A timeline as a device recorded it, read from the library's JSON Lines export or from the
/// server's `GET /v1/devices/{id}/timeline` answer; which one is told by the content.
///
/// ```swift
/// let timeline = try FieldTimeline.read(data, file: "field.jsonl")
/// timeline.header?.ios   // "17.5.1" when the app wrote a header
/// ```
public struct FieldTimeline: Sendable, Hashable {
    /// The two forms a timeline arrives in.
    public enum Format: String, Sendable, Hashable {
        /// One timeline line per line (`TimelineJSONEncoder`, `wakeful simulate --timeline`).
        case jsonLines = "json-lines"
        /// `{"device_id": …, "entries": [{"seq": …, "recorded_at": …, "event": {a timeline line}}]}`.
        case server
    }

    /// The file name used in messages.
    public var file: String
    /// Which form the file had.
    public var format: Format
    /// The entries in file order.
    public var entries: [TimelineEntry]
    /// The 1-based source line of each entry.
    public var lines: [Int]
    /// The server's `device_id`, for the server's form.
    public var deviceID: String?

    /// Creates a timeline from entries (lines numbered from 1).
    public init(
        file: String, format: Format = .jsonLines, entries: [TimelineEntry], lines: [Int]? = nil,
        deviceID: String? = nil
    ) {
        self.file = file
        self.format = format
        self.entries = entries
        self.lines = lines ?? entries.indices.map { $0 + 1 }
        self.deviceID = deviceID
    }

    /// The first `run` line, when there is one.
    public var header: TimelineHeader? {
        for entry in entries { if case .run(let fields) = entry.body { return TimelineHeader(fields: fields) } }
        return nil
    }

    /// Reads a file.
    /// - Throws: ``ReplayError/unreadable(file:reason:)`` or ``ReplayError/input(_:)``.
    public static func load(path: String) throws(ReplayError) -> FieldTimeline {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(file: path, reason: error.localizedDescription)
        }
        return try read(data, file: path)
    }

    /// Reads either form, telling them apart by content.
    ///
    /// - Throws: ``ReplayError/input(_:)`` naming the file, the line and the field.
    public static func read(_ data: Data, file: String) throws(ReplayError) -> FieldTimeline {
        let bytes = [UInt8](data)
        if looksLikeServerAnswer(bytes) { return try readServer(bytes, file: file) }
        do {
            var entries: [TimelineEntry] = []
            var lines: [Int] = []
            var lineNumber = 0
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                lineNumber += 1
                guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
                entries.append(try TimelineDecoder.decode(line: line, file: file, lineNumber: lineNumber))
                lines.append(lineNumber)
            }
            return FieldTimeline(file: file, format: .jsonLines, entries: entries, lines: lines)
        } catch {
            throw .input(error)
        }
    }

    /// The server's answer is one object whose first key is `device_id` or `entries`; a JSON Lines
    /// file starts with an object whose first key is `t`.
    private static func looksLikeServerAnswer(_ bytes: [UInt8]) -> Bool {
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        func skipSpace() { while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 } }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
        index += 1
        skipSpace()
        let rest = bytes[index...]
        return rest.starts(with: Array("\"device_id\"".utf8)) || rest.starts(with: Array("\"entries\"".utf8))
    }

    private static func readServer(_ bytes: [UInt8], file: String) throws(ReplayError) -> FieldTimeline {
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
        } catch {
            throw .input(
                TimelineDecodingError(
                    file: file, line: error.line, column: error.column, message: "invalid JSON: \(error.message)"))
        }
        guard case .object(let object) = value, case .array(let items)? = object["entries"] else {
            throw .input(
                TimelineDecodingError(
                    file: file, line: 1, key: "entries",
                    message: "expected the server's timeline JSON: an object with an \"entries\" array"))
        }
        let elementLines = JSONElementLines.lines(of: "entries", in: bytes)
        var entries: [TimelineEntry] = []
        var lines: [Int] = []
        for (index, item) in items.enumerated() {
            let line = index < elementLines.count ? elementLines[index] : 1
            let path = "entries[\(index)]"
            guard case .object(let member) = item, let event = member["event"] else {
                throw .input(
                    TimelineDecodingError(
                        file: file, line: line, key: "\(path).event",
                        message: "expected an object with an \"event\" member holding a timeline line"))
            }
            guard case .object = event else {
                throw .input(
                    TimelineDecodingError(
                        file: file, line: line, key: "\(path).event",
                        message: "expected a timeline line as a JSON object, found \(event.description.prefix(80))"))
            }
            do {
                entries.append(
                    try TimelineDecoder.decode(line: Array(event.description.utf8), file: file, lineNumber: line))
            } catch {
                var error = error
                error.column = nil  // a column of the re-encoded event would point nowhere in the file
                error.key = "\(path).event" + (error.key.map { ".\($0)" } ?? "")
                throw .input(error)
            }
            lines.append(line)
        }
        var deviceID: String?
        if case .string(let id)? = object["device_id"] { deviceID = id }
        return FieldTimeline(file: file, format: .server, entries: entries, lines: lines, deviceID: deviceID)
    }
}
