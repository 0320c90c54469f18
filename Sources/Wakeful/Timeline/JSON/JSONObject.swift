import Foundation

/// The members of a JSON object, in the order they were written.
///
/// Duplicate keys are kept as written (RFC 8259 leaves them to the reader); subscripting by key
/// returns the first.
///
/// ```swift
/// let object: JSONObject = ["t": .int(0), "kind": .string("run")]
/// object["kind"]        // .string("run")
/// object.map(\.key)     // ["t", "kind"]
/// ```
public struct JSONObject: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// The members in order.
    public var members: [JSONMember]

    /// Creates an object from members in order.
    public init(_ members: [JSONMember] = []) {
        self.members = members
    }

    /// Creates an object from a literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = elements.map { JSONMember(key: $0.0, value: $0.1) }
    }

    /// The value of the first member with this key, or nil.
    public subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    /// The position of the first member.
    public var startIndex: Int { members.startIndex }
    /// The position after the last member.
    public var endIndex: Int { members.endIndex }
    /// The member at a position.
    public subscript(position: Int) -> JSONMember { members[position] }
}

/// One member of a JSON object.
public struct JSONMember: Sendable, Hashable {
    /// The key.
    public var key: String
    /// The value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
