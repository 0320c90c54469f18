import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The simulated phone's Data Protection (DATA-1 to DATA-4): a `complete` outbox cannot be
/// written from 10 s after a lock until the unlock, nothing protected can before the first unlock
/// after a reboot, and the agent holds what it collects meanwhile and stores it once after.
@Suite(.watchdog, .cpuBound) struct DataProtectionModelTests {
    /// A sampler kept running in the background by the location keep-alive, its phone locked at
    /// 60 s and unlocked at 1,200 s.
    static func scenario(protection: String, passcode: Bool = true, reboot: Bool = false) throws -> Scenario {
        let actions =
            reboot
            ? #"[{"at": 0, "action": "open"}, {"at": 30, "action": "reboot"}, {"at": 1200, "action": "unlock"}]"#
            : #"[{"at": 0, "action": "open"}, {"at": 60, "action": "lock"}, {"at": 1200, "action": "unlock"}]"#
        return try Scenario.decode(
            Data(
                #"""
                {"name": "locked", "duration": 1800, "device": {"passcode": \#(passcode)},
                 "app": {"locationAuthorization": "always",
                         "outbox": {"upload": false, "timeline": "off", "protection": "\#(protection)"},
                         "jobs": [{"id": "sample", "interval": 60, "expectedDuration": 1,
                                   "cost": {"duration": 1, "records": 1, "recordBytes": 100}}]},
                 "user": \#(actions)}
                """#.utf8), file: "locked.json", directory: nil)
    }

    static func run(_ scenario: Scenario) throws -> (RunMetrics, [TimelineEntry]) {
        var timeline = InMemoryTimeline()
        let metrics = Simulator.run(
            scenario, ios: IOSVersion(17), setup: try StrategySetup.named("LowPowerLocationKeepAlive"), seed: 1,
            timeline: &timeline)
        return (metrics, timeline.entries)
    }

    static func decisions(_ entries: [TimelineEntry], _ name: String) -> [Double] {
        entries.compactMap { entry in
            guard case .decision(let decision) = entry.body, decision.name == name else { return nil }
            return entry.time
        }
    }

    @Test func aCompleteOutboxHoldsWhileLockedAndStoresEverythingOnceAfterTheUnlock() throws {
        let (metrics, entries) = try Self.run(Self.scenario(protection: "complete"))
        #expect(Self.decisions(entries, "protectedDataUnavailable") == [70], "10 s after the lock (DATA-2)")
        #expect(Self.decisions(entries, "protectedDataAvailable") == [1200])
        #expect(entries.contains { $0.body == .event(.protectedDataWillBecomeUnavailable) })
        #expect(entries.contains { $0.body == .event(.protectedDataDidBecomeAvailable) })
        let failed = Self.decisions(entries, "outboxFailed")
        #expect(!failed.isEmpty && failed.allSatisfy { $0 >= 70 && $0 < 1200 }, "\(failed)")
        let outbox = try #require(metrics.outbox)
        #expect(outbox.holdsInvariant)
        #expect(outbox.lostByRetention == 0)
        // Every sample of the locked half hour reached the outbox after the unlock: as many as
        // with a class the lock does not touch.
        let (open, _) = try Self.run(Self.scenario(protection: "none"))
        #expect(outbox.collected == open.outbox?.collected)
        #expect(outbox.collected > 20)
    }

    @Test func theDefaultClassIsWritableOnALockedPhoneAfterTheFirstUnlock() throws {
        let (_, entries) = try Self.run(Self.scenario(protection: "completeUntilFirstUserAuthentication"))
        #expect(Self.decisions(entries, "outboxFailed").isEmpty)
    }

    @Test func withoutAPasscodeNothingIsProtected() throws {
        let (_, entries) = try Self.run(Self.scenario(protection: "complete", passcode: false))
        #expect(Self.decisions(entries, "protectedDataUnavailable").isEmpty)
        #expect(Self.decisions(entries, "outboxFailed").isEmpty)
    }

    @Test func afterARebootEvenTheDefaultClassWaitsForTheFirstUnlock() throws {
        let (_, entries) = try Self.run(Self.scenario(protection: "completeUntilFirstUserAuthentication", reboot: true))
        #expect(Self.decisions(entries, "protectedDataAvailable") == [1200])
        // Nothing protected is readable before then, so whatever ran could not write.
        #expect(Self.decisions(entries, "outboxFailed").allSatisfy { $0 < 1200 })
    }

    @Test func theProtectionClassIsValidatedWithTheFieldAndTheChoices() {
        #expect {
            try Self.scenario(protection: "sometimes")
        } throws: { error in
            (error as? ScenarioError)?.description
                == #"locked.json: app.outbox.protection: "sometimes": expected one of: none, completeUntilFirstUserAuthentication, completeUnlessOpen, complete"#
        }
    }
}

extension DataProtectionModelTests {
    /// A suspended app hears of a change it slept through when it next runs, once, with the net
    /// change, before the event that woke it (queued notifications at wakeup time).
    @Test func aSuspendedAppHearsOfTheNetChangeWhenItRunsAgain() throws {
        let scenario = try Scenario.decode(
            Data(
                #"""
                {"name": "sleeper", "duration": 900,
                 "app": {"backgroundModes": ["remote-notification"],
                         "outbox": {"upload": false, "timeline": "off", "protection": "complete"}},
                 "world": {"pushes": [{"at": 100, "type": "background"}]},
                 "user": [{"at": 0, "action": "open"}, {"at": 20, "action": "lock"},
                          {"at": 600, "action": "open"}]}
                """#.utf8), file: "sleeper.json", directory: nil)
        var timeline = InMemoryTimeline()
        _ = Simulator.run(scenario, ios: IOSVersion(17), setup: .none, seed: 1, timeline: &timeline)
        let notices = timeline.entries.filter {
            $0.body == .event(.protectedDataDidBecomeAvailable)
                || $0.body == .event(.protectedDataWillBecomeUnavailable)
        }
        // Suspended when the key went at 30 (DATA-2): told at the push's wake at 100. By 600 the
        // process has ended; the new one reads the state at launch and is told nothing.
        #expect(notices.map(\.body) == [.event(.protectedDataWillBecomeUnavailable)], "\(notices)")
        #expect(notices.map(\.time) == [100])
    }
}
