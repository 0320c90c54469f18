import Foundation

/// A one-line progress bar on standard error, redrawn in place when it is a terminal.
public final class ProgressBar: @unchecked Sendable {
    private let total: Int
    private let lock = NSLock()
    private let interactive = isatty(STDERR_FILENO) != 0

    public init(total: Int) {
        self.total = total
    }

    public func update(_ done: Int) {
        guard interactive else { return }
        lock.lock()
        defer { lock.unlock() }
        let width = 30
        let filled = total == 0 ? width : width * done / total
        let line =
            "\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
            + "] \(done)/\(total)"
        FileHandle.standardError.write(Data(line.utf8))
    }

    public func finish() {
        guard interactive else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }
}
