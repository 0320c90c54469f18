import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// App Review findings per mode and per technique, and the Info.plist keys, on small cases.
@Suite("Review risk and Info.plist keys", .watchdog, .cpuBound)
struct ReviewAndPlistTests {
    static func metrics(_ setup: String) throws -> RunMetrics {
        Simulator.run(
            try BuiltinScenarios.load("sensor-monitor"), ios: IOSVersion(17), setup: try .named(setup), seed: 1)
    }

    @Test func theBareSamplerNeedsNothingAndRisksNothing() throws {
        let metrics = try Self.metrics("PeriodicSampler")
        #expect(metrics.reviewRisk.level == .low)
        #expect(metrics.reviewRisk.findings.isEmpty)
        #expect(metrics.infoPlist.backgroundModes.isEmpty)
        // The scenario grants Always, but nothing in the setup asks for location.
        #expect(metrics.infoPlist.usageDescriptionKeys.isEmpty)
    }

    @Test func chainingIsAGreyTechniqueWithoutAnyMode() throws {
        let metrics = try Self.metrics("TaskChaining+PeriodicSampler")
        #expect(metrics.reviewRisk.level == .medium)
        #expect(metrics.reviewRisk.findings.map(\.subject) == ["task chaining"])
        #expect(metrics.reviewRisk.findings.first?.rules.contains("TASK-13") == true)
    }

    @Test func theLocationKeepAliveNeedsTheModeAndBothLocationStrings() throws {
        let metrics = try Self.metrics("LowPowerLocationKeepAlive+PeriodicSampler")
        #expect(metrics.infoPlist.backgroundModes == ["location"])
        #expect(
            metrics.infoPlist.usageDescriptionKeys == [
                "NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription",
            ])
        #expect(metrics.reviewRisk.findings.map(\.subject) == ["location"])
        #expect(metrics.reviewRisk.findings.first?.guideline == "2.5.4, 5.1.5")
    }

    @Test func pulsesAddTheirOwnFindingToTheMode() throws {
        let metrics = try Self.metrics("LocationPulse")
        #expect(metrics.reviewRisk.findings.map(\.subject) == ["location", "GPS pulses"])
        #expect(metrics.reviewRisk.level == .medium)
    }

    @Test func keysFollowModesAndAuthorization() {
        let bluetooth = InfoPlistRequirements(
            modes: [.bluetoothCentral, .fetch, .bluetoothCentral], authorization: .whenInUse)
        #expect(bluetooth.backgroundModes == ["bluetooth-central", "fetch"])
        #expect(
            bluetooth.usageDescriptionKeys == [
                "NSLocationWhenInUseUsageDescription", "NSBluetoothAlwaysUsageDescription",
            ])
        #expect(InfoPlistRequirements(modes: [], authorization: nil).usageDescriptionKeys.isEmpty)
    }
}
