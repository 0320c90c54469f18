import Foundation
import GRDB
import HTTPTypes
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Failures that mean the storage could not open a file or a connection for want of resources —
/// the process or the system out of file descriptors (`EMFILE`, `ENFILE`), which SQLite reports as
/// "unable to open database file" (`SQLITE_CANTOPEN`) — rather than a fault of the server's: they
/// pass once connections close, so they are answered 503 with `Retry-After`, never 500.
enum StorageExhaustion {
    /// Whether `error` is such a failure.
    static func isExhaustion(_ error: any Error) -> Bool {
        switch error {
        case let error as DatabaseError:
            // SQLite's open failing, whatever open(2) said; the message for any other code.
            return error.resultCode == .SQLITE_CANTOPEN
                || (error.message ?? "").contains("unable to open database file")
        case let error as IOError: return isDescriptorShortage(error.errnoCode)
        case let error as POSIXError: return isDescriptorShortage(error.code.rawValue)
        default: return false
        }
    }

    private static func isDescriptorShortage(_ code: Int32) -> Bool { code == EMFILE || code == ENFILE }

    /// The answer: 503 `storage_unavailable` with `Retry-After`.
    static func answer(retryAfterSeconds: Int) -> APIError {
        var error = APIError(
            .serviceUnavailable, "storage_unavailable",
            "the storage cannot open a file just now (too many open files); retry after \(retryAfterSeconds) s")
        error.headers[.retryAfter] = String(retryAfterSeconds)
        return error
    }
}
