import Foundation

/// One place the app's sources use a background API.
public struct SourceUse: Sendable, Hashable {
    /// What is used.
    public var api: SourceAPI
    /// The task, session or restoration identifier the use names, for the kinds that take one;
    /// the file name for ``SourceAPI/silentAudioFile``; nil otherwise or when the call gives none.
    public var identifier: SourceIdentifier?
    /// The file, relative to the directory scanned (or as given).
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1 (UTF-8 bytes).
    public var column: Int

    /// Creates a use.
    public init(api: SourceAPI, identifier: SourceIdentifier? = nil, file: String, line: Int, column: Int) {
        self.api = api
        self.identifier = identifier
        self.file = file
        self.line = line
        self.column = column
    }
}
