import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The built-in `ble-peripheral` scenario end to end (seed 003's accessory mode).
@Suite("Peripheral: the ble-peripheral scenario", .watchdog, .cpuBound)
struct PeripheralScenarioTests {
    static func run(_ version: IOSVersion, _ setup: String) throws -> Trace {
        let scenario = try BuiltinScenarios.load("ble-peripheral")
        return Trace(scenario, ios: version, setup: try #require(scenario.setups.first { $0.name == setup }))
    }

    @Test(
        "PeripheralAdvertiser: every write on 7+ (restoration relaunches after the jetsam); 10 of 25 on iOS 6; the turnstile never finds the locked phone",
        arguments: NetworkScenarios.families)
    func advertiser(version: IOSVersion) throws {
        let trace = try Self.run(version, "PeripheralAdvertiser")
        let success = try #require(trace.metrics.success)
        // The dock finds the background advertisement in the overflow area at 241 s; the turnstile does not (BLE-3).
        #expect(trace.decisions("centralConnected").map(\.time) == [241.1])
        #expect(trace.decisions("centralConnected").first?.decision.fields["central"] == "dock")
        #expect(trace.records("write").allSatisfy { $0.record.fields["central"] == "dock" })
        if version.family == .iOS6 {
            // No state restoration before iOS 7: the jetsam ends the advertisement (BLE-4).
            #expect(success.summary == "10 of 25 on time (40 %)")
            #expect(success.largestGap?.from == 841.1)
            #expect(trace.metrics.wakes["bluetooth"] == 10)
        } else {
            #expect(success.summary == "25 of 25 on time (100 %)")
            #expect(trace.relaunchTransitions.map(\.time) == [901.1])
            #expect(trace.metrics.wakes["bluetooth"] == 25)
        }
    }

    @Test("the bare app advertises nothing", arguments: [IOSVersion(17)])
    func bare(version: IOSVersion) throws {
        let trace = try Self.run(version, "none")
        #expect(trace.metrics.success?.score == 0)
        #expect(trace.decisions("centralConnected").isEmpty)
    }
}
