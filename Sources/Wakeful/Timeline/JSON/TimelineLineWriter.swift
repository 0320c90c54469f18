import Foundation

/// Appends the members that line forms visit straight into a line's bytes: the fast half of
/// ``TimelineLineCoder``, behind ``TimelineJSONEncoder``.
///
/// Members after the first in an object are written as `,"key":value`; the line's first member is
/// always `"t"`, which the encoder writes itself, so only an object in an array opens without a comma.
struct TimelineLineWriter: TimelineLineCoder {
    typealias Failure = Never

    static var reads: Bool { false }

    /// The line so far; the encoder swaps its buffer in and out, so nothing is copied.
    var bytes: [UInt8] = []
    /// Whether the next member is the first of an object, which takes no comma.
    private var opensObject = false

    /// Appends `,"key":`, or `"key":` as an object's first member.
    @inline(__always)
    private mutating func key(_ key: StaticString) {
        guard opensObject else {
            bytes.appendJSONKey(key)
            return
        }
        opensObject = false
        bytes.append(UInt8(ascii: "\""))
        bytes.appendJSONRaw(key)
        bytes.appendJSONRaw("\":")
    }

    mutating func caseName<Name: TimelineCaseName>(_ name: Name) {
        bytes.appendJSONString(name.rawValue)
    }

    mutating func string(_ key: StaticString, _ value: inout String) {
        self.key(key)
        bytes.appendJSONString(value)
    }

    mutating func optionalString(_ key: StaticString, _ value: inout String?) {
        guard var value else { return }
        string(key, &value)
    }

    mutating func int(_ key: StaticString, _ value: inout Int) {
        self.key(key)
        bytes.appendJSONInt(value)
    }

    mutating func optionalInt(_ key: StaticString, _ value: inout Int?) {
        guard var value else { return }
        int(key, &value)
    }

    mutating func uint16(_ key: StaticString, _ value: inout UInt16) {
        self.key(key)
        bytes.appendJSONInt(Int(value))
    }

    mutating func double(_ key: StaticString, _ value: inout Double) {
        self.key(key)
        bytes.appendJSONDouble(value, keepsFraction: false)
    }

    mutating func optionalDouble(_ key: StaticString, _ value: inout Double?) {
        guard var value else { return }
        double(key, &value)
    }

    mutating func bool(_ key: StaticString, _ value: inout Bool) {
        self.key(key)
        bytes.appendJSONBool(value)
    }

    mutating func enumeration<Value: RawRepresentable & CaseIterable>(
        _ key: StaticString, _ value: inout Value
    ) where Value.RawValue == String {
        self.key(key)
        bytes.appendJSONString(value.rawValue)
    }

    /// Appends `owner#serial` as a JSON string, without building the description.
    mutating func taskID(_ key: StaticString, _ value: inout BackgroundTaskID) {
        self.key(key)
        bytes.append(UInt8(ascii: "\""))
        bytes.appendJSONStringContents(value.owner)
        bytes.append(UInt8(ascii: "#"))
        bytes.appendJSONInt(value.serial)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the constraint's description (`UUID[/major[/minor]]`) as a JSON string.
    mutating func constraint(_ key: StaticString, _ value: inout BeaconIdentityConstraint) {
        self.key(key)
        bytes.append(UInt8(ascii: "\""))
        bytes.appendUUIDContents(value.uuid)
        if let major = value.major {
            bytes.append(UInt8(ascii: "/"))
            bytes.appendJSONInt(Int(major))
        }
        if let minor = value.minor {
            bytes.append(UInt8(ascii: "/"))
            bytes.appendJSONInt(Int(minor))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func uuid(_ key: StaticString, _ value: inout UUID) {
        self.key(key)
        bytes.append(UInt8(ascii: "\""))
        bytes.appendUUIDContents(value)
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func strings(_ key: StaticString, _ value: inout [String]) {
        self.key(key)
        appendStrings(value)
    }

    mutating func optionalStrings(_ key: StaticString, _ value: inout [String]?) {
        guard var value else { return }
        strings(key, &value)
    }

    /// Appends a JSON array of strings.
    mutating func appendStrings(_ strings: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.appendJSONString(string)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends fields as a JSON object of their own, where no key is reserved.
    mutating func fieldObject(_ key: StaticString, _ value: inout [Field]) {
        self.key(key)
        bytes.append(UInt8(ascii: "{"))
        for (index, field) in value.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.appendJSONString(field.key)
            bytes.append(UInt8(ascii: ":"))
            bytes.appendFieldValue(field.value)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends fields as members of the current object, escaping keys that collide with the line's own.
    mutating func flattenedFields(reserved: [StaticString], _ value: inout [Field]) {
        for field in value {
            bytes.append(UInt8(ascii: ","))
            bytes.append(UInt8(ascii: "\""))
            if FlattenedFieldKeys.needsEscape(field.key, reserved: reserved) {
                bytes.append(UInt8(ascii: "_"))
            }
            bytes.appendJSONStringContents(field.key)
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UInt8(ascii: ":"))
            bytes.appendFieldValue(field.value)
        }
    }

    mutating func objects<Element: TimelineMembers>(_ key: StaticString, _ value: inout [Element]) {
        self.key(key)
        bytes.append(UInt8(ascii: "["))
        // Each element is visited as a copy: visiting one in place would make the array unique,
        // which copies it when the caller still shares it with the entry being written.
        for (index, element) in value.enumerated() {
            bytes.appendJSONRaw(index == 0 ? "{" : ",{")
            opensObject = true
            var element = element
            element.visitMembers(&self)
            opensObject = false
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func optionalMembers<Value: TimelineMembers>(presentWith key: StaticString, _ value: inout Value?) {
        guard var present = value else { return }
        present.visitMembers(&self)
    }

    mutating func variant<Value: TimelineVariant>(_ key: StaticString, _ value: inout Value) {
        self.key(key)
        value.visitMembers(&self)
    }
}
