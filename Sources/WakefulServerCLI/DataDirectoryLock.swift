import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive lock on a data directory (`flock` on its `.lock` file), held while the server
/// runs, so a second server never opens the same SQLite database beside the first. The kernel
/// drops the lock when the process ends, however it ends.
final class DataDirectoryLock: Sendable {
    /// The lock file's name inside the data directory.
    static let fileName = ".lock"
    private let descriptor: Int32

    /// Takes the lock on `directory`, which must exist.
    ///
    /// - Throws: ``ServeFailure`` naming the directory and, when it can, the pid of the server
    ///   holding it.
    init(directory: URL) throws {
        let path = directory.appendingPathComponent(Self.fileName).path
        let descriptor = open(path, O_RDWR | O_CREAT, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            throw ServeFailure(
                "--data-dir \(directory.path): cannot create the lock file \(path): \(String(cString: strerror(code))) (errno \(code)); check the directory's permissions"
            )
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            let holder = Self.pid(in: descriptor)
            close(descriptor)
            guard code == EWOULDBLOCK else {
                throw ServeFailure(
                    "--data-dir \(directory.path): cannot lock \(path): \(String(cString: strerror(code))) (errno \(code))"
                )
            }
            throw ServeFailure(
                "--data-dir \(directory.path): another wakeful-server server\(holder.map { " (pid \($0))" } ?? "") is using this data directory; stop it, or give this one another --data-dir (several servers share data only through --database postgres://…)"
            )
        }
        // Record our pid for the message a second server prints.
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pwrite(descriptor, text, text.count, 0)
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The pid written in the lock file, if any.
    private static func pid(in descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
