import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Core Motion in the simulator (MOTION-1 to MOTION-4): activities from the movement with a lag and
/// seeded noise, updates only while the app runs, the 7-day history, the permission.
@Suite("Motion activity", .watchdog, .cpuBound)
struct MotionModelTests {
    /// Starts activity updates at launch and queries the history when its timer fires.
    static func watcher(queryAt: TimeInterval = 3000) -> Scripted {
        Scripted("MotionWatcher") { event, context in
            switch event {
            case .didFinishLaunching:
                return [.startActivityUpdates, .setTimer(TimerRequest(id: "query", interval: queryAt))]
            case .timerFired("query"):
                return [.queryActivityHistory(from: context.now - 8 * 86_400, to: context.now)]
            default: return []
            }
        }
    }

    /// Still until 600 s, 1 km on foot at 1.4 m/s, then still.
    static func walk(app: (inout Scenario) -> Void = { _ in }, device: DeviceSettings = DeviceSettings()) -> Scenario {
        var scenario = Scenarios.make(
            duration: 3600, at: .zero, walkFrom: 600,
            legs: [RouteLeg(destination: LocalPoint(east: 1000, north: 0), speed: 1.4)], device: device)
        app(&scenario)
        return scenario
    }

    /// The watcher kept running by cell-only updates, so every change reaches it (LOC-6).
    static let running = StrategySetup.custom(LowPowerLocationKeepAlive(), watcher())

    static func updates(_ trace: Trace) -> [(time: TimeInterval, activity: MotionActivity)] {
        trace.events { if case .activityUpdated = $0 { true } else { false } }.map {
            guard case .activityUpdated(let activity) = $0.event else { fatalError("filtered above") }
            return ($0.time, activity)
        }
    }

    @Test("activities follow the speed, each reported 0.1–10 s after it began (MOTION-1, field reports)")
    func activitiesFollowTheMovement() throws {
        let trace = Trace(Self.walk(), ios: IOSVersion(17), setup: Self.running)
        let updates = Self.updates(trace)
        try #require(updates.count == 3)
        #expect(updates[0].activity.kinds == .stationary && updates[0].time == 0)
        #expect(updates[1].activity.kinds == .walking && updates[1].activity.start == 600)
        #expect(updates[1].time >= 600.1 && updates[1].time <= 610.01)
        let arrival = 600 + 1000 / 1.4
        #expect(updates[2].activity.kinds == .stationary)
        #expect(abs(updates[2].activity.start - arrival) <= 0.001)
        // motion-callback-lag-0-4s-log, motion-desk-stationary-after-seconds: 0.1–10 s after the stop.
        #expect(updates[2].time >= arrival + 0.1 && updates[2].time <= arrival + 10.01)
    }

    @Test("a suspended app gets no update and no wake; it hears the latest when it runs again (MOTION-4)")
    func suspendedAppIsNotWoken() {
        let scenario = Self.walk { $0.actions.append(UserAction(at: 2000, .open)) }
        let trace = Trace(scenario, ios: IOSVersion(17), setup: .custom(Self.watcher()))
        let updates = Self.updates(trace)
        #expect(updates.map(\.time) == [0, 2000], "the stationary at launch, then only the latest, on opening")
        #expect(updates.last?.activity.kinds == .stationary)
        #expect(trace.metrics.wakes.values.allSatisfy { $0 == 0 })
    }

