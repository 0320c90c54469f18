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
        }
    }

    /// The string, when the value is one.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// Converts what `PropertyListSerialization` returned; nil for a type a property list cannot hold.
    init?(foundation value: Any) {
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
            var values: [PlistValue] = []
            for element in array {
                guard let converted = PlistValue(foundation: element) else { return nil }
                values.append(converted)
            }
            self = .array(values)
        case let dictionary as [String: Any]:
            var values: [String: PlistValue] = [:]
            for (key, element) in dictionary {
                guard let converted = PlistValue(foundation: element) else { return nil }
                values[key] = converted
            }
            self = .dictionary(values)
        default:
            return nil
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
