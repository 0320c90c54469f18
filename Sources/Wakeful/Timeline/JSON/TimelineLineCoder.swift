import Foundation

/// The members of a timeline line, as one vocabulary that both writes and reads them.
///
/// Each case of ``Command``, ``Event`` and ``BluetoothEvent``, and each payload they carry, describes
/// its line form once (see ``TimelineMembers`` and ``TimelineVariant``): calls on a coder in the
/// order the members appear in the line, such as `try coder.string("peripheral", &peripheral)`.
/// ``TimelineLineWriter`` appends each member from the value; ``TimelineLineReader`` reads each member
/// into it. A name or a key is therefore spelled in one place, and the writer and the reader cannot
/// disagree about a case.
///
/// `Failure` is `Never` for the writer, so writing needs no `try` and costs no error paths.
protocol TimelineLineCoder {
    associatedtype Failure: Error

    /// Whether this coder fills values from a line, so a description must rebuild its value from
    /// the members it visited; writers leave the value alone.
    static var reads: Bool { get }

    /// The case name of the variant being visited: the value of the key that ``variant(_:_:)`` names.
    mutating func caseName<Name: TimelineCaseName>(_ name: Name) throws(Failure)

    mutating func string(_ key: StaticString, _ value: inout String) throws(Failure)
    mutating func optionalString(_ key: StaticString, _ value: inout String?) throws(Failure)
    mutating func int(_ key: StaticString, _ value: inout Int) throws(Failure)
    mutating func optionalInt(_ key: StaticString, _ value: inout Int?) throws(Failure)
    mutating func uint16(_ key: StaticString, _ value: inout UInt16) throws(Failure)
    /// A schema double: whole values without `.0`, non-finite ones as `null` (read back as NaN).
    mutating func double(_ key: StaticString, _ value: inout Double) throws(Failure)
    mutating func optionalDouble(_ key: StaticString, _ value: inout Double?) throws(Failure)
    mutating func bool(_ key: StaticString, _ value: inout Bool) throws(Failure)
    /// A string-backed enum, by its raw value.
    mutating func enumeration<Value: RawRepresentable & CaseIterable>(
        _ key: StaticString, _ value: inout Value
    ) throws(Failure) where Value.RawValue == String
    /// A task id as `owner#serial`.
    mutating func taskID(_ key: StaticString, _ value: inout BackgroundTaskID) throws(Failure)
    /// A beacon constraint as `UUID[/major[/minor]]`.
    mutating func constraint(_ key: StaticString, _ value: inout BeaconIdentityConstraint) throws(Failure)
    mutating func uuid(_ key: StaticString, _ value: inout UUID) throws(Failure)
    mutating func strings(_ key: StaticString, _ value: inout [String]) throws(Failure)
    mutating func optionalStrings(_ key: StaticString, _ value: inout [String]?) throws(Failure)
    /// Fields as an object of their own, such as a notification's `userInfo`.
    mutating func fieldObject(_ key: StaticString, _ value: inout [Field]) throws(Failure)
    /// Fields as the line's remaining members, `_`-escaped where they collide with `reserved`; last.
    mutating func flattenedFields(reserved: [StaticString], _ value: inout [Field]) throws(Failure)
    /// An array of objects, each with the members its type describes.
    mutating func objects<Element: TimelineMembers>(_ key: StaticString, _ value: inout [Element]) throws(Failure)
    /// Members that are all present or all absent; `key` is the first of them, whose presence decides.
    mutating func optionalMembers<Value: TimelineMembers>(
        presentWith key: StaticString, _ value: inout Value?
    ) throws(Failure)
    /// A variant: its case name under `key`, then that case's members in the same object.
    mutating func variant<Value: TimelineVariant>(_ key: StaticString, _ value: inout Value) throws(Failure)
}

extension TimelineLineCoder {
    /// A value's members, in the current object rather than a nested one.
    mutating func members<Value: TimelineMembers>(_ value: inout Value) throws(Failure) {
        try value.visitMembers(&self)
    }
}
