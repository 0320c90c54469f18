import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("Debug notifications against UNUserNotificationCenter's authorization contract", .watchdog)
struct DebugNotificationAuthorizationTests {
    /// A notification center as UNUserNotificationCenter.h and UNNotificationSettings.h describe it:
    /// "User authorization is required for applications to notify the user"; the status starts
    /// `notDetermined`; `requestAuthorization` prompts (counted here) and the user answers once; a
    /// request added without authorization notifies nobody.
    final class FakeNotificationCenter {
        var status = DebugNotificationAuthorization.Status.notDetermined
        /// The answer the user gives at the prompt.
        var userAllows = true
        private(set) var prompts = 0
        private(set) var shown: [String] = []

        func requestAuthorization() -> Bool {
            prompts += 1
            if status == .notDetermined { status = userAllows ? .authorized : .denied }
            return status == .authorized
        }

        func add(_ title: String) {
            guard DebugNotificationAuthorization.step(active: true, status: status, inForeground: false) == .post
            else { return }
            shown.append(title)
        }
    }

    /// What `DebugNotifier` does with the gate: settle the status read at launch (and again in the
    /// foreground), ask when told, post what the gate lets through.
    struct Notifier {
        var gate: DebugNotificationAuthorization.Gate
        let center: FakeNotificationCenter

        mutating func read(inForeground: Bool) {
            let (ready, ask) = gate.settle(center.status, inForeground: inForeground)
            ready.forEach { center.add($0.title) }
            if ask {
                let granted = center.requestAuthorization()
                gate.settle(granted ? .authorized : .denied, inForeground: true).post.forEach { center.add($0.title) }
            }
        }

        mutating func show(_ note: DebugNotification) {
            if let ready = gate.offer(note) { center.add(ready.title) }
        }
    }

    static func note(_ title: String) -> DebugNotification {
        DebugNotification(trigger: .relaunch, title: title, body: "", sound: false, time: 0, heldBack: 0)
    }

    @Test("an app that did not turn the debug mode on never shows the prompt and posts nothing")
    func noPromptWhenOff() {
        var notifier = Notifier(gate: .init(active: false, sound: false), center: FakeNotificationCenter())
        notifier.read(inForeground: true)
        notifier.show(Self.note("launched"))
        #expect(notifier.center.prompts == 0)
        #expect(notifier.center.shown.isEmpty)
    }

    @Test(
        "a relaunch in the background waits: no prompt there, and the launch's notification shows once the user allowed"
    )
    func backgroundLaunchWaitsForTheForeground() {
        var notifier = Notifier(gate: .init(active: true, sound: true), center: FakeNotificationCenter())
        notifier.show(Self.note("launched"))  // before the status is even read
        notifier.read(inForeground: false)
        #expect(notifier.center.prompts == 0)
        #expect(notifier.gate.wantsForeground)
        notifier.read(inForeground: true)  // didBecomeActive
        #expect(notifier.center.prompts == 1)
        #expect(notifier.center.shown == ["launched"])
        notifier.show(Self.note("expired"))
        #expect(notifier.center.shown == ["launched", "expired"])
    }

    @Test("a user who said no is never asked again, and nothing is held for ever")
    func deniedDropsAndAsksOnce() {
        let center = FakeNotificationCenter()
        center.userAllows = false
        var notifier = Notifier(gate: .init(active: true, sound: false), center: center)
        notifier.show(Self.note("launched"))
        notifier.read(inForeground: true)
        notifier.read(inForeground: true)
        #expect(center.prompts == 1)
        #expect(notifier.gate.held.isEmpty)
        notifier.show(Self.note("expired"))
        #expect(center.shown.isEmpty)
    }

    @Test("an app already authorized posts at once, without a prompt")
    func authorizedPostsWithoutPrompt() {
        let center = FakeNotificationCenter()
        center.status = .provisional
        var notifier = Notifier(gate: .init(active: true, sound: false), center: center)
        notifier.read(inForeground: false)
        notifier.show(Self.note("launched"))
        #expect(center.prompts == 0)
        #expect(center.shown == ["launched"])
    }

    @Test("at most the hold limit waits for an answer, the newest kept")
    func holdLimit() {
        var gate = DebugNotificationAuthorization.Gate(active: true, sound: false)
        for index in 0..<(DebugNotificationAuthorization.Gate.holdLimit + 3) { _ = gate.offer(Self.note("n\(index)")) }
        #expect(gate.held.count == DebugNotificationAuthorization.Gate.holdLimit)
        #expect(gate.held.first?.title == "n3")
    }
}
