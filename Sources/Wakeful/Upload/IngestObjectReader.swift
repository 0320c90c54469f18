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
        return value
    }

    func string(_ key: String) throws(IngestDecodingError) -> String {
        let value = try value(key)
        guard case .string(let string) = value else { throw failure(key, "expected a string, found \(value.summary)") }
        return string
    }

    func uuid(_ key: String) throws(IngestDecodingError) -> UUID {
        let text = try string(key)
        guard let uuid = UUID(uuidString: text) else {
            throw failure(key, "expected a UUID such as \"9B2F1C3A-5D4E-4F60-8A7B-1C2D3E4F5A6B\", found \(JSONValue.string(text).summary)")
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
    static func parseIngest(_ bytes: some Collection<UInt8>) throws(IngestDecodingError) -> JSONValue {
        do {
            return try JSONValue.parse(bytes)
        } catch {
            throw IngestDecodingError(path: "", message: "not valid JSON: \(error.description)")
        }
    }
}
