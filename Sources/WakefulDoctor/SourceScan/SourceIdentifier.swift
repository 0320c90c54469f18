import Foundation

/// An identifier as the sources give it: a literal (directly or through a constant), or something
/// only known at run time.
public enum SourceIdentifier: Sendable, Hashable {
    /// The identifier's value: `"com.example.refresh"`, or the string constant it names.
    case literal(String)
    /// An identifier computed at run time, with the expression as written (whitespace collapsed)
    /// and, when its shape is known, a pattern with `*` for each unknown part:
    /// `"\(Bundle.main.bundleIdentifier!).refresh"` gives the pattern `*.refresh`.
    case dynamic(expression: String, pattern: String?)

    /// The literal value, if known.
    public var literal: String? {
        if case .literal(let value) = self { value } else { nil }
    }
}
