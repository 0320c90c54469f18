import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// `CLServiceSession` (LOC-9, LOC-32): Always only with a session for apps that opted in to
/// explicit sessions, the recreation after a launch, and sessions made in the background.
@Suite("Service sessions", .watchdog, .cpuBound)
struct ServiceSessionTests {
    /// Significant changes from launch, with a service session requiring `session` when given;
    /// after a relaunch the session is made again when `recreates`.
    static func watcher(session: LocationAuthorization?, recreates: Bool = true) -> Scripted {
        Scripted("SessionWatcher", authorization: .always) { event, context in
            guard case .didFinishLaunching = event else { return [] }
            var commands: [Command] = [.startMonitoringSignificantLocationChanges]
            if let session, !context.isInBackground || recreates {
                commands.append(.startServiceSession(ServiceSessionRequest(authorization: session)))
            }
            return commands
        }
    }

    /// Always granted; 3 km at 10 m/s from 100 s, after Home at 10.
    static func drive(explicit: Bool = true, actions: [UserAction] = []) -> Scenario {
        var scenario = Scenarios.make(
            duration: 1200, walkFrom: 100, legs: [RouteLeg(destination: LocalPoint(east: 3500, north: 0), speed: 10)],
            actions: actions)
        scenario.app.requiresExplicitServiceSession = explicit
        return scenario
    }

    @Test(
        "opted in, Always applies only with a session requiring it: no wake without (LOC-9)",
        arguments: [
            (LocationAuthorization?.none, false), (.whenInUse, false), (.always, true),
        ])
    func alwaysNeedsSession(session: LocationAuthorization?, woken: Bool) {
        let trace = Trace(Self.drive(), ios: IOSVersion(18), setup: .custom(Self.watcher(session: session)))
        #expect((trace.metrics.wakes["significantChange"] ?? 0 > 0) == woken)
        let suppressed = trace.decisions("wakeSuppressed")
        #expect(suppressed.isEmpty == woken)
        #expect(suppressed.allSatisfy { $0.decision.rules.contains("LOC-9") })
    }

    @Test(
        "without the Info.plist key, or before 18, Always needs no session (LOC-9)",
        arguments: [
            (false, 18), (true, 17),
        ])
    func implicitSessions(explicit: Bool, major: Int) {
        let trace = Trace(
            Self.drive(explicit: explicit), ios: IOSVersion(major), setup: .custom(Self.watcher(session: nil)))
        #expect(trace.metrics.wakes["significantChange"] ?? 0 > 0)
        #expect(trace.decisions("wakeSuppressed").isEmpty)
    }

    @Test("a session survives the process; the relaunched app recreates it within a few seconds (LOC-32)")
    func recreatedAfterRelaunch() throws {
        let scenario = Self.drive(actions: [UserAction(at: 50, .memoryPressure)])
        let trace = Trace(scenario, ios: IOSVersion(18), setup: .custom(Self.watcher(session: .always)))
        let relaunch = try #require(trace.states(to: .background).first { $0.change.cause.hasSuffix("Relaunch") })
        let started = trace.decisions("serviceSessionStarted")
        #expect(started.count == 2)
        #expect(started.last?.time == relaunch.time)
        #expect(started.last?.decision.fields.contains(Field("recreated", true)) == true)
        #expect(
            started.last?.decision.rules == ["LOC-32", "LOC-9"] || started.last?.decision.rules == ["LOC-9", "LOC-32"])
        #expect(trace.decisions("serviceSessionLapsed").isEmpty)
        #expect(trace.metrics.wakes["significantChange"] ?? 0 >= 2, "relaunched, then woken again with the session")
    }

    @Test("not recreated, the session lapses a few seconds after the launch and Always with it (LOC-32)")
    func lapsesWithoutRecreation() throws {
        let scenario = Self.drive(actions: [UserAction(at: 50, .memoryPressure)])
        let trace = Trace(
            scenario, ios: IOSVersion(18), setup: .custom(Self.watcher(session: .always, recreates: false)))
        let relaunch = try #require(trace.states(to: .background).first { $0.change.cause.hasSuffix("Relaunch") })
        let lapsed = try #require(trace.decisions("serviceSessionLapsed").first)
        #expect(lapsed.time == relaunch.time + 5)
        #expect(trace.decisions("wakeSuppressed").contains { $0.decision.rules.contains("LOC-9") })
    }

    @Test("made in the background outside a relaunch, a session waits for use: insufficientlyInUse (LOC-9, LOC-31)")
    func fromTheBackground() {
        let late = Scripted("LateServiceSession", authorization: .always) { event, _ in
            guard case .didEnterBackground = event else { return [] }
            return [.startServiceSession(ServiceSessionRequest(authorization: .always))]
        }
        let trace = Trace(Self.drive(), ios: IOSVersion(18), setup: .custom(late))
        #expect(trace.decisions("serviceSessionStarted").first?.decision.fields.contains(Field("inUse", false)) == true)
        let diagnostics = trace.events { if case .serviceSessionDiagnostic = $0 { true } else { false } }
        #expect(diagnostics.map(\.event) == [.serviceSessionDiagnostic([.insufficientlyInUse])])
    }

    @Test("opted in, live updates deliver nothing without a session: serviceSessionRequired (LOC-9)")
    func liveUpdatesNeedSession() {
        let tracker = Scripted("LiveNoSession", modes: [.location], authorization: .whenInUse) { event, _ in
            guard case .didFinishLaunching = event else { return [] }
            return [.startLiveUpdates(.other)]
        }
        var scenario = Self.drive()
        scenario.app.locationAuthorization = .whenInUse
        let trace = Trace(scenario, ios: IOSVersion(18), setup: .custom(tracker))
        let updates = trace.events { if case .liveLocationUpdate = $0 { true } else { false } }
        #expect(
            updates.map(\.event) == [
                .liveLocationUpdate(LiveLocationUpdate(location: nil, diagnostics: [.serviceSessionRequired]))
            ])
    }

    @Test("before iOS 18 there is no CLServiceSession (LOC-9)")
    func refusedBefore18() {
        let trace = Trace(Self.drive(), ios: IOSVersion(17), setup: .custom(Self.watcher(session: .always)))
        #expect(trace.decisions("commandRefused").map { $0.decision.rules } == [["LOC-9"]])
    }
}
