import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The energy estimate, checked by hand on small cases (§13).
@Suite("Energy estimate", .watchdog, .cpuBound)
struct EnergyEstimateTests {
    @Test func oneHourOfGPSWithTheCPUAwakeIsPricedComponentByComponent() throws {
        var ledger = EnergyLedger()
        ledger.cpuAwakeSeconds = 3600
        ledger.gpsSeconds = 3600
        let estimate = EnergyEstimate(ledger, hours: 1)
        // 100 mW and 450 mW for an hour at 3.85 V: 25.97 mAh and 116.88 mAh.
        let cpu = try #require(estimate.byComponent.first { $0.name == "cpu" })
        let gps = try #require(estimate.byComponent.first { $0.name == "gps" })
        #expect(abs(cpu.milliampereHours - 100 / 3.85) < 1e-9)
        #expect(abs(gps.milliampereHours - 450 / 3.85) < 1e-9)
        #expect(estimate.byComponent.first?.name == "gps", "largest first")
        #expect(abs(estimate.batteryPercentPerHour - 550 / 3.85 / 3000 * 100) < 1e-9)
        // The whole phone adds its standby, 92 mW (energy-idle-wifi-baseline: ≈0.8 %/h).
        #expect(abs(estimate.devicePercentPerHour - 642 / 3.85 / 3000 * 100) < 1e-9)
        #expect(abs(EnergyEstimate(EnergyLedger(), hours: 1).devicePercentPerHour - 0.797) < 0.001)
        #expect(estimate.kind == "estimate")
        #expect(estimate.powerTable == PowerTable.standard.identifier)
    }

    @Test func fullCPULoadCostsTenTimesIdleAndWakesPayAFixedCost() {
        // ENERGY-1: 100 % CPU = 10 × idle; ENERGY-2: a fixed cost per wake.
        var ledger = EnergyLedger()
        ledger.cpuAwakeSeconds = 60
        ledger.cpuLoadSeconds = 60
        ledger.wakes = 36
        let estimate = EnergyEstimate(ledger, hours: 1)
        let cpu = estimate.byComponent.first { $0.name == "cpu" }?.milliampereHours ?? 0
        #expect(abs(cpu - 1000 * 60 / 3600 / 3.85) < 1e-9)
        let wakes = estimate.byComponent.first { $0.name == "wakes" }?.milliampereHours ?? 0
        #expect(abs(wakes - 36 / 3.6 / 3.85) < 1e-9)
    }

    @Test func componentsThatCostNothingAreLeftOut() {
        #expect(EnergyEstimate(EnergyLedger(), hours: 1).byComponent.isEmpty)
    }

    @Test func theSeedsOrderHolds() throws {
        // Seed 002: cell-only location costs next to nothing, ranging is what drains; the keep-alive
        // costs far more than the bare app, which runs for seconds.
        let scenario = try BuiltinScenarios.load("gas-station")
        let bare = Simulator.run(scenario, ios: IOSVersion(17), setup: .none, seed: 1).energy
        let keepAlive = Simulator.run(
            scenario, ios: IOSVersion(17), setup: try .named("LowPowerLocationKeepAlive"), seed: 1
        ).energy
        #expect(keepAlive.totalMilliampereHours > 10 * bare.totalMilliampereHours)
        let ranging = keepAlive.byComponent.first { $0.name == "ranging" }?.milliampereHours ?? 0
        let cell = keepAlive.byComponent.first { $0.name == "cellLocation" }?.milliampereHours ?? 0
        #expect(ranging > 10 * cell)
        #expect(keepAlive.byComponent.contains { $0.name == "gps" } == false, "3 km accuracy keeps the GPS off (LOC-6)")
    }

    @Test func gpsPulsesCostMoreThanTheCellKeepAlive() throws {
        var scenario = try BuiltinScenarios.load("gas-station")
        scenario.duration = 3600
        let pulse = Simulator.run(scenario, ios: IOSVersion(17), setup: try .named("LocationPulse"), seed: 1).energy
        let cell = Simulator.run(scenario, ios: IOSVersion(17), setup: try .named("LowPowerLocationKeepAlive"), seed: 1)
            .energy
        #expect(pulse.batteryPercentPerHour > 2 * cell.batteryPercentPerHour)
    }
}
