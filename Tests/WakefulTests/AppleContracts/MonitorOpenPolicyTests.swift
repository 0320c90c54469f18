import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("CLMonitor opened against protected data", .watchdog)
struct MonitorOpenPolicyTests {
    /// Core Location's monitors as CLMonitor.h describes them: conditions persist in a file in the
    /// app's container, which "Apps need to observe when protected data becomes available … before"
    /// opening; before the first unlock after a restart the file, taken to be of the default class,
    /// cannot be read, and a monitor opened then reports none of its conditions (field report
    /// B-CLMON-4). A marker file of the same class is readable exactly when the file is.
    final class FakeMonitorStore {
        var stored: [RegionID]
        private(set) var unlockedSinceBoot = true
        private(set) var protectedDataAvailable = true
        private var markerWritten = false

        init(stored: [RegionID]) { self.stored = stored }

        func restart() {
            unlockedSinceBoot = false
            protectedDataAvailable = false
        }

        func unlock() {
            unlockedSinceBoot = true
            protectedDataAvailable = true
        }

        func lock() { protectedDataAvailable = false }

        /// `FirstUnlockMarker`: written while protected data is available, readable after the first unlock.
        func writeMarker() { if protectedDataAvailable { markerWritten = true } }
        var markerReadable: Bool { markerWritten && unlockedSinceBoot }

        /// `CLMonitor(name)`: the identifiers it reports.
        func open() -> [RegionID] { unlockedSinceBoot ? stored : [] }
    }

    /// What `MonitorAdapter.open` does with the policy, feeding a ``GeofenceSet`` on the monitor path.
    static func run(_ commands: [Command], on store: FakeMonitorStore, usePolicy: Bool = true) -> [Event] {
        commands.compactMap { command in
            guard case .openMonitor(let name) = command else { return nil }
            let decision = MonitorOpenPolicy.decision(
                protectedDataAvailable: store.protectedDataAvailable, unlockedSinceBoot: store.markerReadable)
            if usePolicy, decision == .refuseUntilProtectedData {
                return .monitorOpenFailed(name: name, reason: .protectedDataUnavailable)
            }
            return .monitorOpened(name: name, conditions: store.open())
        }
    }

    static func set() -> GeofenceSet { GeofenceSet(options: .init(fences: Fences.line(3), api: .monitor)) }

    /// Hands the open's answers to the set; the conditions the set then adds, sorted.
    static func answer(_ events: [Event], to set: inout GeofenceSet, at time: TimeInterval) -> [RegionID] {
        events.flatMap { set.handle($0, in: Contexts.background(time)).addedConditions.map(\.0) }
            .sorted { $0.rawValue < $1.rawValue }
    }

    @Test("before the first unlock the open waits for protected data, then finds the kept conditions")
    func waitsBeforeFirstUnlock() {
        let store = FakeMonitorStore(stored: ["f0", "f1"])
        store.writeMarker()
        store.restart()
        var set = Self.set()
        let launch = set.handle(.didFinishLaunching(.region), in: Contexts.background())
        #expect(Self.answer(Self.run(launch, on: store), to: &set, at: 0).isEmpty)
        #expect(!set.monitorPath.open && set.monitorPath.waitsForProtectedData)
        store.unlock()
        let unlocked = set.handle(.protectedDataDidBecomeAvailable, in: Contexts.background(5))
        // The kept conditions are known: only the one missing is added.
        #expect(Self.answer(Self.run(unlocked, on: store), to: &set, at: 5) == ["f2"])
    }

    @Test("opening regardless, as the old adapter did, sees no kept condition and adds them all again")
    func openRegardlessIsTheOldBreak() {
        let store = FakeMonitorStore(stored: ["f0", "f1"])
        store.restart()
        var set = Self.set()
        let launch = set.handle(.didFinishLaunching(.region), in: Contexts.background())
        #expect(Self.answer(Self.run(launch, on: store, usePolicy: false), to: &set, at: 0) == ["f0", "f1", "f2"])
    }

    @Test("a locked phone unlocked since the restart opens at once, so the relaunching event finds its monitor")
    func lockedAfterFirstUnlockOpens() {
        let store = FakeMonitorStore(stored: ["f0"])
        store.writeMarker()
        store.lock()
        #expect(
            MonitorOpenPolicy.decision(protectedDataAvailable: false, unlockedSinceBoot: store.markerReadable) == .open)
        #expect(store.open() == ["f0"])
        #expect(MonitorOpenPolicy.decision(protectedDataAvailable: true, unlockedSinceBoot: false) == .open)
    }
}
