import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// A debugger attached (CONF-13, TASK-14): limits are not enforced.
@Suite("Device: debugger attached (CONF-13)", .watchdog, .cpuBound)
struct DebuggerTests {
    static func tethered(_ scenario: Scenario, viaVariant: Bool) -> Scenario {
        var scenario = scenario
        if viaVariant {
            scenario.device.variants = [.debuggerAttached]
        } else {
            scenario.device.debuggerAttached = true
        }
        return scenario
    }

    @Test(arguments: ["6", "8", "12", "17", "26"], [false, true])
    func aTaskLeftOpenIsNeitherKilledNorSuspended(version: String, viaVariant: Bool) throws {
        let ios = try Versions.parse(version)
        let leaky = Apps.taskOnBackground(leaky: true)
        // Untethered, the same app is killed (the control that makes this test able to fail).
        #expect(Trace(Scenarios.make(duration: 900), ios: ios, setup: .custom(leaky)).metrics.terminations.count == 1)
        let trace = Trace(
            Self.tethered(Scenarios.make(duration: 900), viaVariant: viaVariant), ios: ios, setup: .custom(leaky))
        #expect(trace.metrics.terminations.isEmpty)
        #expect(trace.states(to: .suspended).isEmpty)
        #expect(trace.metrics.backgroundRunningSeconds == 890)
        #expect(trace.expirations.isEmpty, "no expiry is enforced, so no handler either")
        #expect(trace.metrics.invariantViolations.isEmpty)
    }

    @Test(arguments: ["8", "17"])
    func anAppWithNothingToDoIsNotSuspendedEither(version: String) throws {
        let trace = Trace(
            Self.tethered(Scenarios.make(duration: 300), viaVariant: false), ios: try Versions.parse(version))
        #expect(trace.states(to: .suspended).isEmpty)
        #expect(trace.metrics.suspendedSeconds == 0)
        #expect(trace.metrics.backgroundRunningSeconds == 290)
    }
}
