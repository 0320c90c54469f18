import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

/// `Examples/DoctorSample`, the run the README and the WakefulDoctor article show: its findings,
/// and the documents' copy of the output, which must be exactly what doctor prints.
@Suite("Examples/DoctorSample: the run the docs show", .watchdog, .cpuBound)
struct DoctorSampleTests {
    /// The package's root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    /// The command the documents show, run from the package's root.
    static let command = "swift run wakeful doctor --project Examples/DoctorSample/Podcasts.xcodeproj"

    /// Runs doctor on the sample as the documents do, paths shown relative to the package's root.
    static func output(_ format: DoctorRequest.Format) -> DoctorOutcome {
        var outcome = DoctorRequest(project: root + "/Examples/DoctorSample/Podcasts.xcodeproj", format: format).run()
        outcome.output = outcome.output.replacingOccurrences(of: root + "/", with: "")
        return outcome
    }

    @Test("an empty purpose string, processing unused, a permitted identifier nobody registers; audio accepted")
    func findings() throws {
        let outcome = Self.output(.json)
        #expect(outcome.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let problems = findings.filter { $0["severity"] as? String != "note" }.map {
            "\($0["check"] ?? ""), \($0["value"] ?? $0["key"] ?? "")"
        }
        #expect(
            problems == [
                "usage-description-empty, NSLocationWhenInUseUsageDescription", "mode-unused-in-source, processing",
                "permitted-not-registered, com.example.podcasts.downloads",
            ])
        let accepted = try #require(object["accepted"] as? [[String: Any]])
        #expect(accepted.map { $0["value"] as? String } == ["audio"])
        #expect(
            (object["code"] as? [String: Any])?["files"] as? [String] == [
                "Examples/DoctorSample/Podcasts/AppDelegate.swift",
                "Examples/DoctorSample/Podcasts/EpisodePlayer.swift",
                "Examples/DoctorSample/Podcasts/FeedRefresh.swift", "Examples/DoctorSample/Podcasts/LocalShows.swift",
                "Examples/DoctorSample/Podcasts/PodcastsApp.swift",
                "Examples/DoctorSample/Podcasts/TaskIdentifiers.swift",
            ])
        #expect(
            object["project"] as? String
                == "Examples/DoctorSample/Podcasts.xcodeproj, target Podcasts, configuration Release")
    }

    @Test(
        "the README and the article show what doctor prints for the sample",
        arguments: ["README.md", "Sources/WakefulDoctor/WakefulDoctor.docc/CheckingYourInfoPlist.md"])
    func documented(document: String) throws {
        let text = try String(contentsOfFile: Self.root + "/" + document, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "$ " + Self.command), "\(document) shows no run of the sample")
        let end = try #require(lines[start...].firstIndex(of: "```"))
        #expect(lines[(start + 1)..<end].joined(separator: "\n") == Self.output(.text).output)
    }

    @Test(
        "the README and the article list every check",
        arguments: ["README.md", "Sources/WakefulDoctor/WakefulDoctor.docc/CheckingYourInfoPlist.md"])
    func everyCheckListed(document: String) throws {
        let text = try String(contentsOfFile: Self.root + "/" + document, encoding: .utf8)
        for check in Finding.Check.allCases {
            #expect(text.contains("| `\(check.rawValue)` |"), "\(document) has no table row for \(check.rawValue)")
        }
    }
}
