import Foundation

/// The last hours of a device's timeline as one JSON Lines file, for the share sheet, an upload to
/// the companion server (`PUT /v1/devices/me/timeline-exports/{id}`) and `wakeful replay FILE`.
///
/// A phone keeps one timeline file per process, each opening with the process's `run` header
/// (`WakefulApp.timelineFiles`). The export of the last `hours` starts at the header of the process
/// that was running `hours` ago, so a replay starts where the phone did, with its launch: it holds
/// every line from that header on, and a little more than the hours asked for when that process
/// started earlier. Without a header before the window it starts at the oldest line. The lines are
/// kept byte for byte; a line that cannot be read (the end of a file the process was killed while
/// writing) is left out and counted, so the export always replays.
///
/// ```swift
/// let files = try wakeful.timelineFiles.map { [UInt8](try Data(contentsOf: $0)) }
/// let export = TimelineExport.lastHours(6, before: Date().timeIntervalSince1970, of: files)
/// try Data(export.bytes).write(to: url)
/// ```
public struct TimelineExport: Sendable, Hashable {
    /// The JSON Lines: each line followed by `\n`.
    public var bytes: [UInt8]
    /// How many entries it holds.
    public var entryCount: Int
    /// The first entry's time, nil when empty.
    public var from: TimeInterval?
    /// The last entry's time, nil when empty.
    public var to: TimeInterval?
    /// How many `run` headers it holds: the processes it spans, when each wrote one.
    public var headers: Int
    /// The first header, which `wakeful replay` reads.
    public var header: TimelineHeader?
    /// Lines of the files that could not be read and were left out.
    public var skippedLines: Int

    /// An export of the given lines, counted.
    private init(lines: [(bytes: ArraySlice<UInt8>, entry: TimelineEntry)], skippedLines: Int) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.bytes.count + 1 })
        var headers = 0
        var header: TimelineHeader?
        for line in lines {
            bytes += line.bytes
            bytes.append(UInt8(ascii: "\n"))
            if case .run(let fields) = line.entry.body {
                headers += 1
                if header == nil { header = TimelineHeader(fields: fields) }
            }
        }
        self.bytes = bytes
        self.entryCount = lines.count
        self.from = lines.first?.entry.time
        self.to = lines.last?.entry.time
        self.headers = headers
        self.header = header
        self.skippedLines = skippedLines
    }

    /// The last `hours` before `now` of `files` (each a timeline file's bytes, oldest first, the
    /// clock of their `t`), from the header of the process running at the window's start.
    public static func lastHours(_ hours: Double, before now: TimeInterval, of files: [[UInt8]]) -> TimelineExport {
        var lines: [(bytes: ArraySlice<UInt8>, entry: TimelineEntry)] = []
        var skipped = 0
        for file in files {
            for line in file.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
                guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
                do {
                    lines.append((line, try TimelineDecoder.decode(line: line, file: "", lineNumber: 0)))
                } catch {
                    skipped += 1
                }
            }
        }
        let cut = now - max(0, hours) * 3600
        guard let first = lines.firstIndex(where: { $0.entry.time >= cut }) else {
            return TimelineExport(lines: [], skippedLines: skipped)
        }
        let start = lines[...first].lastIndex { if case .run = $0.entry.body { true } else { false } } ?? 0
        return TimelineExport(lines: Array(lines[start...]), skippedLines: skipped)
    }

    /// Reads an export as received, strictly: every non-blank line must be a timeline line.
    ///
    /// - Parameter file: The name errors give, e.g. `export 4F1C…`.
    /// - Throws: ``TimelineDecodingError`` naming the line and the key; also for a file without any
    ///   line.
    public static func read(_ bytes: [UInt8], file: String) throws(TimelineDecodingError) -> TimelineExport {
        var lines: [(bytes: ArraySlice<UInt8>, entry: TimelineEntry)] = []
        var number = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            lines.append((line, try TimelineDecoder.decode(line: line, file: file, lineNumber: number)))
        }
        guard !lines.isEmpty else {
            throw TimelineDecodingError(
                file: file, line: 1, message: "expected timeline lines (JSON Lines, one entry a line), found none")
        }
        // Kept as received: what the server stores and hands back is the file the phone sent.
        var export = TimelineExport(lines: lines, skippedLines: 0)
        export.bytes = bytes
        return export
    }
}
