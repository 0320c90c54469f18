import Foundation

/// Reads the members of a parsed JSON object by key, with errors that name the path.
struct IngestObjectReader {
    let object: JSONObject
    let path: String

    init(_ value: JSONValue, path: String) throws(IngestDecodingError) {
        guard case .object(let object) = value else {
            throw IngestDecodingError(path: path, message: "expected an object, found \(value.summary)")
        }
        self.object = object
        self.path = path
    }

    func path(of key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func value(_ key: String) throws(IngestDecodingError) -> JSONValue {
        guard let value = object[key] else {
            throw IngestDecodingError(path: path(of: key), message: "is required")
        }
        // A value the parser refused without failing the document: this member's error alone.
        if case .string(let text) = value, text.hasPrefix(JSONValue.valueFaultMark) {
            let fault = text.dropFirst(JSONValue.valueFaultMark.count)
            throw failure(
                key,
                "\(fault) (well-formed JSON, but numbers must fit a 64-bit double and \\u escapes must pair surrogates)"
            )
        }
        return value
    }

    func string(_ key: String) throws(IngestDecodingError) -> String {
        let value = try value(key)
        guard case .string(let string) = value else { throw failure(key, "expected a string, found \(value.summary)") }
        return string
    }

    func uuid(_ key: String) throws(IngestDecodingError) -> UUID {
        let text = try string(key)
        // The canonical form without `sscanf` (Foundation's parser on Linux, which cost an eighth of
        // a simulated run that uploads); anything else as Foundation reads it, so the same texts pass.
        guard let uuid = TimelineLineReader.uuid(parsing: text) ?? UUID(uuidString: text) else {
            throw failure(
                key,
                "expected a UUID such as \"9B2F1C3A-5D4E-4F60-8A7B-1C2D3E4F5A6B\", found \(JSONValue.string(text).summary)"
            )
        }
        return uuid
    }

    func integer(_ key: String, minimum: Int) throws(IngestDecodingError) -> Int {
        let value = try value(key)
        guard case .int(let int) = value, int >= minimum else {
            throw failure(key, "expected a whole number, \(minimum) or more, found \(value.summary)")
        }
        return int
    }

    /// A member read with ``JSONValue/parse(_:keepingTextOf:atDepth:)``: its JSON text, which must
    /// be an object's.
    func objectText(_ key: String) throws(IngestDecodingError) -> String {
        let value = try value(key)
        guard case .string(let text) = value, text.utf8.first == UInt8(ascii: "{") else {
            // The text is valid JSON (the parser checked it), so it parses for the message.
            var found = value.summary
            if case .string(let text) = value, let parsed = try? JSONValue.parse(Array(text.utf8)) {
                found = parsed.summary
            }
            throw failure(key, "expected an object, found \(found)")
        }
        return text
    }

    func array(_ key: String) throws(IngestDecodingError) -> [JSONValue] {
        let value = try value(key)
        guard case .array(let elements) = value else { throw failure(key, "expected an array, found \(value.summary)") }
        return elements
    }

    func failure(_ key: String, _ message: String) -> IngestDecodingError {
        IngestDecodingError(path: path(of: key), message: message)
    }
}

extension JSONValue {
    /// Parses a wire document, turning a syntax error into an ``IngestDecodingError`` of the whole document.
    ///
    /// - Parameter keepingTextOf: A member name and depth whose values stay JSON text
    ///   (``parse(_:keepingTextOf:atDepth:)``).
    static func parseIngest(
        _ bytes: some Collection<UInt8>, keepingTextOf verbatim: (key: String, depth: Int)? = nil
    ) throws(IngestDecodingError) -> JSONValue {
        do {
            // A refused number or escape stays in its value, so that only its record is rejected.
            return try JSONValue.parse(bytes, verbatim: verbatim, keepingValueFaults: true)
        } catch {
            throw IngestDecodingError(path: "", message: "not valid JSON: \(error.description)")
        }
    }
}
