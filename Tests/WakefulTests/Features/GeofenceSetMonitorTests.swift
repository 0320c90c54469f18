import Foundation
import Testing
import Wakeful
import WakefulTestSupport

extension Array where Element == Command {
    /// The conditions these commands add to the set's monitor, by identifier, with the state assumed.
    var addedConditions: [(RegionID, MonitorConditionState)] {
        compactMap {
            if case .addMonitorCondition(GeofenceSet.monitorName, let condition, let assuming) = $0 {
                (condition.id, assuming)
            } else {
                nil
            }
        }
    }

    /// The conditions these commands remove from the set's monitor.
    var removedConditions: [RegionID] {
        compactMap { if case .removeMonitorCondition(GeofenceSet.monitorName, let id) = $0 { id } else { nil } }
    }
}

@Suite("GeofenceSet on CLMonitor", .watchdog, .cpuBound)
struct GeofenceSetMonitorTests {
    static func set(_ fences: [Geofence] = Fences.line(300)) -> GeofenceSet {
        GeofenceSet(options: .init(fences: fences, api: .monitor))
    }

    static func event(_ id: RegionID, _ state: MonitorConditionState, limit: Bool = false) -> Event {
        .monitorEvent(
            MonitorEvent(monitor: GeofenceSet.monitorName, id: id, state: state, conditionLimitExceeded: limit))
    }

    @Test("the launch opens the monitor first; region commands wait for it, then become conditions (CLMON-3)")
    func launchOpensFirst() {
        var set = Self.set(Fences.line(3))
        let launch = set.handle(.didFinishLaunching(.user), in: Contexts.foreground())
        #expect(launch == [.openMonitor(name: GeofenceSet.monitorName)])
        let opened = set.handle(
            .monitorOpened(name: GeofenceSet.monitorName, conditions: []), in: Contexts.foreground())
        // No requestState: an add assuming an unknown state gets the state as an event.
        #expect(opened.addedConditions.map(\.0) == ["f0", "f1", "f2"])
        #expect(opened.addedConditions.allSatisfy { $0.1 == .unknown })
        #expect(opened.count == 3)
        #expect(set.monitorPath.open)
    }

    @Test("the first event of an added condition answers for its state: inside records an entry, outside nothing")
    func initialState() {
        var set = Self.set(Fences.line(3))
        _ = set.handle(.didFinishLaunching(.user), in: Contexts.foreground())
        _ = set.handle(.monitorOpened(name: GeofenceSet.monitorName, conditions: []), in: Contexts.foreground())
        let outside = set.handle(Self.event("f1", .unsatisfied), in: Contexts.background(5))
        #expect(outside.records.isEmpty)
        let inside = set.handle(Self.event("f0", .satisfied), in: Contexts.background(5))
        #expect(inside.records.map(\.kind) == [GeofenceSet.enteredKind])
        #expect(inside.records.first?.fields.first { $0.key == "via" }?.value == .string("state"))
        // Later events are transitions.
        let exit = set.handle(Self.event("f0", .unsatisfied), in: Contexts.background(60))
        #expect(exit.records.map(\.kind) == [GeofenceSet.exitedKind])
    }

    @Test(
        "a relaunched process learns the kept conditions, adds none again and records the exit that relaunched it (CLMON-2, CLMON-3)"
    )
    func relaunch() {
        var set = Self.set(Fences.line(3))
        _ = set.handle(.didFinishLaunching(.region), in: Contexts.background(0))
        let opened = set.handle(
            .monitorOpened(name: GeofenceSet.monitorName, conditions: ["f0", "f1", "f2"]), in: Contexts.background(0))
        #expect(opened.addedConditions.isEmpty)
        let exit = set.handle(Self.event("f1", .unsatisfied), in: Contexts.background(0))
        #expect(exit.records.map(\.kind) == [GeofenceSet.exitedKind])
    }

