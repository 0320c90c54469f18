import Foundation
import Wakeful

/// The simulated phone's Data Protection, as far as the app's files go: whether the user has a
/// passcode, whether the phone has been unlocked since it restarted, and whether the `complete`
/// class key has been discarded after a lock (DATA-1, DATA-2, DATA-4).
///
/// A class, shared by the device (which changes it on lock, unlock and reboot) and the outbox the
/// device hands each process (which consults it on every call).
final class DataProtectionGate {
    /// DATA-2: "Shortly after the user locks a device (10 seconds, if the Require Password setting
    /// is Immediately), the decrypted class key is discarded" (documented).
    static let completeKeyDiscardDelay: TimeInterval = 10

    /// Protection is active only with a passcode (DATA-1).
    let passcode: Bool
    /// From a restart until the first unlock (DATA-1).
    var beforeFirstUnlock = false
    /// From about 10 s after a lock until the next unlock: the `complete` key is gone (DATA-2).
    var lockedDown = false

    init(passcode: Bool) {
        self.passcode = passcode
    }

    /// Whether a file of `protection` can be read and written now; `openedUnlocked` says whether
    /// the process opened it while the `complete` key was there (DATA-3).
    func allows(_ protection: DataProtectionClass, openedUnlocked: Bool) -> Bool {
        guard passcode else { return true }
        switch protection {
        case .none: return true
        case .completeUntilFirstUserAuthentication: return !beforeFirstUnlock
        case .completeUnlessOpen: return !beforeFirstUnlock && (!lockedDown || openedUnlocked)
        case .complete: return !beforeFirstUnlock && !lockedDown
        }
    }

    /// What `UIApplication.isProtectedDataAvailable` reports (DATA-4).
    var isProtectedDataAvailable: Bool { allows(.complete, openedUnlocked: false) }
}

extension GuardedOutbox {
    /// The app's outbox file with its protection class: every call fails with
    /// `ProtectedDataUnavailable` while the phone withholds the class (DATA-4, DATA-7), as SQLite's
    /// `SQLITE_AUTH` and `SQLITE_CANTOPEN` do on a device. A process that opened the file while it
    /// was readable keeps a `completeUnlessOpen` file (DATA-3).
    convenience init(protecting base: any Outbox, gate: DataProtectionGate, protection: DataProtectionClass) {
        let openedUnlocked = gate.allows(protection, openedUnlocked: false)
        self.init(base) { operation in
            guard !gate.allows(protection, openedUnlocked: openedUnlocked) else { return }
            throw ProtectedDataUnavailable(
                operation: operation, protection: protection,
                detail: gate.beforeFirstUnlock ? "before the first unlock" : "the phone is locked")
        }
    }
}
