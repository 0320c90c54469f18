import Foundation

/// A coder that notes a variant's case name and skips its members: how ``TimelineVariant/caseName``
/// reads the name from the one description rather than from a second list of names.
struct TimelineCaseNameFinder<Name: TimelineCaseName>: TimelineLineCoder {
    typealias Failure = Never

    static var reads: Bool { false }

    /// The first case name visited: the variant's own, as nested variants are not entered.
    private(set) var name: Name?

    mutating func caseName<Visited: TimelineCaseName>(_ name: Visited) {
        if self.name == nil { self.name = name as? Name }
    }

    func string(_ key: StaticString, _ value: inout String) {}
    func optionalString(_ key: StaticString, _ value: inout String?) {}
    func int(_ key: StaticString, _ value: inout Int) {}
    func optionalInt(_ key: StaticString, _ value: inout Int?) {}
    func uint16(_ key: StaticString, _ value: inout UInt16) {}
    func double(_ key: StaticString, _ value: inout Double) {}
    func optionalDouble(_ key: StaticString, _ value: inout Double?) {}
    func bool(_ key: StaticString, _ value: inout Bool) {}
    func enumeration<Value: RawRepresentable & CaseIterable>(
        _ key: StaticString, _ value: inout Value
    ) where Value.RawValue == String {}
    func taskID(_ key: StaticString, _ value: inout BackgroundTaskID) {}
    func constraint(_ key: StaticString, _ value: inout BeaconIdentityConstraint) {}
    func uuid(_ key: StaticString, _ value: inout UUID) {}
    func strings(_ key: StaticString, _ value: inout [String]) {}
    func optionalStrings(_ key: StaticString, _ value: inout [String]?) {}
    func fieldObject(_ key: StaticString, _ value: inout [Field]) {}
    func flattenedFields(reserved: [StaticString], _ value: inout [Field]) {}
    func objects<Element: TimelineMembers>(_ key: StaticString, _ value: inout [Element]) {}
    func optionalMembers<Value: TimelineMembers>(presentWith key: StaticString, _ value: inout Value?) {}
    func variant<Value: TimelineVariant>(_ key: StaticString, _ value: inout Value) {}
}
