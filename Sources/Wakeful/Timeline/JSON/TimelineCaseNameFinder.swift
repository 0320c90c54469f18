import Foundation

/// A coder that notes a variant's case name and skips its members: how ``TimelineVariant/caseName``
/// reads the name from the one description rather than from a second list of names.
struct TimelineCaseNameFinder<Name: TimelineCaseName>: TimelineLineCoder {
    typealias Failure = Never

    /// The first case name visited: the variant's own, as nested variants are not entered.
    private(set) var name: Name?

    mutating func caseName<Visited: TimelineCaseName>(_ name: Visited) {
        if self.name == nil { self.name = name as? Name }
    }

    func string(_ key: StaticString, _ value: String) -> String { value }
    func optionalString(_ key: StaticString, _ value: String?) -> String? { value }
    func int(_ key: StaticString, _ value: Int) -> Int { value }
    func optionalInt(_ key: StaticString, _ value: Int?) -> Int? { value }
    func uint16(_ key: StaticString, _ value: UInt16) -> UInt16 { value }
    func double(_ key: StaticString, _ value: Double) -> Double { value }
    func optionalDouble(_ key: StaticString, _ value: Double?) -> Double? { value }
    func bool(_ key: StaticString, _ value: Bool) -> Bool { value }
    func enumeration<Value: RawRepresentable & CaseIterable>(
        _ key: StaticString, _ value: Value
    ) -> Value where Value.RawValue == String { value }
    func taskID(_ key: StaticString, _ value: BackgroundTaskID) -> BackgroundTaskID { value }
    func constraint(_ key: StaticString, _ value: BeaconIdentityConstraint) -> BeaconIdentityConstraint {
        value
    }
    func uuid(_ key: StaticString, _ value: UUID) -> UUID { value }
    func strings(_ key: StaticString, _ value: [String]) -> [String] { value }
    func optionalStrings(_ key: StaticString, _ value: [String]?) -> [String]? { value }
    func fieldObject(_ key: StaticString, _ value: [Field]) -> [Field] { value }
    func flattenedFields(reserved: [StaticString], _ value: [Field]) -> [Field] { value }
    func objects<Element: TimelineMembers>(_ key: StaticString, _ value: [Element]) -> [Element] { value }
    func optionalMembers<Value: TimelineMembers>(presentWith key: StaticString, _ value: Value?) -> Value? {
        value
    }
    func variant<Value: TimelineVariant>(_ key: StaticString, _ value: Value) -> Value { value }
}
