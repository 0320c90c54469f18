import Foundation

/// A named value in a record or a timeline entry. Fields keep their order, so output is stable.
public struct Field: Sendable, Hashable, Codable {
    /// The key.
    public var key: String
    /// The value.
    public var value: FieldValue

    /// Creates a field.
    public init(_ key: String, _ value: FieldValue) {
        self.key = key
        self.value = value
    }
}

/// A scalar value of a ``Field``.
public enum FieldValue: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// The value as a number, when it is one.
    public var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        case .string, .bool: nil
        }
    }

    public var description: String {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): String(value)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        }
    }
}

extension Array where Element == Field {
    /// The value of the first field with this key.
    public subscript(key: String) -> FieldValue? {
        first { $0.key == key }?.value
    }
}

/// Something the app produced: a sample, a trigger, a note. Later it is appended to the outbox.
public struct Record: Sendable, Hashable, Codable {
    /// What kind of record, e.g. `trigger` or `location`.
    public var kind: String
    /// Its contents, in order.
    public var fields: [Field]

    /// Creates a record.
    public init(kind: String, fields: [Field] = []) {
        self.kind = kind
        self.fields = fields
    }
}
