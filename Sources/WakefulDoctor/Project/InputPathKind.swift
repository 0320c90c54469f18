import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What a path names, found with `stat` before anything opens it: opening a FIFO for reading
/// blocks until a writer appears, and reading `/dev/zero` never ends.
enum InputPathKind: Sendable, Hashable {
    case missing
    /// A symbolic link whose target does not exist.
    case danglingLink
    case regularFile
    case directory
    case fifo
    case device
    case socket
    /// `stat` failed for another reason (permission to search a parent folder …), with `strerror`.
    case unreadable(String)

    /// Classifies a path, following symbolic links as opening it would.
    init(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                var linkStatus = stat()
                self = lstat(path, &linkStatus) == 0 ? .danglingLink : .missing
            } else {
                self = .unreadable(String(cString: strerror(code)))
            }
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: self = .regularFile
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFCHR, S_IFBLK: self = .device
        case S_IFSOCK: self = .socket
        default: self = .unreadable("an unknown kind of file")
        }
    }

    /// Reads a regular file whole. It is opened non-blocking and checked again with `fstat`, so a
    /// path swapped for a FIFO after the `stat` still cannot hang doctor.
    ///
    /// - Parameter expected: What the message says was expected ("a readable Info.plist file").
    static func read(path: String, file: String, expected: String) throws(DoctorInputError) -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            let reason = code == EACCES || code == EPERM ? "permission denied" : String(cString: strerror(code))
            throw DoctorInputError(file: file, message: "cannot be read (\(reason)); expected \(expected)")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw DoctorInputError(file: file, message: "is not a regular file; expected \(expected)")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw DoctorInputError(
                file: file, message: "cannot be read (\(InfoPlist.reason(error))); expected \(expected)")
        }
    }
}
