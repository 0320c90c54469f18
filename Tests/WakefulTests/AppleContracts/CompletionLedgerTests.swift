import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("System completion handlers: each called once, before the system's limit", .watchdog)
struct CompletionLedgerTests {
    typealias Completion = (BackgroundFetchResult) -> Void

    /// A virtual clock the test moves.
    final class VirtualClock {
        var now: TimeInterval = 1000
    }

    /// What `RemoteNotificationAdapter` does: keep the handler, set the safety net, and call the
    /// handler from the core's command or from the net, whichever comes first.
    struct PushModel {
        var ledger = CompletionLedger<Completion>()
        var nets: [TimeInterval] = []

        mutating func receive(_ id: String, _ handler: @escaping Completion, at now: TimeInterval) {
            if let net = ledger.receive(id, handler: handler, at: now, deadline: .remoteNotification) {
                nets.append(net)
            }
        }

        mutating func command(_ id: String, _ result: BackgroundFetchResult) { ledger.complete(id)?(result) }

        mutating func timerFired(at now: TimeInterval) {
            for (_, handler) in ledger.due(at: now) { handler(.noData) }
        }
    }

    @Test("a push no strategy completes is completed with noData before iOS's 30 s")
    func safetyNet() {
        let clock = VirtualClock()
        let push = FakePushCompletion(receivedAt: clock.now)
        var app = PushModel()
        app.receive("push-1", push.handler { clock.now }, at: clock.now)
        #expect(app.nets == [clock.now + 25])
        clock.now += 25
        app.timerFired(at: clock.now)
        clock.now += 5
        #expect(!push.terminated(at: clock.now))
        #expect(push.results == [.noData])
        #expect(push.violations.isEmpty)
    }

    @Test("without the safety net a push no strategy completes terminates the app")
    func withoutSafetyNet() {
        let clock = VirtualClock()
        let push = FakePushCompletion(receivedAt: clock.now)
        var ledger = CompletionLedger<Completion>()
        ledger.receive("push-1", handler: push.handler { clock.now }, at: clock.now)  // no deadline: the old adapter
        clock.now += 30
        ledger.due(at: clock.now).forEach { $0.handler(.noData) }
        #expect(push.terminated(at: clock.now))
    }

    @Test("a push the core completes is not completed again by the net, nor by a second command")
    func completedOnce() {
        let clock = VirtualClock()
        let push = FakePushCompletion(receivedAt: clock.now)
        var app = PushModel()
        app.receive("push-1", push.handler { clock.now }, at: clock.now)
        clock.now += 3
        app.command("push-1", .newData)
        app.command("push-1", .failed)
        clock.now += 22
        app.timerFired(at: clock.now)
        #expect(push.results == [.newData])
        #expect(push.violations.isEmpty)
    }

    @Test("the net calls only the handlers that are due, oldest first")
    func dueInOrder() {
        var ledger = CompletionLedger<String>()
        ledger.receive("a", handler: "A", at: 0, deadline: .remoteNotification)
        ledger.receive("b", handler: "B", at: 10, deadline: .remoteNotification)
        ledger.receive("c", handler: "C", at: 0)
        let early = ledger.due(at: 24.9)
        let due = ledger.due(at: 35)
        let expired = ledger.expire("c")
        let again = ledger.expire("c")
        #expect(early.isEmpty)
        #expect(due.map(\.handler) == ["A", "B"])
        #expect(expired == "C")
        #expect(again == nil)
        #expect(ledger.tokens.isEmpty)
    }
}
