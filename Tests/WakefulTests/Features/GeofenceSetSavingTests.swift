import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// A ``GeofenceSet`` records each stay once across processes: its stays are saved in the outbox
/// transaction of the records, and the next process's agent hands them back.
@Suite("GeofenceSet across processes", .watchdog, .cpuBound)
struct GeofenceSetSavingTests {
    static let install = UUID(uuidString: "6E0B1C2D-3F4A-4B5C-8D6E-7F8091A2B3C4")!

    /// The agent of a new process on `outbox`, with three fences of which `f1` has a dwell time.
    static func process(_ outbox: any Outbox) throws -> Agent {
        var fences = Fences.line(3)
        fences[1].dwell = 600
        return try Agent(
            strategies: [GeofenceSet(options: .init(fences: fences))],
            configuration: AgentConfiguration(upload: nil, timeline: .off),
            outbox: outbox, seed: 1)
    }

    static func stored(_ outbox: InMemoryOutbox, kind: String) throws -> Int {
        try outbox.claimBatch(limits: BatchLimits(maxRecords: 1_000), now: 0)?.records.filter { $0.kind == kind }.count
            ?? 0
    }

    @Test("killed right after the entry's commit: the next process's state answer records no second entry")
    func entryOnce() throws {
        let outbox = InMemoryOutbox(installID: Self.install)
        var timeline = DiscardingTimeline()
        var first = try Self.process(outbox)
        _ = first.handle(.didFinishLaunching(.user), in: Contexts.foreground(0), timeline: &timeline)
        let entry = first.handle(.regionEntered("f0"), in: Contexts.background(100), timeline: &timeline)
        #expect(entry.records.map(\.kind) == [GeofenceSet.enteredKind])
        #expect(try outbox.strategyStates().map(\.strategy) == ["GeofenceSet"])

        // The process dies before carrying out any command; iOS relaunches the app at once.
        var second = try Self.process(outbox)
        _ = second.handle(.didFinishLaunching(.region), in: Contexts.background(100), timeline: &timeline)
        let state = second.handle(
            .regionStateDetermined("f0", .inside), in: Contexts.background(100), timeline: &timeline)
        #expect(state.records.isEmpty)
        let exit = second.handle(.regionExited("f0"), in: Contexts.background(400), timeline: &timeline)
        #expect(exit.records.map(\.kind) == [GeofenceSet.exitedKind])
        #expect(try Self.stored(outbox, kind: GeofenceSet.enteredKind) == 1)
        #expect(try Self.stored(outbox, kind: GeofenceSet.exitedKind) == 1)
    }

    @Test("without the saved state a new process records the entry again (the test can fail)")
    func freshSetRepeats() {
        var set = GeofenceSet(options: .init(fences: Fences.line(3)))
        _ = set.handle(.didFinishLaunching(.region), in: Contexts.background(100))
        let state = set.handle(.regionStateDetermined("f0", .inside), in: Contexts.background(100))
        #expect(state.records.map(\.kind) == [GeofenceSet.enteredKind])
    }

    @Test("a recorded dwell is not recorded again by the next process, and its exit comes once")
    func dwellOnce() throws {
        let outbox = InMemoryOutbox(installID: Self.install)
        var timeline = DiscardingTimeline()
        var first = try Self.process(outbox)
        _ = first.handle(.didFinishLaunching(.user), in: Contexts.foreground(0), timeline: &timeline)
        _ = first.handle(.regionEntered("f1"), in: Contexts.background(100), timeline: &timeline)
        let dwell = first.handle(.timerFired(GeofenceSet.dwellTimer), in: Contexts.background(700), timeline: &timeline)
        #expect(dwell.records.map(\.kind) == [GeofenceSet.dwellKind])

        var second = try Self.process(outbox)
        _ = second.handle(.didFinishLaunching(.region), in: Contexts.background(800), timeline: &timeline)
        let exit = second.handle(.regionExited("f1"), in: Contexts.background(900), timeline: &timeline)
        #expect(exit.records.map(\.kind) == [GeofenceSet.exitedKind])
        #expect(try Self.stored(outbox, kind: GeofenceSet.dwellKind) == 1)
    }

    @Test("restored late (the store was unreadable), the state fills in only fences the process has not heard of")
    func lateRestoreMerges() throws {
        var set = GeofenceSet(options: .init(fences: Fences.line(3)))
        _ = set.handle(.didFinishLaunching(.region), in: Contexts.background(0))
        _ = set.handle(.regionStateDetermined("f0", .outside), in: Contexts.background(0))
        _ = set.takeChangedState()
        set.restore(state: #"{"dwelt":[],"inside":{"f0":-50,"f2":-40}}"#)
        #expect(set.inside == [2: -40])
        #expect(set.takeChangedState() == nil)
        #expect(set.handle(.regionStateDetermined("f2", .inside), in: Contexts.background(10)).records.isEmpty)
    }

    @Test("a state it cannot read counts as none")
    func unreadableState() {
        var set = GeofenceSet(options: .init(fences: Fences.line(3)))
        set.restore(state: "not json")
        set.restore(state: #"{"dwelt":[],"inside":{"nowhere":1}}"#)
        #expect(set.inside.isEmpty)
    }
}
