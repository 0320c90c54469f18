import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("GeofenceSet dwell", .watchdog, .cpuBound)
struct GeofenceDwellTests {
    static let fences = Fences.line(3, dwell: 300)

    static func launched() -> GeofenceSet {
        var set = GeofenceSet(options: .init(fences: fences))
        _ = set.handle(.didFinishLaunching(.user), in: Contexts.foreground(0))
        return set
    }

    @Test("the region identifier carries the entry time, and reads back")
    func identifier() {
        let id = GeofenceDwell.regionID(fence: "shop-12", since: 36_000.5)
        #expect(id == "shop-12|since=36000.5")
        #expect(GeofenceDwell.parse(id).fence == "shop-12")
        #expect(GeofenceDwell.parse(id).since == 36_000.5)
        #expect(GeofenceDwell.parse("shop-12").since == nil)
        #expect(GeofenceDwell.parse("odd|since=never").fence == "odd|since=never")
        #expect(GeofenceDwell.parse("a|b|since=5").fence == "a|b")
        #expect(GeofenceDwell.parse("a|b").since == nil)
    }

    @Test("on entry the fence is monitored under its entry time and a timer is set for the dwell (LOC-18)")
    func entry() {
        var set = Self.launched()
        let entry = set.handle(.regionEntered("f1"), in: Contexts.background(100))
        let timed = GeofenceDwell.regionID(fence: "f1", since: 100)
        #expect(entry.stoppedRegions == ["f1"])
        #expect(entry.startedRegions == [timed])
        #expect(entry.contains(.requestState(timed)))
        #expect(entry.contains(.setTimer(TimerRequest(id: GeofenceSet.dwellTimer, interval: 300))))
    }

    @Test("the timer records the dwell while the app runs, and the plain identifier comes back")
    func timer() {
        var set = Self.launched()
        _ = set.handle(.regionEntered("f1"), in: Contexts.background(100))
        #expect(set.handle(.timerFired(GeofenceSet.dwellTimer), in: Contexts.background(399)).records.isEmpty)
        let due = set.handle(.timerFired(GeofenceSet.dwellTimer), in: Contexts.background(400))
        #expect(due.records.map(\.kind) == [GeofenceSet.dwellKind])
        #expect(due.records.first?.fields.contains(Field("since", .double(100))) == true)
        #expect(due.startedRegions == ["f1"])
        // Once per stay.
        #expect(set.handle(.timerFired(GeofenceSet.dwellTimer), in: Contexts.background(500)).records.isEmpty)
        #expect(
            set.handle(.regionExited("f1"), in: Contexts.background(900)).records.map(\.kind) == [
                GeofenceSet.exitedKind
            ])
    }

    @Test("suspended through the due time: the dwell is recorded at the exit, before it")
    func atExit() {
        var set = Self.launched()
        _ = set.handle(.regionEntered("f1"), in: Contexts.background(100))
        let exit = set.handle(
            .regionExited(GeofenceDwell.regionID(fence: "f1", since: 100)), in: Contexts.background(700))
        #expect(exit.records.map(\.kind) == [GeofenceSet.dwellKind, GeofenceSet.exitedKind])
        #expect(exit.records.first?.fields.contains(Field("seconds", .double(600))) == true)
        #expect(exit.startedRegions == ["f1"])
    }

    @Test("a stay shorter than the dwell records no dwell")
    func short() {
        var set = Self.launched()
        _ = set.handle(.regionEntered("f1"), in: Contexts.background(100))
        let exit = set.handle(
            .regionExited(GeofenceDwell.regionID(fence: "f1", since: 100)), in: Contexts.background(200))
        #expect(exit.records.map(\.kind) == [GeofenceSet.exitedKind])
    }

    @Test("across a relaunch: the new process reads the entry time from the region that woke it")
    func relaunch() {
        var old = Self.launched()
        _ = old.handle(.regionEntered("f1"), in: Contexts.background(100))
        // The process is killed while suspended; iOS keeps the region and relaunches for its exit.
        var new = GeofenceSet(options: .init(fences: Self.fences))
        _ = new.handle(.didFinishLaunching(.region), in: Contexts.background(1_000))
        let exit = new.handle(
            .regionExited(GeofenceDwell.regionID(fence: "f1", since: 100)), in: Contexts.background(1_000))
        #expect(exit.records.map(\.kind) == [GeofenceSet.dwellKind, GeofenceSet.exitedKind])
        #expect(exit.records.first?.fields.contains(Field("since", .double(100))) == true)
        #expect(exit.stoppedRegions == [GeofenceDwell.regionID(fence: "f1", since: 100)])
    }

    @Test("across a relaunch while still inside: the state answer resumes the timing")
    func relaunchInside() {
        var new = GeofenceSet(options: .init(fences: Self.fences))
        _ = new.handle(.didFinishLaunching(.user), in: Contexts.foreground(200))
        let timed = GeofenceDwell.regionID(fence: "f1", since: 100)
        let state = new.handle(.regionStateDetermined(timed, .inside), in: Contexts.foreground(200))
        #expect(state.records.isEmpty)  // the entry was recorded by the previous process
        #expect(state.contains(.setTimer(TimerRequest(id: GeofenceSet.dwellTimer, interval: 200))))
        #expect(
            new.handle(.timerFired(GeofenceSet.dwellTimer), in: Contexts.foreground(400)).records.map(\.kind) == [
                GeofenceSet.dwellKind
            ])
    }
}

