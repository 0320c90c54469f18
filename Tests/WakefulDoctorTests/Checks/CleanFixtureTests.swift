import Testing
import WakefulDoctor

/// The near-misses: fixtures written to look like problems to a careless check, which must pass.
@Suite("Checks: clean fixtures pass --strict")
struct CleanFixtureTests {
    @Test("every API named only in comments and strings: no finding at all")
    func commentsAndStrings() throws {
        let run = try CheckRun.run("comments-and-strings")
        #expect(run.findings.isEmpty, "\(run.findings.map(\.message))")
    }

    @Test(
        "--strict passes on each clean fixture",
        arguments: [
            ("fetch-refresh", nil), ("bluetooth-peripheral-used", nil), ("location-background", nil), ("podcast", nil),
            ("callkit-voip", nil), ("comments-and-strings", nil), ("generated-purpose-strings", "App.xcodeproj"),
            ("unexpanded-mode", "App.xcodeproj"),
        ] as [(String, String?)])
    func strict(fixture: String, project: String?) throws {
        let run = try CheckRun.run(fixture, project: project, strict: true)
        #expect(run.status == 0, "\(run.problems.map(\.message))")
    }
}