    @Test("the history holds what the coprocessor reported, back-dated, at most 7 days back (MOTION-3)")
    func history() throws {
        let trace = Trace(Self.walk(), ios: IOSVersion(17), setup: Self.running)
        let answer = try #require(
            trace.events { if case .activityHistory = $0 { true } else { false } }.first)
        guard case .activityHistory(let history) = answer.event else {
            Issue.record("expected an activity history, got \(answer.event)")
            return
        }
        #expect(history.error == nil)
        #expect(history.activities.map(\.kinds) == [.stationary, .walking, .stationary])
        #expect(history.activities[0].start == -7 * 86_400, "still since before the run, as far back as it keeps")
        #expect(history.activities[1].start == 600)
    }

    @Test("the same seed gives the same activities; another seed other lags")
    func seeded() {
        let one = Self.updates(Trace(Self.walk(), ios: IOSVersion(17), setup: Self.running, seed: 1))
        let again = Self.updates(Trace(Self.walk(), ios: IOSVersion(17), setup: Self.running, seed: 1))
        let other = Self.updates(Trace(Self.walk(), ios: IOSVersion(17), setup: Self.running, seed: 2))
        #expect(one.map(\.time) == again.map(\.time))
        #expect(one.map(\.activity) == again.map(\.activity))
        #expect(one.map(\.time) != other.map(\.time))
    }

    @Test("the detection lag is a device setting")
    func lagSetting() {
        var device = DeviceSettings()
        device.motionDetectionLag = 0
        let updates = Self.updates(Trace(Self.walk(device: device), ios: IOSVersion(17), setup: Self.running))
        #expect(updates.map(\.time).dropFirst().first == 600)
    }

    @Test("a car's short stop is automotive and stationary at once (MOTION-1)")
    func carAtALight() throws {
        let legs = [
            RouteLeg(destination: LocalPoint(east: 3000, north: 0), speed: 14, pause: 120),
            RouteLeg(destination: LocalPoint(east: 6000, north: 0), speed: 14),
        ]
        var device = DeviceSettings()
        device.motionDetectionLag = 10
        let scenario = Scenarios.make(duration: 1200, at: .zero, walkFrom: 60, legs: legs, device: device)
        let kinds = Self.updates(Trace(scenario, ios: IOSVersion(17), setup: Self.running)).map(\.activity.kinds)
        // The long stop after the drive turns plain stationary after the 180 s hold (assumption).
        #expect(
            kinds == [
                .stationary, .automotive, [.automotive, .stationary], .automotive, [.automotive, .stationary],
                .stationary,
            ])
    }

    @Test("without NSMotionUsageDescription the first use crashes the app (MOTION-2)")
    func missingUsageDescription() {
        let scenario = Self.walk { $0.app.motionUsageDescription = false }
        let trace = Trace(scenario, ios: IOSVersion(17), setup: .custom(Self.watcher()))
        #expect(trace.metrics.terminations.map(\.reason) == [.missingUsageDescription])
        #expect(trace.decisions("motionUsageDescriptionMissing").first?.decision.rules == ["MOTION-2"])
    }

    @Test("denied: updates refused, the status heard, and a query fails with notAuthorized (MOTION-2)")
    func denied() throws {
        let scenario = Self.walk { $0.app.motionAuthorization = .denied }
        let trace = Trace(scenario, ios: IOSVersion(17), setup: Self.running)
        #expect(Self.updates(trace).isEmpty)
        #expect(trace.events { $0 == .motionAuthorizationChanged(.denied) }.count == 1)
        #expect(trace.decisions("commandRefused").contains { $0.decision.rules == ["MOTION-2"] })
        let answer = try #require(trace.events { if case .activityHistory = $0 { true } else { false } }.first)
        #expect(
            answer.event
                == .activityHistory(
                    MotionActivityHistory(
                        from: 3000 - 8 * 86_400, to: 3000, activities: [], error: .notAuthorized)))
    }

    @Test("notDetermined: the first use prompts and the user allows (MOTION-2)")
    func prompt() {
        let scenario = Self.walk { $0.app.motionAuthorization = .notDetermined }
        let trace = Trace(scenario, ios: IOSVersion(17), setup: Self.running)
        #expect(trace.decisions("motionPromptAnswered").count == 1)
        #expect(trace.events { $0 == .motionAuthorizationChanged(.authorized) }.count == 1)
        #expect(Self.updates(trace).count == 3)
    }

    @Test("no coprocessor, or iOS 6: no activity (MOTION-1)")
    func unavailable() {
        var device = DeviceSettings()
        device.motionActivity = false
        for (scenario, ios) in [(Self.walk(device: device), IOSVersion(17)), (Self.walk(), IOSVersion(6))] {
            let trace = Trace(scenario, ios: ios, setup: Self.running)
            #expect(Self.updates(trace).isEmpty)
            #expect(
                trace.events {
                    if case .activityHistory(let history) = $0 { history.error == .notAvailable } else { false }
                }.count == 1)
        }
    }
}
