import Foundation

/// A figure's target, checked and printed as the benchmark runs (on standard error, which the
/// benchmark tool passes through), so that a run says whether it met it.
public struct Target {
    /// What is measured, such as `outbox appends`.
    public var name: String
    /// The least acceptable value.
    public var least: Double
    /// The unit printed after the numbers, such as `records/s`.
    public var unit: String

    public init(_ name: String, atLeast least: Double, _ unit: String) {
        self.name = name
        self.least = least
        self.unit = unit
    }

    /// Prints `value` beside the target, with `met` or `NOT met`.
    public func report(_ value: Double) {
        let format = least < 10 ? "%.2f" : "%.0f"
        let line = "target: \(name) \(String(format: format, value)) \(unit) (at least \(String(format: format, least))): "
            + (value >= least ? "met" : "NOT met") + "\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}

/// Prints a note about the run on standard error, such as why a comparison was skipped.
public func printNote(_ text: String) {
    FileHandle.standardError.write(Data("note: \(text)\n".utf8))
}
