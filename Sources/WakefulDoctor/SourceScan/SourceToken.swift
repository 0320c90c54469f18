import Foundation

/// One token of a Swift or Objective-C file: comments and whitespace are never tokens.
public struct SourceToken: Sendable, Hashable {
    /// What kind of token it is.
    public enum Kind: Sendable, Hashable {
        /// A name or keyword: `startUpdatingLocation`, `let`, `default` written in
        /// backticks (without them), `@interface`, `@objc`, `#selector`.
        case identifier
        /// A string literal; ``SourceToken/literal`` holds its content.
        case string
        /// An Objective-C character literal such as `'a'` (as written in ``SourceToken/text``).
        case character
        /// A number as written: `42`, `0x1F`, `1.5e-3`.
        case number
        /// An operator or punctuation: `(`, `.`, `=`, `==`, `->`, `@`.
        case punctuation
        /// The start of an Objective-C `#define` (text `#define`); the macro's name and body follow
        /// as ordinary tokens up to ``directiveEnd``, so string constants can be resolved.
        case directive
        /// The end of a `#define` line (empty text).
        case directiveEnd
    }

    /// The kind.
    public var kind: Kind
    /// The token's text: the name for an identifier, the literal as written for a string.
    public var text: String
    /// The content of a string literal; nil for every other kind.
    public var literal: SourceStringLiteral?
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, counted in UTF-8 bytes as compilers report it.
    public var column: Int
    /// Where the token starts in the file's UTF-8 bytes.
    public var offset: Int
    /// How many UTF-8 bytes the token spans as written.
    public var length: Int

    /// Creates a token.
    public init(
        _ kind: Kind, _ text: String, literal: SourceStringLiteral? = nil, line: Int, column: Int, offset: Int,
        length: Int
    ) {
        self.kind = kind
        self.text = text
        self.literal = literal
        self.line = line
        self.column = column
        self.offset = offset
        self.length = length
    }

    /// Whether this is the punctuation `text`.
    func isPunctuation(_ text: String) -> Bool { kind == .punctuation && self.text == text }

    /// Whether this is the identifier `name`.
    func isIdentifier(_ name: String) -> Bool { kind == .identifier && text == name }
}
