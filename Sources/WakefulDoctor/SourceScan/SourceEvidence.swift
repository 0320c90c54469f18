import Foundation

/// What the app's sources show it really uses, for `wakeful doctor --sources`.
public struct SourceEvidence: Sendable, Hashable {
    /// Every use found, sorted by file, line and column.
    public var uses: [SourceUse]
    /// The source files read, sorted (relative to their directory, or as given).
    public var files: [String]
    /// The folders (or files) the scan was given, as displayed; empty for files or text scanned on their own.
    public var folders: [String]
    /// Files or parts of files that could not be read or tokenized, sorted by file and line.
    public var problems: [SourceProblem]

    /// Creates evidence.
    public init(uses: [SourceUse] = [], files: [String] = [], folders: [String] = [], problems: [SourceProblem] = []) {
        self.uses = uses
        self.files = files
        self.folders = folders
        self.problems = problems
    }

    /// The uses of one kind, in order.
    public func uses(of api: SourceAPI) -> [SourceUse] { uses.filter { $0.api == api } }

    /// Whether the sources use `api` anywhere.
    public func contains(_ api: SourceAPI) -> Bool { uses.contains { $0.api == api } }
}
