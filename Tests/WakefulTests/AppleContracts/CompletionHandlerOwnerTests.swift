import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("The app delegate's completion handlers when Wakeful's agent could not be created", .watchdog)
struct CompletionHandlerOwnerTests {
    typealias Completion = (BackgroundFetchResult) -> Void
    static let upload = UploadRequest.sessionIdentifier

    /// What `WakefulApp.forward` does with the owner's answer; `agent` stands for the running agent's
    /// adapters (they keep the handler).
    final class DelegateModel {
        let agentRunning: Bool
        let owned: [String]
        private(set) var keptByAgent: [String] = []

        init(agentRunning: Bool, owned: [String] = [UploadRequest.sessionIdentifier]) {
            self.agentRunning = agentRunning
            self.owned = owned
        }

        func push(_ completion: Completion) {
            switch CompletionHandlerOwner.remoteNotification(agentRunning: agentRunning) {
            case .agent: keptByAgent.append("push")
            case .wakefulWithoutAgent, .app: completion(.noData)
            }
        }

        /// False when the app's own code must take the handler.
        func sessionEvents(_ identifier: String, _ handler: () -> Void) -> Bool {
            switch CompletionHandlerOwner.backgroundSessionEvents(
                identifier, agentRunning: agentRunning, ownedWithoutAgent: owned)
            {
            case .agent:
                keptByAgent.append(identifier)
                return true
            case .wakefulWithoutAgent:
                handler()
                return true
            case .app: return false
            }
        }
    }

    @Test("without an agent a silent push is completed at once with noData")
    func pushWithoutAgent() {
        let push = FakePushCompletion(receivedAt: 0)
        DelegateModel(agentRunning: false).push(push.handler { 0 })
        #expect(push.results == [.noData])
        #expect(!push.terminated(at: 30))
    }

    @Test("forwarding with wakeful?. when there is no Wakeful, as the old delegate did, ends the app after 30 s")
    func optionalChainingIsTheOldBreak() {
        let push = FakePushCompletion(receivedAt: 0)
        let wakeful: DelegateModel? = nil
        wakeful?.push(push.handler { 0 })
        #expect(push.terminated(at: 30))
    }

    @Test("without an agent Wakeful's session handler is called at once and its events wait for a later session")
    func sessionWithoutAgent() {
        let daemon = FakeBackgroundURLSessions()
        daemon.finishWhileSuspended(Self.upload, tasks: ["a"])
        let handled = DelegateModel(agentRunning: false).sessionEvents(
            Self.upload, daemon.eventsHandler(for: Self.upload))
        #expect(handled)
        #expect(daemon.uncalledHandlers.isEmpty)
        #expect(daemon.violations.isEmpty)
        #expect(daemon.pendingMessages(Self.upload) == [.taskCompleted("a"), .didFinishEvents])
        // The next launch with an agent creates the session and receives the outcome.
        let next = URLSessionModel(daemon: daemon, owned: [Self.upload])
        next.start("t1", on: Self.upload)
        next.run(Self.upload)
        #expect(next.outcomes == ["a"])
    }

    @Test("dropping the session handler when there is no Wakeful, as the old delegate did, never answers it")
    func droppedSessionHandlerIsTheOldBreak() {
        let daemon = FakeBackgroundURLSessions()
        let handler = daemon.eventsHandler(for: Self.upload)
        let wakeful: DelegateModel? = nil
        _ = wakeful?.sessionEvents(Self.upload, handler)
        #expect(daemon.uncalledHandlers == [Self.upload])
    }

    @Test("an identifier Wakeful does not own stays the app's, with or without an agent")
    func appSessionStaysTheApps() {
        let daemon = FakeBackgroundURLSessions()
        let handler = daemon.eventsHandler(for: "com.app.sync")
        #expect(!DelegateModel(agentRunning: false).sessionEvents("com.app.sync", handler))
        #expect(daemon.uncalledHandlers == ["com.app.sync"])  // the app's own code calls it
        #expect(
            CompletionHandlerOwner.backgroundSessionEvents(
                "com.app.transfers", agentRunning: false, ownedWithoutAgent: [Self.upload, "com.app.transfers"])
                == .wakefulWithoutAgent)
        #expect(
            CompletionHandlerOwner.backgroundSessionEvents("com.app.sync", agentRunning: true, ownedWithoutAgent: [])
                == .agent)
    }
}
