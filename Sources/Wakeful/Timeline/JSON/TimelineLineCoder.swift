import Foundation

/// The members of a timeline line, as one vocabulary that both writes and reads them.
///
/// Each case of ``Command``, ``Event`` and ``BluetoothEvent``, and each payload they carry, describes
/// its line form once (see ``TimelineMembers`` and ``TimelineVariant``): calls on a coder in the
/// order the members appear in the line, such as `try coder.string("peripheral", peripheral)`, whose
/// results build the value again. ``TimelineLineWriter`` appends each member from the value it is
/// given; ``TimelineLineReader`` ignores that value and returns what the line holds, so the rebuilt
/// value is the one read. A name or a key is therefore spelled in one place, and the writer and the
/// reader cannot disagree about a case.
///
/// Members are passed by value, not `inout`, so that writing borrows the entry and copies nothing.
/// What a writer returns is thrown away: it returns stand-ins (empty strings and arrays, `nil`) that
/// cost no reference counting rather than copies of what it wrote.
///
/// `Failure` is `Never` for the writer, so writing needs no `try` and costs no error paths.
protocol TimelineLineCoder {
    associatedtype Failure: Error

    /// The case name of the variant being visited: the value of the key that ``variant(_:_:)`` names.
    mutating func caseName<Name: TimelineCaseName>(_ name: Name) throws(Failure)

    mutating func string(_ key: StaticString, _ value: String) throws(Failure) -> String
    mutating func optionalString(_ key: StaticString, _ value: String?) throws(Failure) -> String?
    mutating func int(_ key: StaticString, _ value: Int) throws(Failure) -> Int
    mutating func optionalInt(_ key: StaticString, _ value: Int?) throws(Failure) -> Int?
    mutating func uint16(_ key: StaticString, _ value: UInt16) throws(Failure) -> UInt16
    /// A schema double: whole values without `.0`, non-finite ones as `null` (read back as NaN).
    mutating func double(_ key: StaticString, _ value: Double) throws(Failure) -> Double
    mutating func optionalDouble(_ key: StaticString, _ value: Double?) throws(Failure) -> Double?
    mutating func bool(_ key: StaticString, _ value: Bool) throws(Failure) -> Bool
    /// A string-backed enum, by its raw value.
    mutating func enumeration<Value: RawRepresentable & CaseIterable>(
        _ key: StaticString, _ value: Value
    ) throws(Failure) -> Value where Value.RawValue == String
    /// A task id as `owner#serial`.
    mutating func taskID(_ key: StaticString, _ value: BackgroundTaskID) throws(Failure) -> BackgroundTaskID
    /// A beacon constraint as `UUID[/major[/minor]]`.
    mutating func constraint(
        _ key: StaticString, _ value: BeaconIdentityConstraint
    ) throws(Failure) -> BeaconIdentityConstraint
    mutating func uuid(_ key: StaticString, _ value: UUID) throws(Failure) -> UUID
    mutating func strings(_ key: StaticString, _ value: [String]) throws(Failure) -> [String]
    mutating func optionalStrings(_ key: StaticString, _ value: [String]?) throws(Failure) -> [String]?
    /// Fields as an object of their own, such as a notification's `userInfo`.
    mutating func fieldObject(_ key: StaticString, _ value: [Field]) throws(Failure) -> [Field]
    /// Fields as the line's remaining members, `_`-escaped where they collide with `reserved`; last.
    mutating func flattenedFields(reserved: [StaticString], _ value: [Field]) throws(Failure) -> [Field]
    /// An array of objects, each with the members its type describes.
    mutating func objects<Element: TimelineMembers>(
        _ key: StaticString, _ value: [Element]
    ) throws(Failure) -> [Element]
    /// Members that are all present or all absent; `key` is the first of them, whose presence decides.
    mutating func optionalMembers<Value: TimelineMembers>(
        presentWith key: StaticString, _ value: Value?
    ) throws(Failure) -> Value?
    /// A variant: its case name under `key`, then that case's members in the same object.
    mutating func variant<Value: TimelineVariant>(_ key: StaticString, _ value: Value) throws(Failure) -> Value
}

extension TimelineLineCoder {
    /// A value's members, in the current object rather than a nested one.
    @inline(__always)
    mutating func members<Value: TimelineMembers>(_ value: Value) throws(Failure) -> Value {
        try value.visitMembers(&self)
    }
}
