// This file imports WakefulTesting and nothing of Wakeful's own: it compiles only because
// WakefulTesting re-exports Wakeful and WakefulSimulator, as an app's test target that adds the
// WakefulTesting product alone needs (an app team's first test failed with "cannot find
// 'AppConfiguration' in scope"). The target itself depends on WakefulTesting alone.

import Testing
import WakefulTestSupport
import WakefulTesting

/// A strategy of the app's own, written against the core's protocol.
private struct Beeper: Strategy {
    var name: String { "Beeper" }
    var requirements: Requirements { Requirements() }
    mutating func handle(_ event: Event, in context: Context) -> [Command] { [] }
}

@Suite("WakefulTesting alone", .watchdog, .cpuBound)
struct ReExportTests {
    @Test func theCoreAndTheSimulatorComeWithIt() throws {
        var app = AppConfiguration(locationAuthorization: .always, features: [.locationLog])  // WakefulSimulator
        app.agent = AgentConfiguration(upload: nil)  // Wakeful
        let scenario: Scenario = try BuiltinScenarios.load("gas-station")  // WakefulSimulator
        var run = BackgroundTestRun(
            configuration: .custom([Beeper(), LocationLogger()]), iOS: IOSVersion(17), scenario: .blank(app: app))
        run.openApp()
        #expect(run.appState == AppState.active)  // Wakeful
        #expect(scenario.world.beacon(named: "pump-4") != nil)
        #expect(run.device.setup.strategies.map(\.name) == ["Beeper", "LocationLogger"])
    }
}
