import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("GeofenceSet", .watchdog, .cpuBound)
struct GeofenceSetTests {
    static func set(_ fences: [Geofence] = Fences.line(300), slots: Int = 20) -> GeofenceSet {
        GeofenceSet(options: .init(fences: fences, regionSlots: slots))
    }

    @Test("name and requirements (LOC-16: Always)")
    func identity() {
        #expect(Self.set().name == "GeofenceSet")
        #expect(
            Self.set().requirements
                == Requirements(
                    locationAuthorization: .always, locationCapabilities: [.relaunch, .regionMonitoring, .preciseFixes])
        )
    }

    @Test("20 fences or fewer: monitored at launch with their state asked, no fix needed (LOC-17, LOC-18)")
    func fewFences() {
        var set = Self.set(Fences.line(3))
        let commands = set.handle(.didFinishLaunching(.user), in: Contexts.foreground())
        #expect(
            commands
                == Fences.line(3).flatMap { fence -> [Command] in
                    let circle = fence.monitoredCircle
                    return [
                        .startMonitoring(
                            MonitoredRegion(id: fence.id, shape: .circle(center: circle.center, radius: circle.radius))),
                        .requestState(fence.id),
                    ]
                })
        #expect(!set.awaitingFix)
    }

    @Test("more: launch asks for a fix inside a task, then monitors the nearest 19 and the swap fence")
    func launch() throws {
        var set = Self.set()
        let launch = set.handle(.didFinishLaunching(.region), in: Contexts.background(0))
        #expect(launch.begunTasks.count == 1)
        #expect(launch.contains(.requestLocation))
        #expect(set.awaitingFix)
        let chosen = set.handle(.locationsUpdated([Fences.fix(east: 50_000)]), in: Contexts.background(1))
        #expect(chosen.startedRegions.count == 20)
        #expect(Set(chosen.startedRegions.dropLast()) == Set((91...109).map { RegionID("f\($0)") }))
        let swap = try #require(chosen.swapFence)
        #expect(swap.notifyOnEntry == false)
        guard case .circle(let center, let radius) = swap.shape else {
            Issue.record("the swap fence is not a circle")
            return
        }
        #expect(center == Fences.at(east: 50_000))
        #expect(abs(radius - 4_700) < 1)
        #expect(chosen.endedTasks == launch.begunTasks)
        #expect(!set.awaitingFix)
    }

    @Test("relaunched for the swap fence's exit: one request for a fix, one task")
    func relaunchForSwap() {
        var set = Self.set()
        let launch = set.handle(.didFinishLaunching(.region), in: Contexts.background(0))
        let exit = set.handle(.regionExited(GeofenceSet.swapRegionID), in: Contexts.background(0))
        #expect(launch.filter { $0 == .requestLocation }.count == 1)
        #expect(exit.isEmpty)
        #expect(set.awaitingFix)
    }

    @Test("leaving the swap fence re-selects: only the changed fences are stopped and started")
    func swap() throws {
        var set = Self.set()
        _ = set.handle(.didFinishLaunching(.user), in: Contexts.foreground(0))
        _ = set.handle(.locationsUpdated([Fences.fix(east: 50_000)]), in: Contexts.foreground(1))
        let exit = set.handle(.regionExited(GeofenceSet.swapRegionID), in: Contexts.background(600))
        #expect(exit.contains(.requestLocation))
        #expect(exit.begunTasks.count == 1)
        let moved = set.handle(.locationsUpdated([Fences.fix(east: 55_000)]), in: Contexts.background(601))
        // Now 101…119 around fence 110: 91…100 go, 110…119 come.
        #expect(moved.stoppedRegions == (91...100).map { RegionID("f\($0)") })
        #expect(Set(moved.startedRegions) == Set((110...119).map { RegionID("f\($0)") } + [GeofenceSet.swapRegionID]))
        #expect(moved.filter { if case .requestState = $0 { true } else { false } }.count == 10)
        #expect(set.monitored.count == 19)
        #expect(try #require(set.swap).center == Fences.at(east: 55_000))
    }

    @Test("while updates run, a fix half a swap radius away re-selects without waiting for the exit")
    func updates() {
        var set = Self.set()
        _ = set.handle(.didFinishLaunching(.user), in: Contexts.foreground(0))
        _ = set.handle(.locationsUpdated([Fences.fix(east: 50_000)]), in: Contexts.foreground(1))
        #expect(set.handle(.locationsUpdated([Fences.fix(east: 51_000)]), in: Contexts.foreground(2)).isEmpty)
        let moved = set.handle(.locationsUpdated([Fences.fix(east: 52_500)]), in: Contexts.foreground(3))
        #expect(moved.swapFence != nil)
    }

    /// A set that left its swap fence at 600 s and waits for a fix, with the task it holds for it.
    static func awaitingFix() -> (set: GeofenceSet, task: BackgroundTaskID) {
        var set = Self.set()
        _ = set.handle(.didFinishLaunching(.user), in: Contexts.foreground(0))
        _ = set.handle(.locationsUpdated([Fences.fix(east: 50_000)]), in: Contexts.foreground(1))
        let exit = set.handle(.regionExited(GeofenceSet.swapRegionID), in: Contexts.background(600))
        return (set, exit.begunTasks[0])
    }

    @Test("no fix before the task expires: fences kept, significant changes bring the fix (LOC-10, LOC-33)")
    func noFix() {
        let awaiting = Self.awaitingFix()
        var set = awaiting.set
        let task = awaiting.task
        let expired = set.handle(.backgroundTaskExpiring(task), in: Contexts.background(630))
        #expect(expired == [.endBackgroundTask(task), .startMonitoringSignificantLocationChanges])
        #expect(set.monitored.count == 19)
        let change = set.handle(.significantLocationChange(Fences.fix(east: 56_000)), in: Contexts.background(900))
        #expect(change.swapFence != nil)
        #expect(change.last == .stopMonitoringSignificantLocationChanges)
        #expect(!set.fallbackRunning)
    }

    @Test("a failed one-shot fix falls back to significant changes at once and ends the task")
    func fixFailed() {
        let awaiting = Self.awaitingFix()
        var set = awaiting.set
        let task = awaiting.task
        let failed = set.handle(.locationRequestFailed(.locationUnknown), in: Contexts.background(602))
        #expect(failed == [.startMonitoringSignificantLocationChanges, .endBackgroundTask(task)])
        #expect(!set.awaitingFix && set.fallbackRunning)
        #expect(set.handle(.locationRequestFailed(.locationUnknown), in: Contexts.background(603)).isEmpty)
    }

    @Test(
        "refused for the limit: first it stops the fences it does not want and retries, then gives up a slot (LOC-17)")
    func limit() {
        var set = Self.set()
        _ = set.handle(.didFinishLaunching(.region), in: Contexts.background(0))
        _ = set.handle(.locationsUpdated([Fences.fix(east: 50_000)]), in: Contexts.background(1))
        let first = set.handle(.regionMonitoringFailed("f109", .tooManyRegions), in: Contexts.background(1))
        #expect(first.stoppedRegions.count == 300 - 18)
        #expect(!first.stoppedRegions.contains("f100"))
        #expect(first.startedRegions == ["f109"])
        let second = set.handle(.regionMonitoringFailed("f109", .tooManyRegions), in: Contexts.background(1))
        #expect(set.lostSlots == 1)
        #expect(set.monitored.count == 18)
        #expect(second.swapFence != nil)
    }

    @Test("refused for another reason: recorded, never asked again")
    func refused() {
        var set = Self.set()
        _ = set.handle(.didFinishLaunching(.region), in: Contexts.background(0))
        _ = set.handle(.locationsUpdated([Fences.fix(east: 50_000)]), in: Contexts.background(1))
        let failed = set.handle(.regionMonitoringFailed("f100", .notAuthorized), in: Contexts.background(1))
        #expect(failed.records.map(\.kind) == [GeofenceSet.failedKind])
        #expect(set.refused == [100])
    }

    @Test("entry and exit are recorded once, whether iOS reports the transition, the state or both")
    func entryExit() {
        var set = Self.set(Fences.line(3))
        _ = set.handle(.didFinishLaunching(.user), in: Contexts.foreground(0))
        let entry =
            set.handle(.regionEntered("f1"), in: Contexts.background(100))
            + set.handle(.regionStateDetermined("f1", .inside), in: Contexts.background(100))
        #expect(entry.records.map(\.kind) == [GeofenceSet.enteredKind])
        #expect(entry.records.first?.fields.first == Field("fence", .string("f1")))
        let exit =
            set.handle(.regionExited("f1"), in: Contexts.background(300))
            + set.handle(.regionStateDetermined("f1", .outside), in: Contexts.background(300))
        #expect(exit.records.map(\.kind) == [GeofenceSet.exitedKind])
        #expect(set.handle(.regionStateDetermined("f2", .outside), in: Contexts.background(301)).isEmpty)
    }

    @Test("a polygon's entry waits for a fix inside the polygon, not just its circle")
    func polygon() {
        var set = Self.set([Geofence(id: "yard", polygon: PolygonContainmentTests.u)])
        _ = set.handle(.didFinishLaunching(.user), in: Contexts.foreground(0))
        #expect(set.handle(.regionEntered("yard"), in: Contexts.background(10)) == [.requestLocation])
        // In the notch: inside the circle, outside the polygon.
        #expect(set.handle(.locationsUpdated([Fences.fix(east: 150, north: 200)]), in: Contexts.background(11)).isEmpty)
        let confirmed = set.handle(.locationsUpdated([Fences.fix(east: 50, north: 250)]), in: Contexts.background(12))
        #expect(confirmed.records.map(\.kind) == [GeofenceSet.enteredKind])
        #expect(confirmed.records.first?.fields.contains(Field("via", .string("fix"))) == true)
        // Leaving the circle unconfirmed records nothing.
        var other = Self.set([Geofence(id: "yard", polygon: PolygonContainmentTests.u)])
        _ = other.handle(.didFinishLaunching(.user), in: Contexts.foreground(0))
        _ = other.handle(.regionEntered("yard"), in: Contexts.background(10))
        #expect(other.handle(.regionExited("yard"), in: Contexts.background(60)).records.isEmpty)
    }
}
