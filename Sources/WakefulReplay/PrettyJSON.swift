import Foundation
import Wakeful

/// Writes a `JSONValue` indented by two spaces, members in their order, small arrays of
/// scalars and small objects of scalars on one line, so a saved scenario reads like a hand-written one.
enum PrettyJSON {
    /// The value as text ending in a newline.
    static func format(_ value: JSONValue) -> String {
        var text = ""
        write(value, indent: "", into: &text)
        return text + "\n"
    }

    private static func write(_ value: JSONValue, indent: String, into text: inout String) {
        if fitsOnOneLine(value) {
            text += value.description
            return
        }
        let inner = indent + "  "
        switch value {
        case .array(let elements):
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += inner
                write(element, indent: inner, into: &text)
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object(let object):
            text += "{\n"
            for (index, member) in object.members.enumerated() {
                text += inner + JSONValue.string(member.key).description + ": "
                write(member.value, indent: inner, into: &text)
                text += index == object.members.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        default:
            text += value.description
        }
    }

    /// Scalars, and arrays or objects of scalars (or of one-line objects) short enough to read at once.
    private static func fitsOnOneLine(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let elements) where elements.isEmpty: return true
        case .object(let object) where object.members.isEmpty: return true
        case .array(let elements):
            return elements.allSatisfy(\.isScalar) && value.description.count <= 100
        case .object(let object):
            return object.members.allSatisfy { $0.value.isScalar || ($0.value.isFlatObject) }
                && value.description.count <= 100
        default: return true
        }
    }
}

extension JSONValue {
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    var isFlatObject: Bool {
        if case .object(let object) = self { return object.members.allSatisfy { $0.value.isScalar } }
        return false
    }
}
