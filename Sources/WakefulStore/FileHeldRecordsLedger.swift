import Foundation
import Wakeful

/// A `HeldRecordsLedger` in a small JSON file of protection class `none`, so that it can be
/// written while the phone is locked and read before the first unlock (DATA-1): the count of
/// records the agent holds in memory while the outbox cannot be written.
///
/// ```swift
/// let ledger = FileHeldRecordsLedger(path: support.appendingPathComponent("held.json").path)
/// ```
///
/// The class is given in the write that creates the file (``writingOptions``), not set afterwards:
/// before the first unlock a file of the container's default class cannot be created, so a write
/// that created one and then changed its class failed exactly when the ledger is needed.
///
/// A write that fails (no space) leaves the previous count; the ledger is a best effort for the
/// case where the process dies holding records, never in the way of the records themselves.
public final class FileHeldRecordsLedger: HeldRecordsLedger, @unchecked Sendable {
    /// How the file is written: atomically, created with ``LaunchStoragePlan/heldRecordsProtection``.
    public static let writingOptions = Data.WritingOptions(
        atomicallyCreatingWith: LaunchStoragePlan.heldRecordsProtection)

    /// The file.
    public let path: String
    private let lock = NSLock()

    /// Creates a ledger at `path`; its folder must exist.
    public init(path: String) {
        self.path = path
    }

    public func read() -> HeldRecords? {
        lock.withLock {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return try? JSONDecoder().decode(HeldRecords.self, from: data)
        }
    }

    public func write(_ held: HeldRecords?) {
        lock.withLock {
            guard let held else {
                try? FileManager.default.removeItem(atPath: path)
                return
            }
            guard let data = try? JSONEncoder().encode(held) else { return }
            try? data.write(to: URL(fileURLWithPath: path), options: Self.writingOptions)
        }
    }
}
