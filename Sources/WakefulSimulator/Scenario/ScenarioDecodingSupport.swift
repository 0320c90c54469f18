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
                debugDescription:
                    "unknown field \"\(key.stringValue)\"; expected one of: \(allowed.joined(separator: ", "))")
        }
    }

    func value<T: Decodable>(_ key: String, as type: T.Type = T.self) throws -> T {
        try decode(T.self, forKey: AnyKey(key))
    }

    func optional<T: Decodable>(_ key: String, as type: T.Type = T.self) throws -> T? {
        try decodeIfPresent(T.self, forKey: AnyKey(key))
    }

    /// A string field naming a case of `T`, nil when absent; any other string is an error that
    /// lists the cases.
    func optionalCase<T: RawRepresentable & CaseIterable>(_ key: String, as type: T.Type = T.self) throws -> T?
    where T.RawValue == String {
        guard let text = try optional(key, as: String.self) else { return nil }
        guard let value = T(rawValue: text) else {
            throw failure(key, "\"\(text)\": expected one of: \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
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
            self.init(
                file: file, field: Self.nonEmpty(path(context.codingPath)),
                message: "expected \(Self.describe(type)); \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            self.init(
                file: file, field: Self.nonEmpty(path(context.codingPath)),
                message: "expected \(Self.describe(type)), found null")
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

    private static func nonEmpty(_ path: String) -> String? { path.isEmpty ? nil : path }

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

extension DecodingError {
    /// A data-corrupted error at `base` followed by `path` (keys as strings, indices as integers).
    static func at(_ base: [any CodingKey], _ path: [Any], _ message: String) -> DecodingError {
        let keys: [any CodingKey] = path.map { part in
            if let index = part as? Int { return AnyKey(intValue: index)! }
            return AnyKey(String(describing: part))
        }
        return .dataCorrupted(.init(codingPath: base + keys, debugDescription: message))
    }
}

extension KeyedDecodingContainer where Key == AnyKey {
    /// A whole number within `range`, with a message that names the range when it is not.
    func integer<T: FixedWidthInteger>(_ key: String, in range: ClosedRange<T>, default value: T) throws -> T {
        let expected = "expected a whole number from \(range.lowerBound) to \(range.upperBound)"
        let number: Double
        do {
            guard let decoded = try optional(key, as: Double.self) else { return value }
            number = decoded
        } catch DecodingError.typeMismatch {
            throw failure(key, expected)
        }
        guard number.rounded() == number, number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            // A whole number as it was written: 0, not 0.0.
            let written = number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
            throw failure(key, "\(written) is not allowed; \(expected)")
        }
        return T(number)
    }
}
