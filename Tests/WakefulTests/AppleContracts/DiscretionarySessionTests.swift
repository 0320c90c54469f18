import Testing
import Wakeful
import WakefulTestSupport

@Suite("Discretionary transfers against a session's fixed configuration", .watchdog)
struct DiscretionarySessionTests {
    static let transfers = "com.app.transfers"

    @Test("a discretionary transfer and a plain one on one core session each run with their flag")
    func eachWithItsFlag() {
        let daemon = FakeBackgroundURLSessions()
        let app = URLSessionModel(daemon: daemon, owned: [])
        app.start("now", on: Self.transfers)
        app.start("whenever", on: Self.transfers, discretionary: true)
        app.start("later", on: Self.transfers)
        #expect(daemon.taskDiscretionary == ["now": false, "whenever": true, "later": false])
        #expect(daemon.created.map(\.identifier) == [Self.transfers, Self.transfers + ".discretionary"])
        #expect(daemon.violations.isEmpty)
        #expect(app.registry.owns(Self.transfers + ".discretionary"))
    }

    @Test("one session per core name, as the old adapter had, runs the discretionary transfer as it was created")
    func oneSessionIsTheOldBreak() {
        let daemon = FakeBackgroundURLSessions()
        daemon.createSession(Self.transfers, by: "wakeful", discretionary: false)
        daemon.startTask("now", on: Self.transfers)
        daemon.startTask("whenever", on: Self.transfers)  // the core asked for discretionary
        #expect(daemon.taskDiscretionary["whenever"] == false)
    }

    @Test("the discretionary session's relaunch and outcomes carry the core's name")
    func coreName() {
        #expect(BackgroundSessionIdentifier.coreName(of: Self.transfers + ".discretionary") == Self.transfers)
        #expect(BackgroundSessionIdentifier.coreName(of: Self.transfers) == Self.transfers)
        #expect(
            BackgroundSessionIdentifier.sessions(of: Self.transfers) == [
                Self.transfers, Self.transfers + ".discretionary",
            ])
        #expect(
            CompletionHandlerOwner.backgroundSessionEvents(
                Self.transfers + ".discretionary", agentRunning: false, ownedWithoutAgent: [Self.transfers])
                == .wakefulWithoutAgent)
    }
}
