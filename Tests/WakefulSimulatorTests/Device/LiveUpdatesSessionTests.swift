import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Live updates and `CLBackgroundActivitySession` (LOC-8, LOC-31): a When-In-Use app in the
/// background, rest and movement, sessions made in the background, the indicator, invalidation.
@Suite("Live updates and background activity sessions", .watchdog, .cpuBound)
struct LiveUpdatesSessionTests {
    /// Starts live updates at launch, with a background activity session when `session`; later
    /// commands by timer (`invalidate` at the given time).
    static func tracker(session: Bool = true, invalidateAt: TimeInterval? = nil) -> Scripted {
        Scripted("LiveTracker", modes: [.location], authorization: .whenInUse) { event, _ in
            switch event {
            case .didFinishLaunching:
                var commands: [Command] = [.startLiveUpdates(.automotiveNavigation)]
                if session { commands.append(.startBackgroundActivitySession) }
                if let invalidateAt { commands.append(.setTimer(TimerRequest(id: "end", interval: invalidateAt))) }
                return commands
            case .timerFired("end"): return [.invalidateBackgroundActivitySession]
            default: return []
            }
        }
    }

    /// Opens at 0, Home at 10; 2 km at 10 m/s from 100, 1200 s at rest, 2 km back.
    static func trip(authorization: LocationAuthorization = .whenInUse) -> Scenario {
        Scenarios.make(
            duration: 2000, walkFrom: 100,
            legs: [
                RouteLeg(destination: LocalPoint(east: 2500, north: 0), speed: 10, pause: 1200),
                RouteLeg(destination: LocalPoint(east: 500, north: 0), speed: 10),
            ], authorization: authorization)
    }

    static func fixes(_ trace: Trace) -> [(time: TimeInterval, update: LiveLocationUpdate)] {
        trace.events { if case .liveLocationUpdate = $0 { true } else { false } }.map {
            guard case .liveLocationUpdate(let update) = $0.event else { fatalError("filtered above") }
            return ($0.time, update)
        }
    }

    @Test(
        "with a session a When-In-Use app gets live updates in the background and keeps running, with the indicator (LOC-8)"
    )
    func sessionKeepsWhenInUseAppRunning() {
        let trace = Trace(Self.trip(), ios: IOSVersion(17), setup: .custom(Self.tracker()))
        let background = Self.fixes(trace).filter { $0.time > 100 && $0.time < 300 }
        #expect(background.count > 150, "about one a second while driving")
        #expect(background.allSatisfy { $0.update.location != nil && $0.update.diagnostics.isEmpty })
        #expect(trace.states(to: .suspended).filter { $0.time < 300 }.isEmpty)
        #expect(trace.decisions("locationIndicatorShown").map(\.time) == [10])
    }

    @Test(
        "without a session the app is suspended; on 18 one update says insufficientlyInUse (LOC-8, LOC-31)",
        arguments: [17, 18])
    func noSessionNoBackgroundUpdates(major: Int) {
        let trace = Trace(Self.trip(), ios: IOSVersion(major), setup: .custom(Self.tracker(session: false)))
        let suspended = trace.states(to: .suspended).first?.time ?? .infinity
        #expect(suspended < 100)
        let background = Self.fixes(trace).filter { $0.time >= 10 && $0.time < 1500 }
        #expect(background.count == (major >= 18 ? 1 : 0))
        #expect(background.allSatisfy { $0.update.location == nil })
        let diagnostics = background.map(\.update.diagnostics)
        #expect(diagnostics == (major >= 18 ? [[.insufficientlyInUse]] : []))
    }

    @Test("at rest delivery stops and the app suspends; moving again resumes it and delivery (LOC-8)")
    func restAndResume() throws {
        let trace = Trace(Self.trip(), ios: IOSVersion(17), setup: .custom(Self.tracker()))
        let arrival = 100.0 + 2000 / 10
        let rest = try #require(trace.decisions("liveUpdatesAtRest").first)
        #expect(abs(rest.time - (arrival + 600)) < 2)
        let stationary = Self.fixes(trace).filter { $0.update.isStationary }
        #expect(stationary.count == 1 && abs(stationary[0].time - rest.time) < 0.01)
        let suspended = try #require(trace.states(to: .suspended).first)
        #expect(suspended.time >= rest.time && suspended.time < arrival + 1200)
        let departure = arrival + 1200
        let resumed = try #require(trace.states(to: .background).first { $0.change.cause == "liveUpdatesResumed" })
        #expect(abs(resumed.time - departure) < 2)
        #expect(resumed.change.rules == ["LOC-8"])
        #expect(Self.fixes(trace).filter { $0.time > resumed.time && $0.time < resumed.time + 60 }.count > 50)
        #expect(Self.fixes(trace).filter { $0.time > rest.time + 1 && $0.time < departure }.isEmpty)
    }

