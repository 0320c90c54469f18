import Foundation
import Testing
import WakefulTestSupport

/// What the text report says about scenarios without a beacon trigger.
@Suite("wakeful simulate: report wording without a trigger", .hangLimit, .watchdog)
struct ReportWordingTests {
    /// A scenario with no features: nothing can trigger.
    static func document(user: [[String: Any]]) -> [String: Any] {
        [
            "name": "no-trigger", "summary": "no features", "duration": 100, "ios": ["17"], "strategies": ["none"],
            "world": [String: Any](), "user": user,
        ]
    }

    func run(user: [[String: Any]], format: [String] = []) async throws -> CommandResult {
        try await withTemporaryDirectory { folder in
            let path = try ScenarioFile.write(Self.document(user: user), as: "no-trigger.json", in: folder)
            return try await Executable.wakeful.run(["simulate", "--scenario", path] + format)
        }
    }

    @Test("without a trigger, JSON omits triggered and the trigger's fields")
    func jsonWithoutTrigger() async throws {
        let result = try await run(
            user: [["at": 0, "action": "open"], ["at": 10, "action": "home"]], format: ["--format", "json"])
        #expect(result.status == 0, "\(result)")
        let run = try #require(try jsonRuns(result.stdout).first)
        #expect(run["triggered"] == nil)
        #expect(run["triggerDistanceMeters"] == nil)
        #expect(run["suspendedAtDistanceMeters"] == nil)
        #expect((run["finalStop"] as? [String: Any])?["cause"] as? String == "graceEnded")
    }

    @Test("without a trigger the explanation does not say the app never triggered")
    func noTriggerWording() async throws {
        let result = try await run(user: [["at": 0, "action": "open"], ["at": 10, "action": "home"]])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Why: "))
        #expect(result.stdout.contains("STATE-5"), "the grace period rule is cited")
        #expect(!result.stdout.contains("never triggered"), "\(result.stdout)")
    }

    @Test("an app still in the foreground at the end is not said to have stopped, and no empty rule list is printed")
    func stillRunningWording() async throws {
        let result = try await run(user: [["at": 0, "action": "open"]])
        #expect(result.status == 0, "\(result)")
        #expect(SimulateTextTests.tableRows(result.stdout).first?.contains("running at the end") == true)
        #expect(!result.stdout.contains("()"), "\(result.stdout)")
        #expect(!result.stdout.contains("it stopped when the scenario ended"), "\(result.stdout)")
    }

    @Test("an app the user never opens is reported as not running, not as running at the end")
    func neverLaunched() async throws {
        let result = try await run(user: [], format: ["--format", "json"])
        #expect(result.status == 0, "\(result)")
        let run = try #require(try jsonRuns(result.stdout).first)
        #expect(run["notRunningSeconds"] as? Double == 100, "\(run)")
        let text = try await self.run(user: [])
        #expect(
            SimulateTextTests.tableRows(text.stdout).first?.contains("running at the end") == false, "\(text.stdout)")
    }
}
