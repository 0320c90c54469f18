import Foundation

/// A JSON value whose objects keep their members in order.
///
/// `JSONSerialization` and `Codable` lose key order, but the timeline format fixes it and flattens
/// ordered ``Field``s into objects, so reading a line back exactly needs the order. Integers and
/// doubles are told apart by their written form: a number with a fraction or an exponent is a
/// ``double(_:)``, one without is an ``int(_:)`` when it fits in `Int`.
///
/// ```swift
/// let value = try JSONValue.parse(Array(#"{"b":1,"a":[true,null,2.5]}"#.utf8))
/// // .object(["b": .int(1), "a": .array([.bool(true), .null, .double(2.5)])])
/// value.description  // {"b":1,"a":[true,null,2.5]}
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int`.
    case int(Int)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in the order they were written.
    case object(JSONObject)
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON, in the number and string forms of the timeline format.
    public var description: String {
        var bytes: [UInt8] = []
        encode(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the value as compact JSON (no spaces), members in order.
    ///
    /// Doubles are written in their shortest round-trip form and keep a `.0` when whole, so that
    /// they parse back as doubles; non-finite doubles, which JSON cannot express, become `null`.
    ///
    /// - Parameter buffer: Receives the UTF-8 bytes.
    public func encode(into buffer: inout [UInt8]) {
        switch self {
        case .null: buffer.appendJSONRaw("null")
        case .bool(let value): buffer.appendJSONBool(value)
        case .int(let value): buffer.appendJSONInt(value)
        case .double(let value): buffer.appendJSONDouble(value, keepsFraction: true)
        case .string(let value): buffer.appendJSONString(value)
        case .array(let elements):
            buffer.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                element.encode(into: &buffer)
            }
            buffer.append(UInt8(ascii: "]"))
        case .object(let object):
            buffer.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                buffer.appendJSONString(member.key)
                buffer.append(UInt8(ascii: ":"))
                member.value.encode(into: &buffer)
            }
            buffer.append(UInt8(ascii: "}"))
        }
    }

    /// A short account of the value for error messages: strings quoted and cut after 80
    /// characters, numbers and literals as written, arrays and objects by their kind.
    var summary: String {
        switch self {
        case .null, .bool, .int, .double: description
        case .string(let value):
            value.count > 80 ? JSONValue.string(String(value.prefix(80))).description + "…" : description
        case .array: "an array"
        case .object: "an object"
        }
    }
}
