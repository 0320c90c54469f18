import Testing
import WakefulDoctor
import WakefulTestSupport

/// The near-misses: fixtures written to look like problems to a careless check, which must pass.
@Suite("Checks: clean fixtures pass --strict", .watchdog, .cpuBound)
struct CleanFixtureTests {
    @Test("every API named only in comments and strings: no finding at all, and --strict passes")
    func commentsAndStrings() throws {
        // The sources are the scanner's own fixture for the same case, read as doctor reads an app.
        let sources = ["../../apps/comments-and-strings/Docs"]
        let run = try CheckRun.run("comments-and-strings", sources: sources)
        #expect(run.findings.isEmpty, "\(run.findings.map(\.message))")
        let strict = try CheckRun.run("comments-and-strings", sources: sources, strict: true)
        #expect(strict.status == 0, "\(strict.problems.map(\.message))")
    }

    @Test(
        "--strict passes on each clean fixture",
        arguments: [
            ("fetch-refresh", nil), ("bluetooth-peripheral-used", nil), ("location-background", nil), ("podcast", nil),
            ("callkit-voip", nil), ("generated-purpose-strings", "App.xcodeproj"),
            ("unexpanded-mode", "App.xcodeproj"),
        ] as [(String, String?)])
    func strict(fixture: String, project: String?) throws {
        let run = try CheckRun.run(fixture, project: project, strict: true)
        #expect(run.status == 0, "\(run.problems.map(\.message))")
    }
}
