import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("TimelineExport: the last hours of a phone's timeline files, and reading an upload", .watchdog, .cpuBound)
struct TimelineExportTests {
    /// A process file as a phone writes it: its header, its launch, then events every `step` seconds.
    static func process(startingAt start: TimeInterval, events: Int, step: TimeInterval = 600) -> [UInt8] {
        var lines = JSONLinesBuffer()
        lines.append(TimelineHeader(source: "device", ios: "17.5").entry(at: start))
        lines.append(TimelineEntry(time: start, body: .event(.didFinishLaunching(.scheduledTask))))
        for index in 1...events {
            lines.append(TimelineEntry(time: start + Double(index) * step, body: .event(.memoryWarning)))
        }
        return lines.bytes
    }

    static let day: TimeInterval = 1_795_200_000

    @Test(
        "the export starts at the header of the process running when the window starts, and ends with the newest line")
    func fromTheProcessRunningAtTheCut() throws {
        let first = Self.process(startingAt: Self.day, events: 3)  // to day + 1800
        let second = Self.process(startingAt: Self.day + 7200, events: 6)  // to day + 10800
        let export = TimelineExport.lastHours(1, before: Self.day + 10_800, of: [first, second])
        #expect(export.bytes == second)
        #expect(export.headers == 1)
        #expect(export.from == Self.day + 7200)
        #expect(export.to == Self.day + 10_800)
        #expect(export.entryCount == 8)
        #expect(export.header?.ios == "17.5")
        // A window reaching into the first process takes it from its header.
        let both = TimelineExport.lastHours(3, before: Self.day + 10_800, of: [first, second])
        #expect(both.bytes == first + second)
        #expect(both.headers == 2)
        // Nothing in the window: an empty export.
        let none = TimelineExport.lastHours(1, before: Self.day + 20_000, of: [first, second])
        #expect(none.entryCount == 0 && none.bytes.isEmpty && none.header == nil)
    }

    @Test("a line cut short by a killed process is left out and counted, so the export still reads")
    func brokenLinesAreLeftOut() throws {
        var first = Self.process(startingAt: Self.day, events: 2)
        first += Array(#"{"t":1795201300,"kind":"ev"#.utf8) + [UInt8(ascii: "\n")]
        let export = TimelineExport.lastHours(24, before: Self.day + 2000, of: [first])
        #expect(export.skippedLines == 1)
        #expect(export.entryCount == 4)
        #expect(try TimelineExport.read(export.bytes, file: "x").entryCount == 4)
    }

    @Test("reading an upload keeps its bytes and names the first bad line and key")
    func readStrictly() throws {
        let bytes = Self.process(startingAt: 0, events: 1)
        let read = try TimelineExport.read(bytes, file: "export")
        #expect(read.bytes == bytes)
        #expect(read.entryCount == 3)
        #expect(read.headers == 1)
        #expect(read.from == 0 && read.to == 600)
        let bad = bytes + Array(#"{"t":"soon","kind":"event","event":"memoryWarning"}"#.utf8)
        #expect(throws: TimelineDecodingError.self) { try TimelineExport.read(bad, file: "export") }
        do {
            _ = try TimelineExport.read(bad, file: "export")
        } catch {
            #expect(error.line == 4)
            #expect(error.key == "t")
        }
        #expect(throws: TimelineDecodingError.self) { try TimelineExport.read(Array("\n \n".utf8), file: "export") }
    }
}
