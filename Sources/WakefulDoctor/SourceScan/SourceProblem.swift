import Foundation

/// A source file doctor could not read or tokenize, or part of one: reported, never fatal.
public struct SourceProblem: Sendable, Hashable {
    /// The file, as shown in ``SourceUse/file``.
    public var file: String
    /// The line the problem starts on, from 1; nil when it concerns the whole file (too large,
    /// binary, unreadable).
    public var line: Int?
    /// What is wrong, in a sentence.
    public var message: String

    /// Creates a problem.
    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }
}
