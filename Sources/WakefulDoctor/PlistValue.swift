import Foundation

/// One value of a property list, as a Sendable value type (Foundation hands out `Any`).
public indirect enum PlistValue: Sendable, Hashable {
    case string(String)
    case integer(Int)
    case real(Double)
    case boolean(Bool)
    case date(Date)
    case data(Data)
    case array([PlistValue])
    case dictionary([String: PlistValue])
    /// Anything else Foundation returned (a keyed-archiver UID …), by its type's name, so that one
    /// odd value is reported where it is instead of making the whole file unreadable.
    case unsupported(String)

    /// The value's type as a message names it: `a string`, `an array` …
    public var typeDescription: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .real: "a real number"
        case .boolean: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .unsupported(let type): "an unsupported value (\(type))"
        }
    }

    /// The string, when the value is one.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The items, when the value is an array.
    public var array: [PlistValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// Converts what `PropertyListSerialization` returned.
    init(foundation value: Any) {
        switch value {
        case let text as String:
            self = .string(text)
        case let number as NSNumber:
            self = Self.number(number)
        case let date as Date:
            self = .date(date)
        case let data as Data:
            self = .data(data)
        case let array as [Any]:
            self = .array(array.map(PlistValue.init(foundation:)))
        case let dictionary as [String: Any]:
            self = .dictionary(dictionary.mapValues(PlistValue.init(foundation:)))
        default:
            self = .unsupported(String(describing: type(of: value)))
        }
    }

    /// Booleans, integers and reals all arrive as NSNumber (on Linux too); the Objective-C type
    /// code tells them apart: `c`/`B` for a boolean, `f`/`d` for a real.
    private static func number(_ number: NSNumber) -> PlistValue {
        switch String(cString: number.objCType) {
        case "c", "B": .boolean(number.boolValue)
        case "f", "d": .real(number.doubleValue)
        default: .integer(number.intValue)
        }
    }
}
