import GRDBSQLite

/// One SQLite connection through SQLite's C API, with nothing of GRDB, the outbox or the server in
/// between: the baseline the store and server benchmarks measure themselves against.
public final class RawSQLite {
    @usableFromInline let connection: OpaquePointer
    /// Where the database is, for error messages.
    @usableFromInline let path: String

    /// Opens the database at `path` in WAL mode with foreign keys on.
    ///
    /// - Parameters:
    ///   - path: The database file.
    ///   - synchronous: SQLite's `synchronous` level, such as `NORMAL` or `FULL`.
    ///   - create: Whether to create the file when it does not exist.
    public init(path: String, synchronous: String, create: Bool = false) throws {
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        guard sqlite3_open_v2(path, &connection, flags, nil) == SQLITE_OK, let connection else {
            throw RawSQLiteError(path: path, message: "cannot open")
        }
        self.connection = connection
        self.path = path
        try execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = \(synchronous); PRAGMA foreign_keys = ON")
    }

    deinit {
        sqlite3_close_v2(connection)
    }

    /// Runs SQL without results.
    @inlinable
    public func execute(_ sql: String) throws {
        guard sqlite3_exec(connection, sql, nil, nil, nil) == SQLITE_OK else { throw error() }
    }

    /// Runs `body` in one write transaction (`BEGIN IMMEDIATE` … `COMMIT`).
    @inlinable
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        let result = try body()
        try execute("COMMIT")
        return result
    }

    /// Compiles `sql` once, to be bound and stepped many times.
    public func prepare(_ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw error()
        }
        return Statement(statement, connection: self)
    }

    @usableFromInline
    func error() -> RawSQLiteError {
        RawSQLiteError(path: path, message: String(cString: sqlite3_errmsg(connection)))
    }

    /// A prepared statement; parameters and columns count from 1 and 0, as in SQLite.
    public final class Statement {
        @usableFromInline let handle: OpaquePointer
        @usableFromInline let connection: RawSQLite

        init(_ handle: OpaquePointer, connection: RawSQLite) {
            self.handle = handle
            self.connection = connection
        }

        deinit {
            sqlite3_finalize(handle)
        }

        /// Binds text, which SQLite copies at once (`SQLITE_TRANSIENT`).
        @inlinable
        public func bind(_ text: String, at index: Int32) {
            sqlite3_bind_text(handle, index, text, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        }

        /// Binds an integer.
        @inlinable
        public func bind(_ value: Int64, at index: Int32) {
            sqlite3_bind_int64(handle, index, value)
        }

        /// Binds a real number.
        @inlinable
        public func bind(_ value: Double, at index: Int32) {
            sqlite3_bind_double(handle, index, value)
        }

        /// Runs a statement without results (an insert), then resets it for the next bindings.
        @inlinable
        public func run() throws {
            defer { sqlite3_reset(handle) }
            guard sqlite3_step(handle) == SQLITE_DONE else { throw connection.error() }
        }

        /// Steps to the next row; false at the end, when the statement is reset.
        @inlinable
        public func next() throws -> Bool {
            switch sqlite3_step(handle) {
            case SQLITE_ROW: return true
            case SQLITE_DONE:
                sqlite3_reset(handle)
                return false
            default:
                defer { sqlite3_reset(handle) }
                throw connection.error()
            }
        }

        /// The current row's text in `column`.
        @inlinable
        public func text(_ column: Int32) -> String { String(cString: sqlite3_column_text(handle, column)) }

        /// The current row's integer in `column`.
        @inlinable
        public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

        /// The current row's real number in `column`.
        @inlinable
        public func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    }
}

/// A failure of the baseline, with SQLite's message.
public struct RawSQLiteError: Error, CustomStringConvertible {
    /// The database file.
    public var path: String
    /// SQLite's message.
    public var message: String

    public var description: String { "\(path): \(message)" }
}