@Suite("GeofenceSet dwell through a refresh task", .watchdog, .cpuBound)
struct GeofenceDwellRefreshTests {
    static let identifier = "com.example.dwell"

    static func launched() -> GeofenceSet {
        var set = GeofenceSet(options: .init(fences: GeofenceDwellTests.fences, dwellRefreshIdentifier: identifier))
        _ = set.handle(.didFinishLaunching(.user), in: Contexts.foreground(0))
        return set
    }

    @Test("it needs the fetch mode and its identifier (BGT-4, BGT-9)")
    func requirements() {
        let requirements = Self.launched().requirements
        #expect(requirements.backgroundModes == [.fetch])
        #expect(requirements.taskIdentifiers == [Self.identifier])
        #expect(GeofenceSet(options: .init(fences: GeofenceDwellTests.fences)).requirements.taskIdentifiers.isEmpty)
    }

    @Test("on entry a refresh is asked for the due time; the task records the dwell, then completes (BGT-8)")
    func refreshRecordsTheDwell() {
        var set = Self.launched()
        let entry = set.handle(.regionEntered("f1"), in: Contexts.background(100))
        #expect(
            entry.contains(
                .submitTaskRequest(TaskRequest(identifier: Self.identifier, kind: .appRefresh, earliestBeginDate: 400)))
        )
        // Suspended through the due time: iOS runs the task later, at its discretion.
        let launch = ScheduledTaskLaunch(identifier: Self.identifier, kind: .appRefresh)
        let run = set.handle(.scheduledTaskLaunched(launch), in: Contexts.background(1_300))
        #expect(run.records.map(\.kind) == [GeofenceSet.dwellKind])
        #expect(run.last == .completeScheduledTask(identifier: Self.identifier, success: true))
        #expect(run.contains(.cancelTaskRequest(identifier: Self.identifier)), "no dwell is left to wait for")
    }

    @Test("left before the dwell: the request is cancelled")
    func exitCancels() {
        var set = Self.launched()
        _ = set.handle(.regionEntered("f1"), in: Contexts.background(100))
        let exit = set.handle(
            .regionExited(GeofenceDwell.regionID(fence: "f1", since: 100)), in: Contexts.background(200))
        #expect(exit.records.map(\.kind) == [GeofenceSet.exitedKind])
        #expect(exit.contains(.cancelTaskRequest(identifier: Self.identifier)))
    }
}
