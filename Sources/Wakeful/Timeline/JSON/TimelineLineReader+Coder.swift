import Foundation

/// The reading half of ``TimelineLineCoder``: each member a line form visits is read from the line
/// into the value, with the checks and error messages of ``TimelineLineReader``.
extension TimelineLineReader: TimelineLineCoder {
    typealias Failure = TimelineDecodingError

    static var reads: Bool { true }

    /// Nothing to read: ``variant(_:)`` read the name to choose the case.
    func caseName<Name: TimelineCaseName>(_ name: Name) {}

    mutating func string(_ key: StaticString, _ value: inout String) throws(TimelineDecodingError) {
        value = try string("\(key)")
    }

    mutating func optionalString(_ key: StaticString, _ value: inout String?) throws(TimelineDecodingError) {
        value = try optionalString("\(key)")
    }

    mutating func int(_ key: StaticString, _ value: inout Int) throws(TimelineDecodingError) {
        value = try int("\(key)")
    }

    mutating func optionalInt(_ key: StaticString, _ value: inout Int?) throws(TimelineDecodingError) {
        value = try optionalInt("\(key)")
    }

    mutating func uint16(_ key: StaticString, _ value: inout UInt16) throws(TimelineDecodingError) {
        value = try uint16("\(key)")
    }

    mutating func double(_ key: StaticString, _ value: inout Double) throws(TimelineDecodingError) {
        value = try double("\(key)")
    }

    mutating func optionalDouble(_ key: StaticString, _ value: inout Double?) throws(TimelineDecodingError) {
        value = try optionalDouble("\(key)")
    }

    mutating func bool(_ key: StaticString, _ value: inout Bool) throws(TimelineDecodingError) {
        value = try bool("\(key)")
    }

    mutating func enumeration<Value: RawRepresentable & CaseIterable>(
        _ key: StaticString, _ value: inout Value
    ) throws(TimelineDecodingError) where Value.RawValue == String {
        value = try enumeration("\(key)", as: Value.self)
    }

    mutating func taskID(_ key: StaticString, _ value: inout BackgroundTaskID) throws(TimelineDecodingError) {
        value = try taskID("\(key)")
    }

    mutating func constraint(
        _ key: StaticString, _ value: inout BeaconIdentityConstraint
    ) throws(TimelineDecodingError) {
        value = try constraint("\(key)")
    }

    mutating func uuid(_ key: StaticString, _ value: inout UUID) throws(TimelineDecodingError) {
        value = try uuid("\(key)")
    }

    mutating func strings(_ key: StaticString, _ value: inout [String]) throws(TimelineDecodingError) {
        value = try strings("\(key)")
    }

    mutating func optionalStrings(_ key: StaticString, _ value: inout [String]?) throws(TimelineDecodingError) {
        value = try optionalStrings("\(key)")
    }

    mutating func fieldObject(_ key: StaticString, _ value: inout [Field]) throws(TimelineDecodingError) {
        value = try fieldObject("\(key)")
    }

    mutating func flattenedFields(
        reserved: [StaticString], _ value: inout [Field]
    ) throws(TimelineDecodingError) {
        value = try remainingFields(reserved: reserved)
    }

    mutating func objects<Element: TimelineMembers>(
        _ key: StaticString, _ value: inout [Element]
    ) throws(TimelineDecodingError) {
        var elements: [Element] = []
        for var element in try objects("\(key)") {
            var read = Element.placeholder
            try read.visitMembers(&element)
            try element.finish()
            elements.append(read)
        }
        value = elements
    }

    mutating func optionalMembers<Value: TimelineMembers>(
        presentWith key: StaticString, _ value: inout Value?
    ) throws(TimelineDecodingError) {
        guard contains("\(key)") else {
            value = nil
            return
        }
        var read = Value.placeholder
        try read.visitMembers(&self)
        value = read
    }

    mutating func variant<Value: TimelineVariant>(
        _ key: StaticString, _ value: inout Value
    ) throws(TimelineDecodingError) {
        value = try variant("\(key)")
    }

    /// Reads a variant's case name under `key`, then the members of that case.
    mutating func variant<Value: TimelineVariant>(_ key: String) throws(TimelineDecodingError) -> Value {
        let expected = Value.CaseName.expectedForm
        let nameValue = try required(key, expected: expected)
        guard case .string(let string) = nameValue, let name = Value.CaseName(rawValue: string) else {
            throw mismatch(key, expected: expected, found: nameValue)
        }
        var value = Value.placeholder(name)
        try value.visitMembers(&self)
        return value
    }
}
