import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

@Suite("Source scanner: walking folders, reading files, reporting problems", .watchdog, .cpuBound)
struct SourceScannerTests {
    @Test("folders are walked in sorted order; build products and project metadata are skipped; Pods are read")
    func walk() throws {
        let directory = try TemporaryDirectory()
        let call = "manager.startUpdatingLocation()"
        for path in [
            "b/Second.swift", "a/First.m", "a/First.h", "Pods/Lib/Lib.m", "App.xcodeproj/Generated.swift",
            "Work.xcworkspace/X.swift",
            "DerivedData/Y.swift", ".build/Z.swift", ".git/W.swift", "a/.Hidden.swift", "notes.txt", "a/Main.mm",
            "c/plain.c",
        ] {
            try directory.write(
                path, path.hasSuffix(".swift") ? call : "void f(void) { [manager startUpdatingLocation]; }")
        }
        let evidence = SourceScanner.scan(directories: [directory.url])
        let expected = ["Pods/Lib/Lib.m", "a/First.h", "a/First.m", "a/Main.mm", "b/Second.swift", "c/plain.c"]
        #expect(evidence.files == expected)
        #expect(evidence.uses.map(\.file) == expected)
        #expect(evidence.problems.isEmpty)
    }

    @Test("display names each file from its directory and relative path")
    func display() throws {
        let directory = try TemporaryDirectory()
        try directory.write("App/Location.swift", "manager.requestAlwaysAuthorization()")
        let evidence = SourceScanner.scan(directories: [directory.url]) { _, path in "MyApp/\(path)" }
        #expect(
            evidence.uses == [
                SourceUse(api: .alwaysAuthorizationRequest, file: "MyApp/App/Location.swift", line: 1, column: 9)
            ])
    }

    @Test("files given one by one are shown as given; other extensions are ignored")
    func files() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Fetch.swift", "UIApplication.shared.setMinimumBackgroundFetchInterval(3600)")
        try directory.write("Info.plist", "<plist/>")
        let evidence = SourceScanner.scan(files: [
            directory.url.appendingPathComponent("Fetch.swift"), directory.url.appendingPathComponent("Info.plist"),
        ]) {
            $0.lastPathComponent
        }
        #expect(evidence.files == ["Fetch.swift"])
        #expect(evidence.apis == [.legacyFetchInterval])
    }

    @Test("binary, oversized, invalid-UTF-8 and broken files are problems; the other files are still scanned")
    func problems() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Binary.swift", Data([0x66, 0x00, 0x01, 0x02]))
        try directory.write("Big.m", Data(repeating: 0x20, count: SourceScanner.maximumFileSize + 1))
        try directory.write(
            "Latin1.swift", Data("// caf".utf8) + Data([0xE9]) + Data("\nmanager.startMonitoringVisits()".utf8))
        try directory.write("Open.swift", "let s = \"unterminated\nmanager.startUpdatingLocation()\n/* never closed")
        try directory.write("Good.swift", "manager.requestWhenInUseAuthorization()")
        let evidence = SourceScanner.scan(directories: [directory.url])
        #expect(evidence.files == ["Good.swift", "Latin1.swift", "Open.swift"])
        #expect(
            evidence.problems.map { "\($0.file):\($0.line.map(String.init) ?? "-")" } == [
                "Big.m:-", "Binary.swift:-", "Latin1.swift:1", "Open.swift:1", "Open.swift:3",
            ])
        #expect(evidence.problems[0].message.contains("larger than 4 MB"))
        #expect(evidence.problems[1].message.contains("binary"))
        #expect(evidence.problems[2].message.contains("UTF-8"))
        #expect(evidence.apis == [.standardLocationUpdates, .visits, .whenInUseAuthorizationRequest])
    }

    @Test("symbolic-link loops end; a linked folder is read once")
    func symlinkLoop() throws {
        let directory = try TemporaryDirectory()
        try directory.write("App/Visits.swift", "manager.startMonitoringVisits()")
        try FileManager.default.createSymbolicLink(
            at: directory.url.appendingPathComponent("App/Loop"),
            withDestinationURL: directory.url.appendingPathComponent("App"))
        try FileManager.default.createSymbolicLink(
            at: directory.url.appendingPathComponent("Alias"),
            withDestinationURL: directory.url.appendingPathComponent("App"))
        let evidence = SourceScanner.scan(directories: [directory.url])
        #expect(evidence.files == ["Alias/Visits.swift"])
        #expect(evidence.uses.count == 1)
    }

    @Test("a missing directory is a problem, not a failure")
    func missing() {
        let evidence = SourceScanner.scan(directories: [URL(fileURLWithPath: "/nonexistent/source-scan")]) { _, _ in
            "Missing"
        }
        #expect(evidence.problems == [SourceProblem(file: "Missing", line: nil, message: "no such directory")])
    }

    @Test("a large generated file is scanned completely")
    func largeFile() {
        var code = "import Foundation\n"
        for index in 0..<20_000 {
            code +=
                "let value\(index) = \"string \\(index) // not a comment\" /* c */ + compute(\(index), [1, 2]) // trailing\n"
        }
        code += "manager.startUpdatingLocation()\n"
        let evidence = swiftEvidence(code)
        #expect(
            evidence.uses == [SourceUse(api: .standardLocationUpdates, file: "Test.swift", line: 20_002, column: 9)])
        #expect(evidence.problems.isEmpty)
    }
}
