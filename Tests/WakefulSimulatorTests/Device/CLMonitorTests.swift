import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Opens the monitor `probe` and adds the conditions it does not keep yet: what an app does with
/// `CLMonitor` at launch. With `reopens` false only a process the user opened opens it.
struct MonitorProbe: Strategy {
    var conditions: [MonitorCondition]
    var reopens = true
    /// Whether it opens the monitor again on `protectedDataDidBecomeAvailable` after a refusal.
    var waitsForProtectedData = false
    /// Whether it adds its conditions right after opening, without waiting to hear that it opened.
    var addsAtOnce = false

    var name: String { "MonitorProbe" }
    var requirements: Requirements {
        Requirements(backgroundModes: [.remoteNotification], locationAuthorization: .always)
    }

    mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .didFinishLaunching(let reason) where reopens || reason == .user:
            let adds =
                addsAtOnce
                ? conditions.map { Command.addMonitorCondition(monitor: "probe", $0, assuming: .unknown) } : []
            return [.openMonitor(name: "probe")] + adds
        case .monitorOpened(_, let kept):
            return conditions.filter { !kept.contains($0.id) }.map {
                .addMonitorCondition(monitor: "probe", $0, assuming: .unknown)
            }
        case .protectedDataDidBecomeAvailable where waitsForProtectedData:
            return [.openMonitor(name: "probe")]
        case .remoteNotification(let push):
            return [.completeRemoteNotification(id: push.id, result: .noData)]
        default:
            return []
        }
    }
}

