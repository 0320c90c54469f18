import Testing
import Wakeful
import WakefulTestSupport

@Suite("Background URL sessions against the transfer daemon's contract", .watchdog)
struct BackgroundSessionRegistryTests {
    static let upload = UploadRequest.sessionIdentifier

    @Test("the events handler is called after didFinishEvents, once every outcome is delivered")
    func handlerAfterFinishEvents() {
        let daemon = FakeBackgroundURLSessions()
        daemon.finishWhileSuspended(Self.upload, tasks: ["a", "b", "c"])
        let app = URLSessionModel(daemon: daemon, owned: [Self.upload])
        #expect(app.handleEvents(Self.upload, handler: daemon.eventsHandler(for: Self.upload)))
        #expect(daemon.handlerCalls.isEmpty)
        app.run(Self.upload)
        #expect(app.outcomes == ["a", "b", "c"])
        #expect(daemon.handlerCalls == [Self.upload])
        #expect(daemon.violations.isEmpty)
    }

    @Test("calling the handler on the core's command, before didFinishEvents, breaks the order")
    func handlerOnCommandIsTheOldBreak() {
        let daemon = FakeBackgroundURLSessions()
        daemon.finishWhileSuspended(Self.upload, tasks: ["a"])
        daemon.createSession(Self.upload, by: "wakeful")
        daemon.eventsHandler(for: Self.upload)()  // the old adapter: 1 ms after urlSessionEvents
        #expect(daemon.violations == ["events handler of \(Self.upload) called before didFinishEvents"])
    }

    @Test("an identifier Wakeful does not own is left to the app: no second session, no handler kept")
    func foreignIdentifier() {
        let daemon = FakeBackgroundURLSessions()
        daemon.createSession("com.app.sync", by: "app")
        let app = URLSessionModel(daemon: daemon, owned: [Self.upload])
        var appHandled = false
        if !app.handleEvents("com.app.sync", handler: daemon.eventsHandler(for: "com.app.sync")) { appHandled = true }
        #expect(appHandled)
        #expect(daemon.violations.isEmpty)
        #expect(daemon.created.map(\.by) == ["app"])
        #expect(!app.registry.holdsHandler(for: "com.app.sync"))
    }

    @Test("a session the core asked for becomes Wakeful's")
    func ownedOnDemand() {
        let daemon = FakeBackgroundURLSessions()
        let app = URLSessionModel(daemon: daemon, owned: [Self.upload])
        app.start("t1", on: "com.app.transfers")
        app.start("t2", on: "com.app.transfers")
        #expect(app.registry.owns("com.app.transfers"))
        #expect(app.started == ["t1", "t2"])
        #expect(daemon.created.count == 1)
        #expect(daemon.violations.isEmpty)
    }

    @Test("a cancelled identifier is not reused before didBecomeInvalidWithError; its work waits")
    func noReuseWhileInvalidating() {
        let daemon = FakeBackgroundURLSessions()
        let app = URLSessionModel(daemon: daemon, owned: [Self.upload])
        app.start("t1", on: Self.upload)
        app.cancel(Self.upload)
        app.start("t2", on: Self.upload)
        #expect(app.started == ["t1"])
        #expect(daemon.violations.isEmpty)
        app.run(Self.upload)
        #expect(app.started == ["t1", "t2"])
        #expect(daemon.created.count == 2)
        #expect(daemon.violations.isEmpty)
        #expect(app.registry.state(of: Self.upload) == .live)
    }

    @Test("creating at once after a cancel, as the old adapter did, is refused by the daemon")
    func reuseIsTheOldBreak() {
        let daemon = FakeBackgroundURLSessions()
        daemon.createSession(Self.upload, by: "wakeful")
        daemon.invalidate(Self.upload)
        daemon.createSession(Self.upload, by: "wakeful")
        #expect(daemon.violations == ["session \(Self.upload) created before didBecomeInvalidWithError"])
    }

    @Test("a cancel of a session that is not live does nothing")
    func cancelTwice() {
        var registry = BackgroundSessionRegistry<Int, Int>(owned: [Self.upload])
        let beforeCreation = registry.invalidate(Self.upload)
        let access = registry.access(Self.upload, for: 1)
        let first = registry.invalidate(Self.upload)
        let second = registry.invalidate(Self.upload)
        let waited = registry.didBecomeInvalid(Self.upload)
        #expect(!beforeCreation)
        #expect(access == .create)
        #expect(first && !second)
        #expect(waited.isEmpty)
        #expect(registry.state(of: Self.upload) == nil)
    }
}
