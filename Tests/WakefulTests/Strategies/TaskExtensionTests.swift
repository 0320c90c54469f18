import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("TaskExtension", .watchdog, .cpuBound)
struct TaskExtensionTests {
    static func task(_ serial: Int) -> BackgroundTaskID { BackgroundTaskID(owner: "TaskExtension", serial: serial) }

    @Test("name and requirements: no background mode, no authorization")
    func identity() {
        let strategy = TaskExtension()
        #expect(strategy.name == "TaskExtension")
        #expect(strategy.requirements == Requirements())
        #expect(strategy.options == TaskExtension.Options(endsTaskOnExpiry: true, extendsOnRegionEvents: true))
        #expect(strategy.openTask == nil)
    }

    @Test("begins a task on didEnterBackground (TASK-3, TASK-6)")
    func beginsOnBackground() {
        var strategy = TaskExtension()
        #expect(
            strategy.handle(.didEnterBackground, in: Contexts.background(10)) == [.beginBackgroundTask(Self.task(1))])
        #expect(strategy.openTask == Self.task(1))
    }

    @Test(
        "lifecycle events other than didEnterBackground begin nothing",
        arguments: [
            Event.didFinishLaunching(.user), .didFinishLaunching(.region), .willEnterForeground, .didBecomeActive,
            .willResignActive, .willTerminate, .memoryWarning, .timerFired("t"), .locationUpdatesPaused,
        ])
    func otherEventsBeginNothing(_ event: Event) {
        var strategy = TaskExtension()
        #expect(strategy.handle(event, in: Contexts.background()).isEmpty)
        #expect(strategy.handle(event, in: Contexts.foreground()).isEmpty)
        #expect(strategy.openTask == nil)
    }

    static let regionEvents: [Event] = [
        .regionEntered("pump"), .regionExited("pump"), .regionStateDetermined("pump", .inside),
        .regionStateDetermined("pump", .outside), .regionStateDetermined("pump", .unknown),
    ]

    @Test("a region event in the background begins a task (TASK-9, TASK-10)", arguments: regionEvents)
    func regionEventInBackground(_ event: Event) {
        var strategy = TaskExtension()
        #expect(strategy.handle(event, in: Contexts.background(5)) == [.beginBackgroundTask(Self.task(1))])
    }

    @Test("a region event in the foreground begins nothing", arguments: regionEvents)
    func regionEventInForeground(_ event: Event) {
        var strategy = TaskExtension()
        #expect(strategy.handle(event, in: Contexts.foreground()).isEmpty)
        #expect(strategy.handle(event, in: Contexts.inactive()).isEmpty)
        #expect(strategy.openTask == nil)
    }

    @Test("a region event in the background after a relaunch begins a task: it asks the context, not its own flag")
    func afterRelaunch() {
        var strategy = TaskExtension()
        #expect(strategy.handle(.didFinishLaunching(.region), in: Contexts.background()).isEmpty)
        #expect(
            strategy.handle(.regionEntered("pump"), in: Contexts.background()) == [.beginBackgroundTask(Self.task(1))])
    }

    @Test("never a second task while one is open")
    func neverTwo() {
        var strategy = TaskExtension()
        _ = strategy.handle(.didEnterBackground, in: Contexts.background(0))
        #expect(strategy.handle(.regionEntered("pump"), in: Contexts.background(3)).isEmpty)
        #expect(strategy.handle(.regionExited("pump"), in: Contexts.background(4)).isEmpty)
        #expect(strategy.handle(.didEnterBackground, in: Contexts.background(5)).isEmpty)
        #expect(strategy.openTask == Self.task(1))
    }

    @Test("ends the task on expiry (TASK-12), then begins a new one with the next serial")
    func endsOnExpiry() {
        var strategy = TaskExtension()
        _ = strategy.handle(.didEnterBackground, in: Contexts.background(0))
        #expect(
            strategy.handle(.backgroundTaskExpiring(Self.task(1)), in: Contexts.background(30, remaining: 0))
                == [.endBackgroundTask(Self.task(1))])
        #expect(strategy.openTask == nil)
        #expect(
            strategy.handle(.regionEntered("pump"), in: Contexts.background(200)) == [
                .beginBackgroundTask(Self.task(2))
            ])
    }

    @Test("ignores the expiry of a task it does not hold")
    func foreignExpiry() {
        var strategy = TaskExtension()
        #expect(strategy.handle(.backgroundTaskExpiring(Self.task(1)), in: Contexts.background()).isEmpty)
        _ = strategy.handle(.didEnterBackground, in: Contexts.background())
        #expect(
            strategy.handle(
                .backgroundTaskExpiring(BackgroundTaskID(owner: "Other", serial: 1)), in: Contexts.background()
            ).isEmpty)
        #expect(strategy.handle(.backgroundTaskExpiring(Self.task(7)), in: Contexts.background()).isEmpty)
        #expect(strategy.openTask == Self.task(1))
    }

    @Test("endsTaskOnExpiry: false leaves the task open, so iOS kills the app (TASK-13), and no new task begins")
    func leaky() {
        var strategy = TaskExtension(options: .init(endsTaskOnExpiry: false))
        _ = strategy.handle(.didEnterBackground, in: Contexts.background(0))
        #expect(
            strategy.handle(.backgroundTaskExpiring(Self.task(1)), in: Contexts.background(30, remaining: 0)).isEmpty)
        #expect(strategy.openTask == Self.task(1))
        #expect(strategy.handle(.regionEntered("pump"), in: Contexts.background(31)).isEmpty)
    }

    @Test("extendsOnRegionEvents: false begins only on didEnterBackground", arguments: regionEvents)
    func noRegionExtension(_ event: Event) {
        var strategy = TaskExtension(options: .init(extendsOnRegionEvents: false))
        #expect(strategy.handle(event, in: Contexts.background()).isEmpty)
        #expect(strategy.openTask == nil)
        #expect(strategy.handle(.didEnterBackground, in: Contexts.background()) == [.beginBackgroundTask(Self.task(1))])
    }

    @Test("a denied task clears the state (TASK-16): the next event begins a new task")
    func denied() {
        var strategy = TaskExtension()
        _ = strategy.handle(.didEnterBackground, in: Contexts.background(0))
        #expect(strategy.handle(.backgroundTaskDenied(Self.task(1)), in: Contexts.background(0)).isEmpty)
        #expect(strategy.openTask == nil)
        #expect(
            strategy.handle(.regionEntered("pump"), in: Contexts.background(60)) == [.beginBackgroundTask(Self.task(2))]
        )
    }

    @Test("a denial for another task leaves the open one alone")
    func foreignDenial() {
        var strategy = TaskExtension()
        _ = strategy.handle(.didEnterBackground, in: Contexts.background(0))
        #expect(strategy.handle(.backgroundTaskDenied(Self.task(9)), in: Contexts.background(0)).isEmpty)
        #expect(strategy.openTask == Self.task(1))
    }

    @Test("serials increase across begin, expiry and denial: 1, 2, 3, 4")
    func serialsIncrease() {
        var strategy = TaskExtension()
        var begun: [BackgroundTaskID] = []
        for round in 0..<4 {
            let commands = strategy.handle(.didEnterBackground, in: Contexts.background(Double(round) * 100))
            begun += commands.begunTasks
            let id = commands.begunTasks[0]
            let closing: Event = round.isMultiple(of: 2) ? .backgroundTaskExpiring(id) : .backgroundTaskDenied(id)
            _ = strategy.handle(closing, in: Contexts.background(Double(round) * 100 + 30))
        }
        #expect(begun == (1...4).map(Self.task))
        #expect(
            begun.map(\.description) == ["TaskExtension#1", "TaskExtension#2", "TaskExtension#3", "TaskExtension#4"])
    }

    @Test("a fresh instance (a relaunched process) starts its serials again at 1")
    func freshInstance() {
        var first = TaskExtension()
        _ = first.handle(.didEnterBackground, in: Contexts.background())
        _ = first.handle(.backgroundTaskExpiring(Self.task(1)), in: Contexts.background())
        #expect(first.handle(.didEnterBackground, in: Contexts.background()).begunTasks == [Self.task(2)])
        var relaunched = TaskExtension()
        #expect(relaunched.handle(.regionEntered("pump"), in: Contexts.background()).begunTasks == [Self.task(1)])
    }
}
