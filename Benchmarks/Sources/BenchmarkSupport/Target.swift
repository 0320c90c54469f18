import Foundation

/// A figure's target, checked as the benchmark runs and printed with ``RunNotes/flush()``, so that a
/// run says whether it met it.
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

    /// Notes `value` beside the target, with `met` or `NOT met`.
    public func report(_ value: Double) {
        let format = least < 10 ? "%.2f" : "%.0f"
        RunNotes.add(
            "target: \(name) \(String(format: format, value)) \(unit) (at least \(String(format: format, least))): "
                + (value >= least ? "met" : "NOT met"))
    }
}

/// Notes a benchmark makes while it runs (targets met or not, a comparison skipped and why).
///
/// The benchmark tool silences a benchmark's output while it measures it (with `--no-progress`),
/// so the notes are kept and printed on standard error by ``flush()``, which each suite installs
/// as `Benchmark.teardown`.
public enum RunNotes {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var notes: [String] = []

    /// Keeps `note` for the next ``flush()``.
    public static func add(_ note: String) {
        lock.withLock { notes.append(note) }
    }

    /// Prints the notes kept so far and forgets them.
    public static func flush() {
        let text = lock.withLock {
            defer { notes.removeAll() }
            return notes.map { $0 + "\n" }.joined()
        }
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// Keeps a note about the run, such as why a comparison was skipped, for ``RunNotes/flush()``.
public func printNote(_ text: String) {
    RunNotes.add("note: \(text)")
}
