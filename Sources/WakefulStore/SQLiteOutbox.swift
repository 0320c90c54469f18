import Foundation
import GRDB
import Wakeful

/// The `Outbox` on SQLite, through GRDB: the one for apps, and the crash-injection harness's.
///
/// One file, WAL journal, `synchronous = NORMAL` by default, a busy timeout, foreign-key enforcement on.
/// Every method is one short write transaction, finished when it returns, so the app never holds
/// a lock on the file while iOS suspends it (the `0xdead10cc` kill, TERM-6). The schema grows by
/// append-only named migrations (``migrations``); a store opened by this version is migrated to
/// the last one, or to the one named by `upTo:` (for migration tests).
///
/// ```swift
/// let outbox = try SQLiteOutbox(path: support.appendingPathComponent("outbox.sqlite").path)
/// try outbox.commit(OutboxWrite(records: [CollectedRecord(record, at: now)], jobStates: [state]))
/// ```
///
/// ## Durability
///
/// In WAL mode, `synchronous = NORMAL` (``Options/Synchronous/normal``) never corrupts the file,
/// and a crash of the *app* loses nothing committed; a power loss or a kernel panic may lose the
/// last transactions committed since the previous checkpoint (they roll back whole, never in
/// part). ``Options/Synchronous/full`` also survives those, at the cost of an `fsync` per commit.
///
/// ## Suspension (0xdead10cc)
///
/// With ``Options/observesSuspensionNotifications`` set, the store listens to GRDB's
/// `Database.suspendNotification` and `Database.resumeNotification`. The app adapter must then
/// post `NotificationCenter.default.post(name: Database.suspendNotification, object: nil)` when the
/// app is about to be suspended (`applicationDidEnterBackground`, and in every background task's
/// expiration handler, before it calls `endBackgroundTask`), and post `Database.resumeNotification`
/// at the start of every callback that may use the store (foreground, background-task launch,
/// location or Bluetooth event, silent push, URL-session relaunch), then `suspendNotification`
/// again before the app goes back to sleep. While suspended, writes throw `SQLITE_INTERRUPT` or
/// `SQLITE_ABORT` instead of taking a lock; the transaction rolls back whole and the caller tries
/// again after resuming.
public final class SQLiteOutbox: Outbox, Sendable {
    /// The install's identity, created with the store and kept in it.
    public let installID: UUID
    /// The connection; GRDB serialises every access through it.
    let queue: DatabaseQueue
    /// Consulted at every ``OutboxFaultPoint``.
    let injector: (any OutboxFaultInjector)?

    /// Opens (creating if needed) the outbox at `path` and migrates it.
    ///
    /// - Parameters:
    ///   - path: the database file; its folder must exist.
    ///   - lastMigration: migrate up to this migration of ``migrations`` only (tests); nil for all.
    ///   - options: durability, suspension and test settings.
    /// - Throws: ``OutboxStoreError`` naming the path when the file cannot be opened, is not a
    ///   database, or was migrated by a newer version; `SimulatedCrash` from a fault injector.
    public convenience init(path: String, upTo lastMigration: String? = nil, options: Options = Options()) throws {
        try self.init(location: path, upTo: lastMigration, options: options) { configuration in
            configuration.journalMode = .wal
            return try DatabaseQueue(path: path, configuration: configuration)
        }
    }

    /// Opens a new outbox that lives in memory only (tests).
    public static func inMemory(upTo lastMigration: String? = nil, options: Options = Options()) throws -> SQLiteOutbox
    {
        try SQLiteOutbox(location: ":memory:", upTo: lastMigration, options: options) { configuration in
            try DatabaseQueue(configuration: configuration)
        }
    }

    private init(
        location: String, upTo lastMigration: String?, options: Options,
        open: (inout Configuration) throws -> DatabaseQueue
    ) throws {
        injector = options.faultInjector
        do {
            var configuration = options.configuration
            queue = try open(&configuration)
            // After opening: GRDB's WAL set-up sets NORMAL itself.
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = \(options.synchronous.rawValue)")
            }
            installID = try Self.migrate(queue, location: location, upTo: lastMigration, options: options)
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
        {
            throw OutboxStoreError(.notADatabase, path: location, detail: error.message ?? "\(error.resultCode)")
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_PERM
            || error.resultCode == .SQLITE_READONLY || error.resultCode == .SQLITE_FULL
        {
            throw OutboxStoreError(.cannotOpen, path: location, detail: error.message ?? "\(error.resultCode)")
        }
    }

    /// Calls the fault injector at `point`.
    func check(_ point: OutboxFaultPoint) throws {
        try injector?.check(point)
    }
}

extension SQLiteOutbox {
    /// How to open a ``SQLiteOutbox``.
    public struct Options: Sendable {
        /// When a commit is on disk: SQLite's `synchronous` pragma, named by its raw value.
        public enum Synchronous: String, Sendable, Hashable, CaseIterable {
            /// WAL's usual setting: an app crash loses nothing committed; a power loss may lose the
            /// last commits, whole. No `fsync` per commit.
            case normal
            /// An `fsync` per commit: a power loss loses nothing committed either.
            case full
        }

        /// When a commit is on disk (default ``Synchronous/normal``).
        public var synchronous: Synchronous
        /// How long a write waits for another connection's lock before it fails, in seconds.
        public var busyTimeout: TimeInterval
        /// Whether the store obeys GRDB's suspend and resume notifications (see ``SQLiteOutbox``).
        public var observesSuspensionNotifications: Bool
        /// The install ID of a store being created; nil draws a random one. Ignored for an
        /// existing store, which keeps its own.
        public var newInstallID: UUID?
        /// Consulted at every fault point (crash-injection tests); nil in apps.
        public var faultInjector: (any OutboxFaultInjector)?

        /// Creates options (defaults: NORMAL, 5 s busy timeout, no suspension notifications).
        public init(
            synchronous: Synchronous = .normal, busyTimeout: TimeInterval = 5,
            observesSuspensionNotifications: Bool = false,
            newInstallID: UUID? = nil, faultInjector: (any OutboxFaultInjector)? = nil
        ) {
            self.synchronous = synchronous
            self.busyTimeout = busyTimeout
            self.observesSuspensionNotifications = observesSuspensionNotifications
            self.newInstallID = newInstallID
            self.faultInjector = faultInjector
        }

        /// GRDB's configuration for these options (the journal mode is the opener's: WAL for a file).
        var configuration: Configuration {
            var configuration = Configuration()
            configuration.busyMode = .timeout(busyTimeout)
            configuration.foreignKeysEnabled = true
            configuration.observesSuspensionNotifications = observesSuspensionNotifications
            configuration.label = "WakefulStore.SQLiteOutbox"
            return configuration
        }
    }
}
