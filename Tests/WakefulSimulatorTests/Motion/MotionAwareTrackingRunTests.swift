import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// MotionAwareTracking on the commuter's day: the energy it saves against continuous GPS and the
/// location pulse at their coverage, and what it loses without Core Motion.
@Suite("MotionAwareTracking on commuter-day", .watchdog, .cpuBound)
struct MotionAwareTrackingRunTests {
    static func run(_ setupName: String, ios: IOSVersion = IOSVersion(17)) throws -> Trace {
        let scenario = try BuiltinScenarios.load("commuter-day")
        let setup = try #require(scenario.setups.first { $0.name == setupName })
        return Trace(scenario, ios: ios, setup: setup)
    }

    static func energy(_ trace: Trace) -> Double { trace.metrics.energy.totalMilliampereHours }
    static func coverage(_ trace: Trace) -> Double { trace.metrics.success?.score ?? 0 }

    @Test("at least 30 % less energy than continuous GPS and the location pulse, at continuous GPS's coverage")
    func savesEnergyAtEqualCoverage() throws {
        let motion = try Self.run("MotionAwareTracking")
        let continuous = try Self.run("ContinuousGPS")
        let pulse = try Self.run("LocationPulse")
        #expect(Self.energy(motion) <= 0.7 * Self.energy(continuous))
        #expect(Self.energy(motion) <= 0.7 * Self.energy(pulse))
        #expect(Self.coverage(motion) >= Self.coverage(continuous))
        #expect(Self.coverage(continuous) > 0.9)
        #expect(motion.metrics.invariantViolations.isEmpty)
    }

    @Test("each trip's start is recovered from the activity history, within the detection lag (MOTION-3)")
    func tripStartsRecovered() throws {
        let trips = try Self.run("MotionAwareTracking").records(MotionAwareTracking.tripStartKind)
        #expect(trips.count >= 4, "home walk, lunch out, lunch back, evening walk")
        #expect(trips.allSatisfy { $0.record.fields["recovered"] == .bool(true) })
        #expect(trips.allSatisfy { ($0.record.fields["lateBy"]?.number ?? .infinity) < 60 })
    }

    @Test("fence only: GPS resumes some radius + 200 m into the trip, but the true start is still recovered")
    func fenceOnly() throws {
        let trace = try Self.run("MotionAwareTracking-fenceOnly")
        let trips = trace.records(MotionAwareTracking.tripStartKind)
        #expect(!trips.isEmpty)
        #expect(trips.allSatisfy { $0.record.fields["recovered"] == .bool(true) })
        // LOC-19: ≥300 m on foot is more than 3 minutes.
        #expect(trips.contains { ($0.record.fields["lateBy"]?.number ?? 0) > 180 })
        #expect((trace.metrics.wakes["region"] ?? 0) > 0)
    }

    @Test("without Core Motion it says what it loses and the starts are not recovered")
    func withoutMotion() throws {
        let trace = try Self.run("MotionAwareTracking-noMotion")
        #expect(trace.records(MotionAwareTracking.motionUnavailableKind).count == 1)
        let trips = trace.records(MotionAwareTracking.tripStartKind)
        #expect(!trips.isEmpty)
        #expect(trips.allSatisfy { $0.record.fields["recovered"] == .bool(false) })
        #expect(Self.coverage(trace) < Self.coverage(try Self.run("MotionAwareTracking")))
    }

    @Test("the cell-only keep-alive costs little but its fixes are kilometres wide: no coverage")
    func lowPowerKeepAlive() throws {
        let trace = try Self.run("LowPowerLocationKeepAlive")
        #expect(Self.coverage(trace) == 0)
        // The model caps a fix's reported accuracy at 1 km (SimulatorRules, standard updates).
        #expect(trace.metrics.success?.summary.hasSuffix("median 1000 m") == true)
    }
}
