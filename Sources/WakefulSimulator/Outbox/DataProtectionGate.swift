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

/// The app's outbox file with its protection class: every call fails with
/// `ProtectedDataUnavailable` while the phone withholds the class (DATA-4, DATA-7), as SQLite's
/// `SQLITE_AUTH` and `SQLITE_CANTOPEN` do on a device.
final class ProtectedOutbox: Outbox {
    private let base: any Outbox
    private let gate: DataProtectionGate
    let protection: DataProtectionClass
    /// Whether this process opened the file while it was readable (DATA-3).
    private let openedUnlocked: Bool

    init(_ base: any Outbox, gate: DataProtectionGate, protection: DataProtectionClass) {
        self.base = base
        self.gate = gate
        self.protection = protection
        self.openedUnlocked = gate.allows(protection, openedUnlocked: false)
    }

    private func check(_ operation: String) throws {
        guard !gate.allows(protection, openedUnlocked: openedUnlocked) else { return }
        throw ProtectedDataUnavailable(
            operation: operation, protection: protection,
            detail: gate.beforeFirstUnlock ? "before the first unlock" : "the phone is locked")
    }

    var installID: UUID { base.installID }

    func commit(_ write: OutboxWrite) throws -> [OutboxRecord] {
        try check("write")
        return try base.commit(write)
    }

    func claimBatch(limits: BatchLimits, now: TimeInterval) throws -> OutboxBatch? {
        try check("read")
        return try base.claimBatch(limits: limits, now: now)
    }

    func acknowledge(batchID: UUID, answer: IngestAnswer, now: TimeInterval) throws -> AcknowledgeSummary {
        try check("write")
        return try base.acknowledge(batchID: batchID, answer: answer, now: now)
    }

    func releaseBatch(_ batchID: UUID) throws {
        try check("write")
        try base.releaseBatch(batchID)
    }

    func enforceRetention(_ policy: RetentionPolicy, now: TimeInterval) throws -> LossReport? {
        try check("write")
        return try base.enforceRetention(policy, now: now)
    }

    func jobStates() throws -> [JobState] {
        try check("read")
        return try base.jobStates()
    }

    func quarantine() throws -> [QuarantinedRecord] {
        try check("read")
        return try base.quarantine()
    }

    func statistics() throws -> OutboxStatistics {
        try check("read")
        return try base.statistics()
    }

    func pendingSequenceNumbers() throws -> [Int64] {
        try check("read")
        return try base.pendingSequenceNumbers()
    }
}
