import Foundation

/// The language a source file is tokenized as, chosen by its extension.
public enum SourceLanguage: String, Sendable, Hashable, CaseIterable {
    /// Swift (`.swift`): nested block comments, `"""` and raw strings, `\(…)` interpolation.
    case swift
    /// Objective-C and the C family (`.m`, `.mm`, `.h`, `.c`): `@"…"`, character literals and the
    /// preprocessor. Objective-C++ is lexed the same way, which is enough to find API names.
    case objectiveC = "objective-c"

    /// The language of a file with this extension (case-insensitive), or nil for a file that is not
    /// source code doctor reads.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "swift": self = .swift
        case "m", "mm", "h", "c": self = .objectiveC
        default: return nil
        }
    }
}
