import Foundation
import Wakeful

extension JSONValue {
    /// The scalar a decoder holds (null, a boolean, an integer before a double, a string), or nil
    /// when it holds none: what scenario values and field-evidence patterns both read.
    static func scalar(in single: any SingleValueDecodingContainer) -> JSONValue? {
        if single.decodeNil() { return .null }
        if let bool = try? single.decode(Bool.self) { return .bool(bool) }
        if let int = try? single.decode(Int.self) { return .int(int) }
        if let double = try? single.decode(Double.self) { return .double(double) }
        if let string = try? single.decode(String.self) { return .string(string) }
        return nil
    }
}
