import GRDB
import Wakeful

/// The SQLite version this build links, for diagnostics (`SELECT sqlite_version()`).
public func sqliteVersion() throws -> String {
    try DatabaseQueue().read { try String.fetchOne($0, sql: "SELECT sqlite_version()") ?? "unknown" }
}
