import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// What happens between a restart and the first unlock, and on a locked phone beyond the outbox:
/// launches iOS withholds (DATA-8), prewarming (DATA-9), settings kept in `UserDefaults` (DATA-6)
/// and the Keychain item the uploads need (DATA-5).
@Suite(.watchdog, .cpuBound) struct BeforeFirstUnlockTests {
    /// A scenario on a phone that restarts at 60 s and is unlocked at 1,200 s, unless `actions`
    /// says otherwise.
    static func scenario(
        actions: String =
            #"[{"at": 0, "action": "open"}, {"at": 10, "action": "home"}, {"at": 60, "action": "reboot"}, {"at": 1200, "action": "unlock"}]"#,
        app: String = #""locationAuthorization": "always""#, world: String = "{}", variants: [String] = []
    ) throws -> Scenario {
        let variantList = variants.map { "\"\($0)\"" }.joined(separator: ", ")
        return try Scenario.decode(
            Data(
                #"""
                {"name": "restart", "duration": 1800, "device": {"variants": [\#(variantList)]},
                 "app": {\#(app)}, "world": \#(world), "user": \#(actions)}
                """#.utf8), file: "restart.json", directory: nil)
    }

    static func run(_ scenario: Scenario, ios: Int = 17, setup: String = "none") throws -> (RunMetrics, [TimelineEntry])
    {
        var timeline = InMemoryTimeline()
        let metrics = Simulator.run(
            scenario, ios: IOSVersion(ios), setup: try StrategySetup.named(setup), seed: 1, timeline: &timeline)
        return (metrics, timeline.entries)
    }

    static func decisions(_ entries: [TimelineEntry], _ name: String) -> [SystemDecision] {
        entries.compactMap { entry in
            guard case .decision(let decision) = entry.body, decision.name == name else { return nil }
            return decision
        }
    }

    static func states(_ entries: [TimelineEntry]) -> [(time: Double, change: StateChange)] {
        entries.compactMap { entry in
            guard case .state(let change) = entry.body else { return nil }
            return (entry.time, change)
        }
    }

    static let push = #"{"pushes": [{"at": 600, "type": "background", "priority": 5, "id": "sync"}]}"#
    static let pushApp = #""backgroundModes": ["remote-notification"]"#

    /// Production logs of a Keychain library's users show silent-push launches before the first
    /// unlock (field corpus: data-silent-push-before-first-unlock-keychain), so the push launches
    /// the app and the launch cannot read what the first unlock protects.
    @Test func aSilentPushBeforeTheFirstUnlockLaunchesTheApp() throws {
        let (_, entries) = try Self.run(Self.scenario(app: Self.pushApp, world: Self.push))
        #expect(Self.decisions(entries, "pushNotDelivered").isEmpty)
        let launch = try #require(Self.states(entries).first { $0.change.cause == "pushRelaunch" })
        #expect(launch.time == 600)
    }

    static let prewarmAfterRestart =
        #"[{"at": 0, "action": "open"}, {"at": 10, "action": "home"}, {"at": 60, "action": "reboot"}, {"at": 300, "action": "prewarm"}, {"at": 1200, "action": "unlock"}]"#

    @Test func aPrewarmRunsNoneOfTheAppsCodeAsDocumented() throws {
        let (_, entries) = try Self.run(Self.scenario(actions: Self.prewarmAfterRestart))
        let prewarmed = try #require(Self.decisions(entries, "prewarmed").first)
        #expect(prewarmed.rules == ["DATA-9"])
        #expect(!entries.contains { $0.time == 300 && $0.kind == "event" })
        #expect(!Self.states(entries).contains { $0.time == 300 })
    }

    @Test func onIOS15APrewarmRunsTheLaunchByDefaultAsTheFieldSaw() throws {
        let (_, entries) = try Self.run(Self.scenario(actions: Self.prewarmAfterRestart), ios: 15)
        #expect(entries.contains { $0.time == 300 && $0.body == .event(.didFinishLaunching(.prewarm)) })
        #expect(Self.decisions(entries, "prewarmed").first?.rules == ["DATA-9"])
    }

    @Test func aPrewarmThatRunsTheLaunchIsNotAUserOpenAndEndsSuspended() throws {
        let (_, entries) = try Self.run(Self.scenario(actions: Self.prewarmAfterRestart, variants: ["CONF-DATA-9"]))
        #expect(entries.contains { $0.time == 300 && $0.body == .event(.didFinishLaunching(.prewarm)) })
        let atPrewarm = Self.states(entries).filter { $0.time == 300 }.map(\.change)
        #expect(atPrewarm.map(\.to) == [.background, .suspended])
        #expect(atPrewarm.last?.cause == "prewarmEnded")
    }

    @Test func thereIsNoPrewarmingBeforeIOS15() throws {
        let (_, entries) = try Self.run(
            Self.scenario(actions: Self.prewarmAfterRestart, variants: ["CONF-DATA-9"]), ios: 12)
        #expect(Self.decisions(entries, "prewarmNotAvailable").count == 1)
        #expect(!entries.contains { $0.body == .event(.didFinishLaunching(.prewarm)) })
    }

    @Test func settingsInUserDefaultsReadEmptyBeforeTheFirstUnlockAndTheAppStartsNothing() throws {
        func commandsAfterPrewarm(_ settings: String) throws -> (read: Bool, commands: Int) {
            let (_, entries) = try Self.run(
                Self.scenario(
                    actions: Self.prewarmAfterRestart,
                    app: #""locationAuthorization": "always", "settings": "\#(settings)""#,
                    variants: ["CONF-DATA-9"]),
                setup: "LowPowerLocationKeepAlive")
            let commands = entries.filter {
                guard $0.time >= 300, $0.time < 1200, case .command(_, let by) = $0.body else { return false }
                return by == "LowPowerLocationKeepAlive"
            }
            return (!Self.decisions(entries, "settingsReadEmpty").isEmpty, commands.count)
        }
        let defaults = try commandsAfterPrewarm("userDefaults")
        #expect(defaults.read)
        #expect(defaults.commands == 0, "the app's switch read off: no strategy started (DATA-6)")
        let file = try commandsAfterPrewarm("unprotectedFile")
        #expect(!file.read)
        #expect(file.commands > 0)
    }

    /// A sampler kept awake by the location keep-alive, uploading in process, locked from 60 s to 1,200 s.
    static func uploader(credential: String) throws -> Scenario {
        try scenario(
            actions:
                #"[{"at": 0, "action": "open"}, {"at": 30, "action": "home"}, {"at": 60, "action": "lock"}, {"at": 1200, "action": "unlock"}]"#,
            app: #"""
                "locationAuthorization": "always",
                "outbox": {"upload": {"background": false}, "timeline": "off", "credential": "\#(credential)"},
                "jobs": [{"id": "sample", "interval": 60, "expectedDuration": 1,
                          "cost": {"duration": 1, "records": 1, "recordBytes": 100}}]
                """#,
            world: #"{"network": [{"at": 0, "kind": "wifi"}]}"#)
    }

    @Test func aWhenUnlockedCredentialStopsUploadsWhileLockedAndTheyResumeAtTheUnlock() throws {
        let (metrics, entries) = try Self.run(
            Self.uploader(credential: "whenUnlocked"), setup: "LowPowerLocationKeepAlive")
        let withheld = entries.filter {
            guard case .decision(let decision) = $0.body else { return false }
            return decision.name == "credentialUnavailable"
        }
        #expect(!withheld.isEmpty)
        #expect(withheld.allSatisfy { $0.time >= 70 && $0.time < 1200 }, "withheld from 10 s after the lock (DATA-5)")
        let outbox = try #require(metrics.outbox)
        #expect(outbox.uploads["401"] == nil, "nothing was sent without the credential")
        #expect(outbox.holdsInvariant)
        #expect(outbox.acknowledged >= outbox.collected - 2, "uploaded after the unlock")
        let (after, afterEntries) = try Self.run(
            Self.uploader(credential: "afterFirstUnlock"), setup: "LowPowerLocationKeepAlive")
        #expect(Self.decisions(afterEntries, "credentialUnavailable").isEmpty)
        #expect(after.outbox?.acknowledged ?? 0 > 0)
    }
}