/// CLMON-1 to CLMON-4: the `CLMonitor` model.
@Suite("CLMonitor in the simulator", .watchdog, .cpuBound)
struct CLMonitorTests {
    /// A walk from home (inside the 150 m `home` condition) 1500 m east to `far`, a pause, and back.
    static func walk(_ actions: String = "", variants: String = "", pushAt: Int? = nil) throws -> Scenario {
        let pushes =
            pushAt.map { #", "pushes": [{"at": \#($0), "type": "background", "priority": 5, "id": "sync"}]"# } ?? ""
        return try Scenario.decode(
            Data(
                #"""
                {"name": "walk", "duration": 3200, "device": {"variants": [\#(variants)]},
                 "app": {"locationAuthorization": "always"},
                 "world": {"origin": {"lat": 48.8566, "lon": 2.3522},
                           "movement": {"start": {"east": 0, "north": 0}, "startTime": 600,
                           "legs": [{"to": {"east": 1500, "north": 0}, "speed": 1.5, "pause": 300},
                                    {"to": {"east": 0, "north": 0}, "speed": 1.5}]}\#(pushes)},
                 "user": [{"at": 0, "action": "open"}, {"at": 10, "action": "home"}\#(actions)]}
                """#.utf8), file: "walk.json", directory: nil)
    }

    static func condition(_ id: RegionID, east: Double, in scenario: Scenario) -> MonitorCondition {
        MonitorCondition(
            id: id, center: scenario.world.projection.coordinate(for: LocalPoint(east: east, north: 0)), radius: 150)
    }

    static func probe(_ scenario: Scenario, reopens: Bool = true) -> MonitorProbe {
        MonitorProbe(
            conditions: [condition("home", east: 0, in: scenario), condition("far", east: 1500, in: scenario)],
            reopens: reopens)
    }

    static func run(_ scenario: Scenario, _ probe: some Strategy, ios: IOSVersion = IOSVersion(17)) -> [TimelineEntry] {
        var timeline = InMemoryTimeline()
        _ = Simulator.run(scenario, ios: ios, setup: .custom(probe), seed: 1, timeline: &timeline)
        return timeline.entries
    }

    static func events(_ entries: [TimelineEntry]) -> [(time: TimeInterval, event: MonitorEvent)] {
        entries.compactMap { entry in
            guard case .event(.monitorEvent(let event)) = entry.body else { return nil }
            return (entry.time, event)
        }
    }

    static func decisions(_ entries: [TimelineEntry], _ name: String) -> [SystemDecision] {
        entries.compactMap { entry in
            guard case .decision(let decision) = entry.body, decision.name == name else { return nil }
            return decision
        }
    }

    @Test("before iOS 17 there is no monitor: the open and the adds are refused (LOC-24)")
    func noMonitorBefore17() throws {
        let scenario = try Self.walk()
        var probe = Self.probe(scenario)
        probe.addsAtOnce = true
        let entries = Self.run(scenario, probe, ios: IOSVersion(16, 7))
        let failures = entries.compactMap { entry -> MonitorOpenFailure? in
            guard case .event(.monitorOpenFailed("probe", let reason)) = entry.body else { return nil }
            return reason
        }
        #expect(failures == [.unavailable])
        #expect(Self.decisions(entries, "monitorRefused").count == 1)
        #expect(Self.events(entries).isEmpty)
        // Each add is refused, citing the version rule.
        let refused = Self.decisions(entries, "commandRefused")
        #expect(refused.count == 2)
        #expect(refused.allSatisfy { $0.rules == ["LOC-24"] })
    }

    @Test("the initial state, the exit from home and the entry at far reach the open monitor (CLMON-2, LOC-19)")
    func eventsReachTheMonitor() throws {
        let scenario = try Self.walk()
        let events = Self.events(Self.run(scenario, Self.probe(scenario)))
        let summary = events.map { "\($0.event.id)=\($0.event.state)" }
        // Added assuming unknown: each condition reports its state once, then the crossings.
        #expect(
            summary == [
                "home=satisfied", "far=unsatisfied", "home=unsatisfied", "far=satisfied", "far=unsatisfied",
                "home=satisfied",
            ])
        // The exit comes ≥200 m past the edge (Wi-Fi positioning) and 20 s later (LOC-19).
        let exit = try #require(events.first { $0.event.id == "home" && $0.event.state == .unsatisfied })
        #expect(exit.time >= 600 + 350 / 1.5 + 20)
    }

    @Test("conditions persist into a relaunched process, which gets the event that relaunched it (CLMON-2, CLMON-3)")
    func relaunchDeliversThePendingEvent() throws {
        let scenario = try Self.walk(#", {"at": 300, "action": "memoryPressure"}"#)
        let entries = Self.run(scenario, Self.probe(scenario))
        let opened = entries.compactMap { entry -> [RegionID]? in
            guard case .event(.monitorOpened("probe", let kept)) = entry.body else { return nil }
            return kept
        }
        #expect(opened == [[], ["home", "far"]])
        let exit = try #require(Self.events(entries).first { $0.event.id == "home" && $0.event.state == .unsatisfied })
        let relaunch = try #require(
            entries.first {
                if case .event(.didFinishLaunching(.region)) = $0.body { true } else { false }
            })
        #expect(exit.time == relaunch.time)
        #expect(Self.decisions(entries, "monitorConditionDropped").isEmpty)
    }

    @Test("a relaunched app that does not open the monitor loses the condition (CLMON-3)")
    func unclaimedEventStopsTheCondition() throws {
        let scenario = try Self.walk(#", {"at": 300, "action": "memoryPressure"}"#)
        let entries = Self.run(scenario, Self.probe(scenario, reopens: false))
        let dropped = Self.decisions(entries, "monitorConditionDropped")
        // `home`'s exit relaunches the app, which does not open the monitor: the condition goes.
        // `far`'s entry later finds no open monitor either, and goes too.
        #expect(dropped.map { $0.fields.first { $0.key == "condition" }?.value } == [.string("home"), .string("far")])
        // Nothing reaches the app after the first process.
        let relaunch = try #require(
            entries.first { if case .event(.didFinishLaunching(.region)) = $0.body { true } else { false } })
        #expect(Self.events(entries).allSatisfy { $0.time < relaunch.time })
    }

    @Test(
        "20 conditions per app; the 21st gets no updates, and from 18 an event says so (CLMON-1)", arguments: [17, 18])
    func conditionLimit(major: Int) throws {
        let scenario = try Self.walk()
        var probe = Self.probe(scenario)
        // 19 fillers far away, then home and far: far is the 21st.
        let fillers = (0..<19).map {
            Self.condition(RegionID("filler-\($0)"), east: -5000 - Double($0) * 400, in: scenario)
        }
        probe.conditions = fillers + probe.conditions
        let entries = Self.run(scenario, probe, ios: IOSVersion(major))
        #expect(Self.decisions(entries, "monitorConditionOverLimit").count == 1)
        let far = Self.events(entries).filter { $0.event.id == "far" }
        if major >= 18 {
            #expect(far.map(\.event.conditionLimitExceeded) == [true])
            #expect(far.map(\.event.state) == [.unknown])
        } else {
            #expect(far.isEmpty)
        }
        #expect(Self.events(entries).contains { $0.event.id == "home" && $0.event.state == .unsatisfied })
    }

    @Test(
        "conditions in a complete-class file: a relaunch on a locked phone cannot open the monitor, and the condition is lost (CLMON-2, CLMON-3, DATA-4)",
        arguments: [DataProtectionClass.completeUntilFirstUserAuthentication, .complete])
    func protectedData(protection: DataProtectionClass) throws {
        let scenario = try Self.walk(#", {"at": 20, "action": "lock"}, {"at": 300, "action": "memoryPressure"}"#)
        var policy = Simulator.policy(for: scenario, ios: IOSVersion(17))
        policy.monitor.conditionFileProtection = protection
        var probe = Self.probe(scenario)
        probe.waitsForProtectedData = true
        var device = SimulatedDevice(
            scenario: scenario, policy: policy, setup: .custom(probe), seed: 1, timeline: InMemoryTimeline())
        _ = device.run()
        let entries = device.timeline.entries
        let refusals = Self.decisions(entries, "monitorRefused")
        let dropped = Self.decisions(entries, "monitorConditionDropped")
        if protection == .complete {
            #expect(refusals.count >= 1)
            #expect(!dropped.isEmpty)
        } else {
            #expect(refusals.isEmpty)
            #expect(dropped.isEmpty)
            #expect(Self.events(entries).contains { $0.event.id == "far" && $0.event.state == .satisfied })
        }
    }

    @Test("under CONF-22 a withheld entry followed by the exit is never delivered: the app hears where the device is")
    func withheldEntryOvertaken() throws {
        let scenario = try Self.walk(
            #", {"at": 300, "action": "memoryPressure"}, {"at": 3000, "action": "open"}"#, variants: #""CONF-22""#,
            pushAt: 500)
        let entries = Self.run(scenario, Self.probe(scenario))
        let states = Self.events(entries).filter { $0.event.id == "far" }.map(\.event.state)
        #expect(!Self.decisions(entries, "monitorEntryWithheld").isEmpty)
        // The state answer at launch, then the exit; the withheld entry never comes.
        #expect(!states.contains(.satisfied))
        #expect(states.last == .unsatisfied)
    }

    @Test(
        "an entry reaches a push-launched app by default; under CONF-22 it waits until the app is opened, while exits arrive (CLMON-4)",
        arguments: [false, true])
    func entriesAfterAPushLaunch(withheld: Bool) throws {
        let scenario = try Self.walk(
            #", {"at": 300, "action": "memoryPressure"}, {"at": 1800, "action": "open"}"#,
            variants: withheld ? #""CONF-22""# : "", pushAt: 500)
        let entries = Self.run(scenario, Self.probe(scenario))
        let launched = try #require(
            entries.first { if case .event(.didFinishLaunching(.remoteNotification)) = $0.body { true } else { false } }
        )
        #expect(launched.time >= 500 && launched.time < 600)
        let events = Self.events(entries).filter { $0.time > launched.time }
        let exit = try #require(events.first { $0.event.id == "home" && $0.event.state == .unsatisfied })
        let entry = try #require(events.first { $0.event.id == "far" && $0.event.state == .satisfied })
        #expect(exit.time < 1000)
        #expect(!Self.decisions(entries, "monitorEntryWithheld").isEmpty == withheld)
        if withheld {
            // Opened while still at `far` (its pause is 1600–1900 s).
            #expect(entry.time == 1800)
        } else {
            #expect(entry.time < 1700)
        }
    }
}
