import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("JSON Lines file writer", .watchdog, .cpuBound)
struct JSONLinesFileWriterTests {
    /// Runs `body` with a fresh temporary folder and removes it afterwards, whatever happens.
    private func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("WakefulTimelineTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// Enough entries to fill the 64 KiB buffer several times.
    private var manyEntries: [TimelineEntry] {
        let samples = TimelineSamples.allEntries
        return (0..<12).flatMap { _ in samples }
    }

    @Test("the file holds exactly the buffer's bytes")
    func contentsMatchBuffer() throws {
        try withTemporaryDirectory { folder in
            let path = folder.appendingPathComponent("run.jsonl").path
            let writer = try JSONLinesFileWriter(path: path)
            var buffer = JSONLinesBuffer()
            #expect(writer.isRecording)
            for entry in manyEntries {
                writer.append(entry)
                buffer.append(entry)
            }
            #expect(buffer.bytes.count > 2 * JSONLinesFileWriter.bufferCapacity)
            try writer.close()
            try writer.close()
            let written = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(Array(written) == buffer.bytes)
            #expect(try TimelineDecoder.decode(contentsOf: written, file: path) == manyEntries)
        }
    }

    @Test("flush writes what is buffered before the buffer fills")
    func flush() throws {
        try withTemporaryDirectory { folder in
            let path = folder.appendingPathComponent("run.jsonl").path
            let writer = try JSONLinesFileWriter(path: path)
            writer.append(TimelineEntry(time: 1, body: .event(.memoryWarning)))
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
            try writer.flush()
            #expect(
                String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
                    == #"{"t":1,"kind":"event","event":"memoryWarning"}"# + "\n")
            try writer.close()
        }
    }

    @Test("an existing file is truncated")
    func truncates() throws {
        try withTemporaryDirectory { folder in
            let url = folder.appendingPathComponent("run.jsonl")
            try Data(repeating: UInt8(ascii: "x"), count: 10_000).write(to: url)
            let writer = try JSONLinesFileWriter(path: url.path)
            writer.append(TimelineEntry(time: 0, body: .event(.didBecomeActive)))
            try writer.close()
            #expect(
                String(decoding: try Data(contentsOf: url), as: UTF8.self)
                    == #"{"t":0,"kind":"event","event":"didBecomeActive"}"# + "\n")
        }
    }

    @Test("a writer released without close still flushes")
    func deinitFlushes() throws {
        try withTemporaryDirectory { folder in
            let path = folder.appendingPathComponent("run.jsonl").path
            do {
                let writer = try JSONLinesFileWriter(path: path)
                writer.append(TimelineEntry(time: 0, body: .event(.willTerminate)))
            }
            #expect(
                String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
                    == #"{"t":0,"kind":"event","event":"willTerminate"}"# + "\n")
        }
    }

    @Test("a path in a missing folder throws an error naming the path")
    func missingFolder() throws {
        try withTemporaryDirectory { folder in
            let missing = folder.appendingPathComponent("missing").path
            let path = missing + "/run.jsonl"
            let error = try #require(throws: TimelineFileError.self) {
                try JSONLinesFileWriter(path: path)
            }
            #expect(error.code == .create)
            #expect(error.path == path)
            #expect(
                error.description == #"cannot create timeline file "\#(path)": the folder "\#(missing)" does not exist"#
            )
            #expect(!FileManager.default.fileExists(atPath: missing))
        }
    }
}
