import Foundation

/// The reading half of ``TimelineLineCoder``: each member a line form visits is read from the line
/// and returned in place of the value given, with the checks and error messages of
/// ``TimelineLineReader``.
extension TimelineLineReader: TimelineLineCoder {
    typealias Failure = TimelineDecodingError

    /// Nothing to read: ``variant(_:)`` read the name to choose the case.
    func caseName<Name: TimelineCaseName>(_ name: Name) {}

    mutating func string(_ key: StaticString, _ value: String) throws(TimelineDecodingError) -> String {
        try string("\(key)")
    }

    mutating func optionalString(_ key: StaticString, _ value: String?) throws(TimelineDecodingError) -> String? {
        try optionalString("\(key)")
    }

    mutating func int(_ key: StaticString, _ value: Int) throws(TimelineDecodingError) -> Int {
        try int("\(key)")
    }

    mutating func optionalInt(_ key: StaticString, _ value: Int?) throws(TimelineDecodingError) -> Int? {
        try optionalInt("\(key)")
    }

    mutating func uint16(_ key: StaticString, _ value: UInt16) throws(TimelineDecodingError) -> UInt16 {
        try uint16("\(key)")
    }

    mutating func double(_ key: StaticString, _ value: Double) throws(TimelineDecodingError) -> Double {
        try double("\(key)")
    }

    mutating func optionalDouble(_ key: StaticString, _ value: Double?) throws(TimelineDecodingError) -> Double? {
        try optionalDouble("\(key)")
    }

    mutating func bool(_ key: StaticString, _ value: Bool) throws(TimelineDecodingError) -> Bool {
        try bool("\(key)")
    }

    mutating func enumeration<Value: RawRepresentable & CaseIterable>(
        _ key: StaticString, _ value: Value
    ) throws(TimelineDecodingError) -> Value where Value.RawValue == String {
        try enumeration("\(key)", as: Value.self)
    }

    mutating func taskID(
        _ key: StaticString, _ value: BackgroundTaskID
    ) throws(TimelineDecodingError) -> BackgroundTaskID {
        try taskID("\(key)")
    }

    mutating func constraint(
        _ key: StaticString, _ value: BeaconIdentityConstraint
    ) throws(TimelineDecodingError) -> BeaconIdentityConstraint {
        try constraint("\(key)")
    }

    mutating func uuid(_ key: StaticString, _ value: UUID) throws(TimelineDecodingError) -> UUID {
        try uuid("\(key)")
    }

    mutating func strings(_ key: StaticString, _ value: [String]) throws(TimelineDecodingError) -> [String] {
        try strings("\(key)")
    }

    mutating func optionalStrings(
        _ key: StaticString, _ value: [String]?
    ) throws(TimelineDecodingError) -> [String]? {
        try optionalStrings("\(key)")
    }

    mutating func fieldObject(_ key: StaticString, _ value: [Field]) throws(TimelineDecodingError) -> [Field] {
        try fieldObject("\(key)")
    }

    mutating func flattenedFields(
        reserved: [StaticString], _ value: [Field]
    ) throws(TimelineDecodingError) -> [Field] {
        try remainingFields(reserved: reserved)
    }

    mutating func objects<Element: TimelineMembers>(
        _ key: StaticString, _ value: [Element]
    ) throws(TimelineDecodingError) -> [Element] {
        var elements: [Element] = []
        for var element in try objects("\(key)") {
            elements.append(try Element.placeholder.visitMembers(&element))
            try element.finish()
        }
        return elements
    }

    mutating func optionalMembers<Value: TimelineMembers>(
        presentWith key: StaticString, _ value: Value?
    ) throws(TimelineDecodingError) -> Value? {
        guard contains("\(key)") else { return nil }
        return try Value.placeholder.visitMembers(&self)
    }

    mutating func variant<Value: TimelineVariant>(
        _ key: StaticString, _ value: Value
    ) throws(TimelineDecodingError) -> Value {
        try variant("\(key)")
    }

    /// Reads a variant's case name under `key`, then the members of that case.
    mutating func variant<Value: TimelineVariant>(_ key: String) throws(TimelineDecodingError) -> Value {
        let expected = Value.CaseName.expectedForm
        let nameValue = try required(key, expected: expected)
        guard case .string(let string) = nameValue, let name = Value.CaseName(rawValue: string) else {
            throw mismatch(key, expected: expected, found: nameValue)
        }
        return try Value.placeholder(name).visitMembers(&self)
    }
}