    @Test(
        "refused before protected data: opened again when it becomes available, then the waiting commands go (CLMON-2)")
    func protectedData() {
        var set = Self.set(Fences.line(2))
        _ = set.handle(.didFinishLaunching(.region), in: Contexts.background(0))
        let refused = set.handle(
            .monitorOpenFailed(name: GeofenceSet.monitorName, reason: .protectedDataUnavailable),
            in: Contexts.background(0))
        #expect(refused.isEmpty)
        #expect(set.monitorPath.waitsForProtectedData)
        let unlocked = set.handle(.protectedDataDidBecomeAvailable, in: Contexts.background(30))
        #expect(unlocked == [.openMonitor(name: GeofenceSet.monitorName)])
        let opened = set.handle(
            .monitorOpened(name: GeofenceSet.monitorName, conditions: ["f0"]), in: Contexts.background(30))
        #expect(opened.addedConditions.map(\.0) == ["f1"])
    }

    @Test("before iOS 17 the set falls back to regions with the same commands as the regions path (LOC-24)")
    func fallsBackToRegions() {
        var onMonitor = Self.set(Fences.line(3))
        var onRegions = GeofenceSet(options: .init(fences: Fences.line(3)))
        let expected = onRegions.handle(.didFinishLaunching(.user), in: Contexts.foreground())
        _ = onMonitor.handle(.didFinishLaunching(.user), in: Contexts.foreground())
        let fallback = onMonitor.handle(
            .monitorOpenFailed(name: GeofenceSet.monitorName, reason: .unavailable), in: Contexts.foreground())
        #expect(fallback == expected)
        #expect(!onMonitor.monitorPath.active)
        #expect(onMonitor.handle(.regionEntered("f0"), in: Contexts.background(9)).records.count == 1)
    }

    @Test("swaps: the swap fence is added assuming inside, its exit asks for a fix, stale fences are removed")
    func swap() throws {
        var set = Self.set()
        _ = set.handle(.didFinishLaunching(.user), in: Contexts.foreground(0))
        _ = set.handle(.monitorOpened(name: GeofenceSet.monitorName, conditions: []), in: Contexts.foreground(0))
        let chosen = set.handle(.locationsUpdated([Fences.fix(east: 50_000)]), in: Contexts.foreground(1))
        #expect(chosen.addedConditions.count == 20)
        let swap = try #require(chosen.addedConditions.last)
        #expect(swap.0 == GeofenceSet.swapRegionID && swap.1 == .satisfied)
        let exit = set.handle(Self.event(GeofenceSet.swapRegionID, .unsatisfied), in: Contexts.background(600))
        #expect(exit.contains(.requestLocation))
        let moved = set.handle(.locationsUpdated([Fences.fix(east: 55_000)]), in: Contexts.background(601))
        #expect(moved.removedConditions == (91...100).map { RegionID("f\($0)") })
        #expect(moved.addedConditions.map(\.0).contains("f119"))
    }

    @Test(
        "a condition over the limit (18+) is removed and handled as a refusal for the limit: sweep, then add again (CLMON-1)"
    )
    func limit() {
        var set = Self.set(Fences.line(3))
        _ = set.handle(.didFinishLaunching(.user), in: Contexts.foreground())
        _ = set.handle(.monitorOpened(name: GeofenceSet.monitorName, conditions: []), in: Contexts.foreground())
        let refused = set.handle(Self.event("f2", .unknown, limit: true), in: Contexts.foreground())
        // The dead condition goes first, so that it holds no place and no relaunch takes it for watched.
        #expect(refused.first == .removeMonitorCondition(monitor: GeofenceSet.monitorName, id: "f2"))
        #expect(refused.addedConditions.map(\.0) == ["f2"])
        #expect(set.monitorPath.registered.contains("f2"))
    }

    @Test("the api option decodes, and the regions path issues no monitor command")
    func option() throws {
        let options = try JSONDecoder().decode(
            GeofenceSet.Options.self,
            from: Data(
                #"{"fences": [], "selection": "nearest", "regionSlots": 20, "minimumSwapRadius": 100, "maximumSwapRadius": 20000, "exitMargin": 200, "exitDwell": 20, "api": "monitor"}"#
                    .utf8))
        #expect(options.api == .monitor)
        var regions = GeofenceSet(options: .init(fences: Fences.line(3)))
        let commands = regions.handle(.didFinishLaunching(.user), in: Contexts.foreground())
        #expect(!commands.contains(.openMonitor(name: GeofenceSet.monitorName)))
        #expect(regions.handle(Self.event("f0", .satisfied), in: Contexts.foreground()).isEmpty)
    }
}
