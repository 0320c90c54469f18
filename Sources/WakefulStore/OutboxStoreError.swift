import Foundation

/// Why a ``SQLiteOutbox`` could not be opened, naming the file and what to do.
public struct OutboxStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable, Hashable {
        /// The file is not an SQLite database, or is damaged.
        case notADatabase
        /// The file could not be opened or created (permissions, missing folder, full disk).
        case cannotOpen
        /// `upTo:` named a migration the store does not have.
        case unknownMigration
        /// The file was migrated by a newer version of the app, whose schema this one does not know.
        case newerSchema
    }

    /// What went wrong.
    public var code: Code
    /// The database file (`:memory:` for an in-memory store).
    public var path: String
    /// The details, from SQLite or the store.
    public var detail: String

    /// Creates an error.
    public init(_ code: Code, path: String, detail: String) {
        self.code = code
        self.path = path
        self.detail = detail
    }

    public var description: String {
        switch code {
        case .notADatabase:
            "\(path): not a Wakeful outbox database, or damaged (\(detail)). Move the file aside (keep it for "
                + "diagnosis) and open the path again: a new, empty outbox is created and its records start at seq 1 "
                + "under a new install ID."
        case .cannotOpen:
            "\(path): cannot open or create the outbox database (\(detail)). Check that the folder exists, is "
                + "writable and has free space."
        case .unknownMigration:
            "\(path): unknown migration \(detail); expected one of \(SQLiteOutbox.migrations.joined(separator: ", "))."
        case .newerSchema:
            "\(path): migrated by a newer version of the app (migrations \(detail) are unknown here). Update the app; "
                + "do not delete the file, its records are not uploaded yet."
        }
    }
}
