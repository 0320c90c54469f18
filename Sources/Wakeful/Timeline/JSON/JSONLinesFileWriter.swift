import Foundation

/// A sink that streams a timeline to a JSON Lines file.
///
/// Lines collect in a 64 KiB buffer and reach the file in one write when it fills, so a long run
/// costs few system calls. ``TimelineSink/append(_:)`` cannot throw: the first write error is kept
/// and thrown by ``flush()`` or ``close()``, and later lines are dropped. Call ``close()`` when the
/// run ends; `deinit` flushes too, but can only swallow errors.
///
/// ```swift
/// let writer = try JSONLinesFileWriter(path: "run.jsonl")
/// var timeline = writer
/// _ = runtime.handle(.didEnterBackground, in: context, timeline: &timeline)
/// try writer.close()
/// ```
public final class JSONLinesFileWriter: TimelineSink {
    /// How many bytes are buffered before a write.
    public static let bufferCapacity = 64 * 1024

    /// The file's path as given.
    public let path: String
    private var handle: FileHandle?
    private var pending: [UInt8] = []
    private var firstError: TimelineFileError?

    /// Creates the file, or truncates it if it exists, and opens it for writing.
    ///
    /// - Parameter path: Where to write.
    /// - Throws: ``TimelineFileError`` with code `create`, naming the path and, when its folder is
    ///   missing, the folder.
    public init(path: String) throws(TimelineFileError) {
        self.path = path
        let fileManager = FileManager.default
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        if !folder.isEmpty, !fileManager.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder.boolValue {
            throw TimelineFileError(code: .create, path: path, reason: "the folder \"\(folder)\" does not exist")
        }
        if !fileManager.fileExists(atPath: path), !fileManager.createFile(atPath: path, contents: nil) {
            throw TimelineFileError(
                code: .create, path: path, reason: "check that the folder \"\(folder)\" is writable")
        }
        do {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: 0)
            self.handle = handle
        } catch {
            throw TimelineFileError(code: .create, path: path, reason: "\(error.localizedDescription)")
        }
        pending.reserveCapacity(Self.bufferCapacity + 4096)
    }

    deinit {
        writePending()
        try? handle?.close()
    }

    /// Always true: every entry is written.
    public var isRecording: Bool { true }

    /// Appends the entry as one line; it reaches the file when the buffer fills, or at ``flush()``
    /// or ``close()``. Appending after ``close()`` is a programming error: debug builds stop, and
    /// release builds drop the entry.
    public func append(_ entry: TimelineEntry) {
        guard handle != nil else {
            assertionFailure("JSONLinesFileWriter.append after close() for \(path)")
            return
        }
        TimelineJSONEncoder().encode(entry, into: &pending)
        if pending.count >= Self.bufferCapacity { writePending() }
    }

    /// Writes buffered lines to the file.
    ///
    /// - Throws: The first ``TimelineFileError`` since the file was opened, if any.
    public func flush() throws(TimelineFileError) {
        writePending()
        if let firstError { throw firstError }
    }

    /// Writes buffered lines and closes the file; calling it again does nothing.
    ///
    /// - Throws: The first ``TimelineFileError`` since the file was opened, if any.
    public func close() throws(TimelineFileError) {
        guard let handle else { return }
        writePending()
        self.handle = nil
        do {
            try handle.close()
        } catch {
            if firstError == nil {
                firstError = TimelineFileError(code: .close, path: path, reason: error.localizedDescription)
            }
        }
        if let firstError { throw firstError }
    }

    private func writePending() {
        guard let handle, !pending.isEmpty else { return }
        if firstError == nil {
            do {
                try handle.write(contentsOf: pending)
            } catch {
                firstError = TimelineFileError(code: .write, path: path, reason: error.localizedDescription)
            }
        }
        pending.removeAll(keepingCapacity: true)
    }
}
