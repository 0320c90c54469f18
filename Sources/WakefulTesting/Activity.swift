import Foundation

/// What must keep happening, for ``BackgroundTestRun/expectNoGap(longerThan:in:during:fileID:filePath:line:column:)``.
public enum Activity: Sendable, Hashable {
    /// The app executing at all (foreground or background), from the first time it ran; an app
    /// that never ran has one gap, the whole run.
    case execution
    /// The app producing records of this kind, e.g. `"location"` for a location log, from the
    /// start of the run.
    case records(String)

    /// The kind of record it is about; nil for execution.
    var recordKind: String? {
        if case .records(let kind) = self { kind } else { nil }
    }

    /// The activity in words, for messages.
    var name: String {
        switch self {
        case .execution: "execution"
        case .records(let kind): "\"\(kind)\" records"
        }
    }
}