    @Test(
        "a session made in the background waits for use: a decision, and the diagnostic on 18 (LOC-31)",
        arguments: [17, 18])
    func sessionFromTheBackground(major: Int) {
        let tracker = Scripted("LateSession", modes: [.location], authorization: .whenInUse) { event, _ in
            switch event {
            case .didFinishLaunching: [.startLiveUpdates(.other)]
            case .didEnterBackground: [.startBackgroundActivitySession]
            default: []
            }
        }
        let trace = Trace(Self.trip(), ios: IOSVersion(major), setup: .custom(tracker))
        #expect(trace.decisions("backgroundActivitySessionNotInUse").map(\.time) == [10])
        #expect(trace.decisions("backgroundActivitySessionStarted").isEmpty)
        let diagnostics = trace.events { if case .backgroundActivitySessionDiagnostic = $0 { true } else { false } }
        #expect(
            diagnostics.map(\.event)
                == (major >= 18 ? [.backgroundActivitySessionDiagnostic([.insufficientlyInUse])] : []))
        #expect((trace.states(to: .suspended).first?.time ?? .infinity) < 100, "not in force: nothing holds the app")
    }

    @Test("invalidate() ends the session at once: the app suspends with nothing else to hold it (LOC-31)")
    func invalidateEndsAtOnce() throws {
        let trace = Trace(Self.trip(), ios: IOSVersion(17), setup: .custom(Self.tracker(invalidateAt: 200)))
        #expect(trace.decisions("backgroundActivitySessionInvalidated").map(\.time) == [200])
        let suspended = try #require(trace.states(to: .suspended).first)
        #expect(suspended.time == 200)
    }

    @Test("the indicator shows under Always too (LOC-31)")
    func indicatorUnderAlways() throws {
        let trace = Trace(Self.trip(authorization: .always), ios: IOSVersion(18), setup: .custom(Self.tracker()))
        let shown = try #require(trace.decisions("locationIndicatorShown").first)
        #expect(shown.decision.fields.contains(Field("authorization", "always")))
        #expect(shown.decision.rules == ["LOC-31", "LOC-8"] || shown.decision.rules == ["LOC-8", "LOC-31"])
    }

    @Test("before iOS 17 there are no live updates and no sessions (LOC-8)")
    func refusedBefore17() {
        let trace = Trace(Self.trip(), ios: IOSVersion(16), setup: .custom(Self.tracker()))
        let refused = trace.decisions("commandRefused").compactMap { $0.decision.fields.first?.value }
        #expect(refused == [.string("startLiveUpdates"), .string("startBackgroundActivitySession")])
        #expect(Self.fixes(trace).isEmpty)
    }

    @Test(
        "a session brings region events to a suspended When-In-Use app (LOC-8); without one they are suppressed (LOC-16)",
        arguments: [true, false])
    func monitoringEventsWithSession(session: Bool) {
        // The user walks off after 900 s: by then the app is suspended (no live updates hold it).
        let scenario = Scenarios.make(
            duration: 1500, at: LocalPoint(east: 0, north: 0), walkFrom: 900,
            legs: [RouteLeg(destination: LocalPoint(east: 1000, north: 0), speed: 5)], authorization: .whenInUse)
        let fence = MonitoredRegion(
            id: "office", shape: .circle(center: scenario.world.projection.coordinate(for: .zero), radius: 100))
        let tracker = Scripted("FenceTracker", modes: [.location], authorization: .whenInUse) { event, _ in
            guard case .didFinishLaunching = event else { return [] }
            return [.startMonitoring(fence)] + (session ? [.startBackgroundActivitySession] : [])
        }
        let trace = Trace(scenario, ios: IOSVersion(17), setup: .custom(tracker))
        let exits = trace.events { $0 == .regionExited("office") }
        #expect(exits.isEmpty == !session)
        #expect(trace.decisions("wakeSuppressed").isEmpty == session)
    }

    @Test(
        "geofences beside the live-session logger: a When-In-Use app hears its fence exit in the background on 17, not on 16 (LOC-8, LOC-16)",
        arguments: [16, 17])
    func geofencesBesideTheLogger(major: Int) {
        // Leaves a 100 m fence at the start, then drives on, stops for 15 min and leaves a second
        // fence at the stop while the app is suspended at rest.
        let scenario = Scenarios.make(
            duration: 2400, at: .zero, walkFrom: 100,
            legs: [
                RouteLeg(destination: LocalPoint(east: 3000, north: 0), speed: 10, pause: 900),
                RouteLeg(destination: LocalPoint(east: 6000, north: 0), speed: 10),
            ], authorization: .whenInUse)
        let projection = scenario.world.projection
        let fences = RegionMonitor(regions: [
            MonitoredRegion(
                id: "stop",
                shape: .circle(center: projection.coordinate(for: LocalPoint(east: 3000, north: 0)), radius: 100))
        ])
        let setup = StrategySetup.custom(LocationLogger(options: .init(updates: .liveSession)), fences)
        let trace = Trace(scenario, ios: IOSVersion(major), setup: setup)
        let exits = trace.events { $0 == .regionExited("stop") }
        #expect(exits.count == (major >= 17 ? 1 : 0))
    }

    @Test("relaunched into the background, the app reattaches to its last process's session (LOC-8)")
    func reattachAfterRelaunch() throws {
        let tracker = Scripted("Reattacher", modes: [.location], authorization: .always) { event, _ in
            guard case .didFinishLaunching = event else { return [] }
            return [
                .startMonitoringSignificantLocationChanges, .startBackgroundActivitySession, .startLiveUpdates(.other),
            ]
        }
        // Still until 900 s: at rest at 600, suspended, then removed for memory; the drive's
        // significant change relaunches the app.
        let scenario = Scenarios.make(
            duration: 2000, walkFrom: 900, legs: [RouteLeg(destination: LocalPoint(east: 5000, north: 0), speed: 10)],
            actions: [UserAction(at: 700, .memoryPressure)])
        let trace = Trace(scenario, ios: IOSVersion(17), setup: .custom(tracker))
        #expect(trace.metrics.terminations.map(\.reason) == [.memoryPressure])
        let started = trace.decisions("backgroundActivitySessionStarted")
        #expect(started.map { $0.decision.fields } == [[Field("reattached", false)], [Field("reattached", true)]])
        let relaunched = try #require(started.last)
        #expect(relaunched.time > 900)
        #expect(trace.decisions("locationIndicatorShown").contains { $0.time == relaunched.time })
        #expect(Self.fixes(trace).contains { $0.time > relaunched.time + 5 && $0.update.location != nil })
    }

    @Test(
        "Allow Once lasts while live updates run in the background with a session, and ends when it is invalidated (AUTH-4, LOC-8)"
    )
    func allowOnceWhileInUse() throws {
        var scenario = Self.trip(authorization: .notDetermined)
        scenario.actions.insert(UserAction(at: 1, .allowOnce), at: 1)
        let tracker = Scripted("OnceTracker", modes: [.location], authorization: .whenInUse) { event, context in
            switch event {
            case .didFinishLaunching:
                return [.requestWhenInUseAuthorization, .setTimer(TimerRequest(id: "end", interval: 200))]
            case .authorizationChanged(.whenInUse) where context.appState == .active:
                return [.startBackgroundActivitySession, .startLiveUpdates(.other)]
            case .timerFired("end"): return [.invalidateBackgroundActivitySession]
            default: return []
            }
        }
        let trace = Trace(scenario, ios: IOSVersion(17), setup: .custom(tracker))
        let changes = trace.events { if case .authorizationChanged = $0 { true } else { false } }
        #expect(
            changes.map(\.event) == [
                .authorizationChanged(.notDetermined), .authorizationChanged(.whenInUse),
                .authorizationChanged(.notDetermined),
            ])
        #expect(changes.last?.time == 200, "in use until the session ends, not at Home")
    }
}
