extension Sequence where Element: Hashable {
    /// The elements in their first order, each once: the scenarios, setups or budgets of a report
    /// in the order the runs give them.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
