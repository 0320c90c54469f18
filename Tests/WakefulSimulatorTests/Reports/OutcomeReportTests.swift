import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The report's wording: what the table and the Why paragraph say about each run.
@Suite("Outcome report wording", .watchdog, .cpuBound)
struct OutcomeReportTests {
    /// Home at 10, pushes every 10 min, and a force-quit at 600 while the app is suspended.
    static func forceQuitWhileSuspended() -> Scenario {
        PushScenarios.make(
            pushes: (1...5).map { PushScenarios.silent(at: Double($0) * 700, id: "p\($0)") }, duration: 4000,
            actions: [UserAction(at: 600, .forceQuit)])
    }

    @Test("a force-quit of a suspended app is the outcome, with the wakes refused after it (TERM-1, PUSH-7)")
    func forceQuitIsTheOutcome() throws {
        let run = Simulator.run(
            Self.forceQuitWhileSuspended(), ios: IOSVersion(17), setup: .custom(PushApps.responder()), seed: 1)
        let quit = try #require(run.forceQuit)
        #expect(quit.at == 600)
        #expect(quit.refusedWakes == 5)
        let report = OutcomeReport(scenario: Self.forceQuitWhileSuspended(), runs: [run])
        #expect(report.table.rendered.contains("force-quit at 10m 00s, then 5 wakes refused"))
        let why = try #require(report.explanation.first)
        #expect(
            why.contains(
                "the user force-quit the app at 10m 00s, and iOS refused the 5 wakes and pushes that came after it"))
        #expect(why.contains("(TERM-1, PUSH-7)"))
    }

    @Test("a user who opens the app after a force-quit clears it from the outcome")
    func reopenedAfterForceQuit() {
        var scenario = Self.forceQuitWhileSuspended()
        scenario.actions += [UserAction(at: 900, .open), UserAction(at: 910, .home)]
        let run = Simulator.run(scenario, ios: IOSVersion(17), setup: .custom(PushApps.responder()), seed: 1)
        #expect(run.forceQuit == nil)
    }

    @Test("runs with different task budgets name each budget with its version")
    func budgetsByVersion() throws {
        let scenario = try BuiltinScenarios.resolve("gas-station")
        let runs = [IOSVersion(6), IOSVersion(17)].map {
            Simulator.run(
                scenario, ios: $0, setup: StrategySetup(name: "TaskExtension", strategies: [.taskExtension()]), seed: 1)
        }
        let why = try #require(OutcomeReport(scenario: scenario, runs: runs).explanation.first)
        #expect(why.contains("ran out of its budget (600 s on iOS 6, 30 s on iOS 17)"), "\(why)")
        #expect(!why.contains("its 600 s and 30 s budget"))
    }

    @Test("App Review notes read after the colon, with no stray pronoun")
    func reviewSentences() throws {
        let scenario = try BuiltinScenarios.resolve("gas-station")
        let run = Simulator.run(
            scenario, ios: IOSVersion(17), setup: StrategySetup(name: "TaskChaining", strategies: [.taskChaining()]),
            seed: 1)
        let why = try #require(OutcomeReport(scenario: scenario, runs: [run]).explanation.first)
        #expect(why.contains("a medium App Review risk: chained background tasks are a grey area;"), "\(why)")
        #expect(!why.contains("risk: it "))
    }

    @Test("TaskChaining without the chain carries no App Review finding")
    func chainOffHasNoFinding() {
        #expect(TaskChaining(options: .init(chainsOnExpiry: false)).requirements.reviewFindings.isEmpty)
        #expect(TaskChaining().requirements.reviewFindings.map(\.subject) == ["task chaining"])
    }

    @Test("a latency measure gets a success column")
    func latencyColumn() throws {
        let scenario = try BuiltinScenarios.resolve("chat")
        let run = Simulator.run(scenario, ios: IOSVersion(17), setup: scenario.setups[1], seed: 1)
        let rendered = OutcomeReport(scenario: scenario, runs: [run]).table.rendered
        let header = try #require(rendered.split(separator: "\n").first)
        #expect(header.contains("success"))
        #expect(rendered.contains(try #require(run.success?.summary)))
    }

    @Test("a version given as 7.0 is reported as 7.0")
    func versionAsGiven() throws {
        let scenario = try BuiltinScenarios.resolve("gas-station")
        let run = Simulator.run(scenario, ios: try #require(IOSVersion(parsing: "7.0")), setup: .none, seed: 1)
        #expect(run.ios == "7.0")
    }
}
