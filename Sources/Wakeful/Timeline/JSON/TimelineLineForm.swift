import Foundation

/// A type whose line form is a fixed list of members, described once for writing and reading.
protocol TimelineMembers {
    /// A value for the reader to fill: every member is overwritten.
    static var placeholder: Self { get }

    /// Visits the members in line order and returns the value built from the coder's answers: the
    /// members read, for a reader; stand-ins to throw away, for a writer.
    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self
}

/// An enum whose line form is its case name under a key, then the members of that case.
///
/// ``visitMembers(_:)`` switches over `self` without a `default`, so a new case does not compile
/// until it has a line form, and each arm begins with ``TimelineLineCoder/caseName(_:)``.
/// ``placeholder(_:)`` switches over ``CaseName`` the same way, so that case has a name the
/// reader knows. The decoder's lists of names are ``CaseName``'s cases.
protocol TimelineVariant {
    associatedtype CaseName: TimelineCaseName

    /// A value of the named case for the reader to fill.
    static func placeholder(_ name: CaseName) -> Self

    /// Visits the case name, then the case's members in line order, and returns the value built
    /// from the coder's answers, as ``TimelineMembers/visitMembers(_:)`` does.
    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self
}

/// The case names of a ``TimelineVariant``, as timelines spell them.
protocol TimelineCaseName: RawRepresentable<String>, CaseIterable {
    /// How an error describes a value of this key, e.g. `an event name, one of didFinishLaunching, …`.
    static var expectedForm: String { get }
}

extension TimelineCaseName {
    /// The raw values, in declaration order.
    static var names: [String] { allCases.map(\.rawValue) }
}

extension TimelineVariant {
    /// The case's name, found by visiting its one description.
    var caseName: CaseName {
        var finder = TimelineCaseNameFinder<CaseName>()
        _ = visitMembers(&finder)
        guard let name = finder.name else { preconditionFailure("\(Self.self)'s line form names no case") }
        return name
    }
}
