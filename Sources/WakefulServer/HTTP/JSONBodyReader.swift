import Foundation
import HTTPTypes
import Wakeful

/// Reads the members of one JSON object of a request body, throwing a 400 ``APIError`` that names
/// the member's path and the expected form.
struct JSONBodyReader {
    let object: JSONObject
    let path: String

    /// Parses `bytes` as one JSON object.
    init(parsing bytes: some Collection<UInt8>) throws(APIError) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw APIError(.badRequest, "invalid_body", "the body is not JSON: \(error)")
        }
        try self.init(value, path: "")
    }

    init(_ value: JSONValue, path: String) throws(APIError) {
        guard case .object(let object) = value else {
            throw APIError.invalid(path.isEmpty ? nil : path, "expected a JSON object, found \(value.kindName)")
        }
        self.object = object
        self.path = path
    }

    private func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// A member that must be a string; `nonEmpty` also refuses "".
    func string(_ key: String, nonEmpty: Bool = true, maximumLength: Int = 256) throws(APIError) -> String {
        guard let value = object[key] else { throw APIError.invalid(name(key), "missing; expected a string") }
        guard case .string(let text) = value else {
            throw APIError.invalid(name(key), "expected a string, found \(value.kindName)")
        }
        if nonEmpty, text.isEmpty { throw APIError.invalid(name(key), "expected a non-empty string") }
        if text.utf8.count > maximumLength {
            throw APIError.invalid(name(key), "expected at most \(maximumLength) bytes")
        }
        return text
    }

    /// A member that must be a UUID string.
    func uuid(_ key: String) throws(APIError) -> UUID {
        let text = try string(key)
        guard let uuid = UUID(uuidString: text) else {
            throw APIError.invalid(name(key), "expected a UUID such as \"5A1D0C3E-8B7F-4E21-8000-00000000002A\"")
        }
        return uuid
    }

    /// A member that may be absent or null, else an object.
    func optionalObject(_ key: String) throws(APIError) -> JSONBodyReader? {
        guard let value = object[key], value != .null else { return nil }
        return try JSONBodyReader(value, path: name(key))
    }

    /// An APNs registration: `{"token": hex, "environment": "sandbox"|"production", "topic": "…"}`.
    func apnsRegistration() throws(APIError) -> APNsRegistration {
        let token = try string("token", maximumLength: 200).lowercased()
        guard token.utf8.count.isMultiple(of: 2), token.utf8.allSatisfy({ $0.isHexDigit }) else {
            throw APIError.invalid(name("token"), "expected the device token as hex digits, an even number of them")
        }
        let environmentName = try string("environment")
        guard let environment = APNsRegistration.Environment(rawValue: environmentName) else {
            throw APIError.invalid(name("environment"), "expected \"sandbox\" or \"production\"")
        }
        return APNsRegistration(token: token, environment: environment, topic: try string("topic"))
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
    }
}

extension JSONValue {
    /// "a string", "an object" …, for error messages.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
