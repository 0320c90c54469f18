import Foundation

/// The tokens of one file and what could not be tokenized.
public struct SourceTokenization: Sendable, Hashable {
    /// The tokens in file order, comments and whitespace left out.
    public var tokens: [SourceToken]
    /// Unterminated strings and comments, in file order; the tokens still cover the rest of the
    /// file where the lexer could resume.
    public var problems: [SourceProblem]
}
