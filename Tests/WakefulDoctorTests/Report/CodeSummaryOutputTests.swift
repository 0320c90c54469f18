import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

/// What the report says was read and found: the project, the sources and the calls, in text and JSON.
@Suite("Report: what doctor read and found in the code", .watchdog, .cpuBound)
struct CodeSummaryOutputTests {
    /// Five standard updates and a registration, in one file.
    private static let code = SourceScanner.scan(
        text: """
            import BackgroundTasks
            import CoreLocation
            func start(_ m: CLLocationManager) {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.refresh", using: nil) { _ in }
                m.startUpdatingLocation()
                m.startUpdatingLocation()
                m.startUpdatingLocation()
                m.startUpdatingLocation()
                m.startUpdatingLocation()
            }
            """, file: "App/Tracker.swift", language: .swift)

    private func report(code: SourceEvidence?) throws -> DoctorReport {
        PlistDoctor.examine(try Fixture.plist("every-mode.plist"), requirements: nil, code: code)
    }

    @Test("the text header names the sources; calls are grouped by kind, three places each unless --explain")
    func text() throws {
        let text = try report(code: Self.code).text(strict: false)
        #expect(text.contains("\n  Sources: 1 file\n"))
        #expect(
            text.contains(
                "\nFound in the code:\n  BGTaskScheduler.register(forTaskWithIdentifier:): App/Tracker.swift:4 (com.example.refresh)\n"
            ))
        #expect(
            text.contains(
                "\n  startUpdatingLocation(): App/Tracker.swift:5, App/Tracker.swift:6, App/Tracker.swift:7 and 2 more\n"
            ))
        let explained = try report(code: Self.code).text(strict: false, explain: true)
        #expect(explained.contains("App/Tracker.swift:8, App/Tracker.swift:9\n"))
        #expect(!explained.contains("and 2 more"))
    }

    @Test("without sources the header says none were read; with sources and no calls, so does the section")
    func none() throws {
        let without = try report(code: nil).text(strict: false)
        #expect(without.contains("\n  Sources: none read (pass --sources DIR"))
        #expect(!without.contains("Found in the code"))
        let empty = try report(code: SourceEvidence(files: ["App/Empty.swift"], folders: ["App"])).text(strict: false)
        #expect(empty.contains("\n  Sources: 1 file under App\n"))
        #expect(empty.contains("\nFound in the code: no background API\n"))
    }

    @Test("JSON has project and code, null when absent")
    func json() throws {
        let with = try #require(
            try JSONSerialization.jsonObject(with: Data(report(code: Self.code).json(strict: false).utf8))
                as? [String: Any])
        let code = try #require(with["code"] as? [String: Any])
        #expect(code["files"] as? [String] == ["App/Tracker.swift"])
        let uses = try #require(code["uses"] as? [[String: Any]])
        #expect(uses.count == 6)
        #expect(uses.first?["api"] as? String == "task-register")
        #expect(uses.first?["identifier"] as? String == "com.example.refresh")
        #expect(uses.first?["line"] as? Int == 4)
        #expect(with["project"] is NSNull)
        let without = try #require(
            try JSONSerialization.jsonObject(with: Data(report(code: nil).json(strict: false).utf8)) as? [String: Any])
        #expect(without["code"] is NSNull)
    }
}
