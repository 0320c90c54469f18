import Foundation

/// The Data Protection class of a file (`FileProtectionType`): when iOS lets the app read and
/// write it (DATA-1 to DATA-3).
///
/// | class | unreadable |
/// |---|---|
/// | ``none`` | never |
/// | ``completeUntilFirstUserAuthentication`` | from a restart until the first unlock (the default, DATA-1) |
/// | ``completeUnlessOpen`` | while locked, unless opened before the lock; new files can be created (DATA-3) |
/// | ``complete`` | from about 10 s after the lock until the next unlock, and before the first (DATA-2) |
///
/// Protection is active only when the user has set a passcode.
public enum DataProtectionClass: String, Sendable, Hashable, Codable, CaseIterable {
    /// `FileProtectionType.none`: always readable, also before the first unlock.
    case none
    /// `FileProtectionType.completeUntilFirstUserAuthentication`, the default of an app's container
    /// since iOS 7: unreadable only between a restart and the first unlock.
    case completeUntilFirstUserAuthentication
    /// `FileProtectionType.completeUnlessOpen`: a file open when the phone locks stays usable; a
    /// closed one cannot be reopened until the next unlock.
    case completeUnlessOpen
    /// `FileProtectionType.complete`: unreadable and unwritable while the phone is locked.
    case complete
}

/// The outbox's storage cannot be opened, read or written because iOS withholds protected data: the
/// phone is locked (a ``DataProtectionClass/complete`` file) or has not been unlocked since it
/// restarted (DATA-4, DATA-7: SQLite reports `SQLITE_AUTH` or `SQLITE_CANTOPEN`).
///
/// The ``Agent`` treats it as a wait, not a failure: it holds the records it could not commit and
/// commits them once protected data is available again.
public struct ProtectedDataUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was attempted: `open`, `read`, `write`.
    public var operation: String
    /// The file's protection class.
    public var protection: DataProtectionClass
    /// What the storage reported, e.g. `SQLite error 23: authorization denied`.
    public var detail: String

    /// Creates the error.
    public init(operation: String, protection: DataProtectionClass, detail: String) {
        self.operation = operation
        self.protection = protection
        self.detail = detail
    }

    public var description: String {
        "protected data unavailable: cannot \(operation) a \(protection.rawValue) file (\(detail)); "
            + "the records are held until the phone is unlocked (DATA-4)"
    }
}
