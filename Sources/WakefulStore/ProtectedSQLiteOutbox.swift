import Foundation
import GRDB
import Wakeful

/// A ``SQLiteOutbox`` that survives Data Protection: it opens the database on first use rather
/// than at launch, gives its files a protection class, and while iOS withholds protected data
/// (a locked phone with a `complete` file, or the time from a restart to the first unlock, DATA-4)
/// answers every call with `ProtectedDataUnavailable` and closes the connection, so that the next
/// call after the unlock opens it afresh (DATA-7: SQLite keeps failing on a connection opened
/// before).
///
/// The ``Agent`` holds its records on that error and commits them once a call succeeds.
///
/// ```swift
/// let outbox = ProtectedSQLiteOutbox(
///     path: support.appendingPathComponent("outbox.sqlite").path, protection: .completeUntilFirstUserAuthentication,
///     isProtectedDataAvailable: { environment.protectedDataAvailable })
/// ```
///
/// Choosing the class: `completeUntilFirstUserAuthentication` (the default) is readable on a
/// locked phone once it has been unlocked after the restart, which is when nearly all background
/// launches happen; `complete` keeps the data unreadable whenever the phone is locked, so records
/// produced in the background are held in memory until the unlock and lost if iOS ends the process
/// first (a loss record then says how many); `none` is always writable and never encrypted at rest.
public final class ProtectedSQLiteOutbox: Outbox, @unchecked Sendable {
    /// The database file.
    public let path: String
    /// The protection class the files get when created.
    public let protection: DataProtectionClass
    private let options: SQLiteOutbox.Options
    private let isProtectedDataAvailable: @Sendable () -> Bool
    private let lock = NSLock()
    private var store: SQLiteOutbox?
    private var knownInstallID: UUID?

    /// Creates the outbox; nothing is opened until the first call.
    ///
    /// - Parameters:
    ///   - path: The database file; its folder must exist.
    ///   - protection: The class for the database and its `-wal` and `-shm` files (applied on
    ///     Apple platforms, where Data Protection exists).
    ///   - options: As for ``SQLiteOutbox``.
    ///   - isProtectedDataAvailable: `UIApplication.isProtectedDataAvailable`, as the adapter last
    ///     learned it; when it says no, a failure to open or use the file is reported as
    ///     `ProtectedDataUnavailable` rather than as a broken store.
    public init(
        path: String, protection: DataProtectionClass = .completeUntilFirstUserAuthentication,
        options: SQLiteOutbox.Options = SQLiteOutbox.Options(),
        isProtectedDataAvailable: @escaping @Sendable () -> Bool
    ) {
        self.path = path
        self.protection = protection
        self.options = options
        self.isProtectedDataAvailable = isProtectedDataAvailable
    }

    /// The install's identity, known once the store has been opened; before that (the phone locked
    /// since launch) the nil UUID. The uploader reads it only after claiming a batch, which opens
    /// the store.
    public var installID: UUID {
        if let known = lock.withLock({ knownInstallID }) { return known }
        return (try? use { $0.installID }) ?? UUID(uuid: uuid_t(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    }

    /// Whether a connection is open.
    public var isOpen: Bool { lock.withLock { store != nil } }

    public func commit(_ write: OutboxWrite) throws -> [OutboxRecord] { try use { try $0.commit(write) } }

    public func claimBatch(limits: BatchLimits, now: TimeInterval) throws -> OutboxBatch? {
        try use { try $0.claimBatch(limits: limits, now: now) }
    }

    public func acknowledge(batchID: UUID, answer: IngestAnswer, now: TimeInterval) throws -> AcknowledgeSummary {
        try use { try $0.acknowledge(batchID: batchID, answer: answer, now: now) }
    }

    public func releaseBatch(_ batchID: UUID) throws { try use { try $0.releaseBatch(batchID) } }

    public func enforceRetention(_ policy: RetentionPolicy, now: TimeInterval) throws -> LossReport? {
        try use { try $0.enforceRetention(policy, now: now) }
    }

    public func jobStates() throws -> [JobState] { try use { try $0.jobStates() } }

    public func strategyStates() throws -> [StrategyState] { try use { try $0.strategyStates() } }

    public func quarantine() throws -> [QuarantinedRecord] { try use { try $0.quarantine() } }

    public func statistics() throws -> OutboxStatistics { try use { try $0.statistics() } }

    public func pendingSequenceNumbers() throws -> [Int64] { try use { try $0.pendingSequenceNumbers() } }

    /// Runs `body` on the open store, opening it first; a failure while protected data is withheld
    /// closes the connection and becomes `ProtectedDataUnavailable`.
    private func use<T>(_ body: (SQLiteOutbox) throws -> T) throws -> T {
        try lock.withLock {
            let wasOpen = store != nil
            do {
                let store = try self.store ?? open()
                return try body(store)
            } catch {
                guard Self.isProtectionFailure(error), !isProtectedDataAvailable() else { throw error }
                store = nil
                throw ProtectedDataUnavailable(
                    operation: wasOpen ? "use" : "open", protection: protection, detail: "\(error)")
            }
        }
    }

    private func open() throws -> SQLiteOutbox {
        let opened = try SQLiteOutbox(path: path, options: options)
        Self.protect([path, path + "-wal", path + "-shm"], as: protection)
        store = opened
        knownInstallID = opened.installID
        return opened
    }

    /// SQLite's answers when the file's key is gone (DATA-7): `SQLITE_AUTH`, `SQLITE_CANTOPEN`,
    /// `SQLITE_PERM`, `SQLITE_IOERR` (WAL reads: "Operation not permitted"), and the store's own
    /// "cannot open".
    static func isProtectionFailure(_ error: any Error) -> Bool {
        if let error = error as? DatabaseError {
            return [.SQLITE_AUTH, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_IOERR].contains(error.resultCode)
        }
        if let error = error as? OutboxStoreError { return error.code == .cannotOpen }
        return false
    }

    /// Gives the files their class, where Data Protection exists (DATA-1).
    static func protect(_ paths: [String], as protection: DataProtectionClass) {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
            let type: FileProtectionType =
                switch protection {
                case .none: .none
                case .complete: .complete
                case .completeUnlessOpen: .completeUnlessOpen
                case .completeUntilFirstUserAuthentication: .completeUntilFirstUserAuthentication
                }
            for path in paths where FileManager.default.fileExists(atPath: path) {
                // https://developer.apple.com/documentation/foundation/fileattributekey/protectionkey
                try? FileManager.default.setAttributes([.protectionKey: type], ofItemAtPath: path)
            }
        #endif
    }
}
