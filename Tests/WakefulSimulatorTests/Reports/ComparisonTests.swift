import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// `compare`: plan, order, determinism, bad days, formats.
@Suite("Comparison", .watchdog, .cpuBound)
struct ComparisonTests {
    @Test func plansScenarioThenSetupThenVersionAndKeepsThatOrder() async throws {
        let scenario = try BuiltinScenarios.load("gas-station")
        let comparison = Comparison(scenarios: [scenario, scenario.on(.lowPowerMode)], seed: 1)
        #expect(comparison.jobs.count == 2 * 3 * 4)
        let runs = await comparison.run()
        #expect(runs.map(\.scenario) == comparison.jobs.map(\.scenario.name))
        #expect(runs.map(\.strategy) == comparison.jobs.map(\.setup.name))
        #expect(runs.map(\.ios) == comparison.jobs.map(\.ios.description))
        let again = await comparison.run()
        #expect(runs == again, "parallel runs give the same results in the same order")
    }

    @Test func badDaysChangeThePhoneNotTheWorld() throws {
        let scenario = try BuiltinScenarios.load("gas-station")
        #expect(scenario.on(.lowPowerMode).device.lowPowerMode)
        #expect(!scenario.on(.backgroundAppRefreshOff).device.backgroundAppRefresh)
        let quit = scenario.on(.forceQuit)
        #expect(quit.actions.contains(UserAction(at: 40, .forceQuit)))
        #expect(quit.world == scenario.world)
        #expect(quit.name == "gas-station (forceQuit)")
        // BGT-12 and LOC-22: Low Power Mode turns Background App Refresh off, and the beacon wake with it.
        let lowPower = Simulator.run(scenario.on(.lowPowerMode), ios: IOSVersion(17), setup: .none, seed: 1)
        #expect(lowPower.wakes["beaconRegion"] == 0)
        #expect(lowPower.suppressedWakes["beaconRegion"] == 1)
    }

    @Test func formatsCarryTheSameRows() async throws {
        let scenario = try BuiltinScenarios.load("gas-station")
        let runs = await Comparison(scenarios: [scenario], versions: [IOSVersion(17)], setups: [.none], seed: 1).run()
        let report = ComparisonReport(runs: runs)
        let cells = ComparisonReport.cells(runs[0])
        #expect(report.markdown.split(separator: "\n").count == 3)
        #expect(report.markdown.contains("| " + cells.joined(separator: " | ") + " |"))
        let csv = report.csv.split(separator: "\n")
        #expect(csv.first == Substring(ComparisonReport.header.joined(separator: ",")))
        #expect(csv.count == 2)
        #expect(report.text.contains("gas-station"))
        #expect(report.text.contains("not a measurement"))
    }

    @Test func csvQuotesCellsWithCommas() {
        var run = Simulator.run(
            Scenario(name: "a,b", duration: 10, world: WorldDescription(trajectory: .stationary(at: .zero))),
            ios: IOSVersion(17), setup: .none, seed: 1)
        run.strategy = "say \"hi\""
        let line = ComparisonReport(runs: [run]).csv.split(separator: "\n")[1]
        #expect(line.hasPrefix(#""a,b","say ""hi""",17,never ran,"#))
    }
}
