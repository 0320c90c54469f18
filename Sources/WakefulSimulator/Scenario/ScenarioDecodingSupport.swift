import Foundation

/// A coding key for reading whatever keys an object has, so unknown ones can be rejected.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension KeyedDecodingContainer where Key == AnyKey {
    /// Throws when the object has a key outside `allowed`, naming it and the keys that are allowed:
    /// a misspelt field must not be ignored silently.
    func rejectUnknownKeys(allowed: [String]) throws {
        for key in allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "unknown field \"\(key.stringValue)\"; expected one of: \(allowed.joined(separator: ", "))")
        }
    }

    func value<T: Decodable>(_ key: String, as type: T.Type = T.self) throws -> T {
        try decode(T.self, forKey: AnyKey(key))
    }

    func optional<T: Decodable>(_ key: String, as type: T.Type = T.self) throws -> T? {
        try decodeIfPresent(T.self, forKey: AnyKey(key))
    }

    /// Throws a message attached to `key`.
    func failure(_ key: String, _ message: String) -> DecodingError {
        DecodingError.dataCorruptedError(forKey: AnyKey(key), in: self, debugDescription: message)
    }
}

extension Decoder {
    func fields(allowed: [String]) throws -> KeyedDecodingContainer<AnyKey> {
        let container = try container(keyedBy: AnyKey.self)
        try container.rejectUnknownKeys(allowed: allowed)
        return container
    }
}

extension ScenarioError {
    /// Turns a decoding error into a message with the field's path and the expected form.
    init(file: String, decoding error: DecodingError) {
        func path(_ keys: [any CodingKey]) -> String {
            keys.reduce(into: "") { text, key in
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
        }
        switch error {
        case .typeMismatch(let type, let context):
            self.init(file: file, field: path(context.codingPath), message: "expected \(Self.describe(type)); \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            self.init(file: file, field: path(context.codingPath), message: "expected \(Self.describe(type)), found null")
        case .keyNotFound(let key, let context):
            self.init(file: file, field: path(context.codingPath + [key]), message: "is required")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
                self.init(file: file, field: nil, message: "not valid JSON: \(detail ?? context.debugDescription)")
            } else {
                self.init(file: file, field: path(context.codingPath), message: context.debugDescription)
            }
        @unknown default:
            self.init(file: file, field: nil, message: String(describing: error))
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type: "a number"
        case is Int.Type, is UInt16.Type, is UInt64.Type: "a whole number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default: type == [String: Any].self ? "an object" : "\(type)"
        }
    }
}
