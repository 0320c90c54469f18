import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// A strategy that remembers what it saw and answers every event with fixed commands.
private struct Echo: Strategy {
    var name: String
    var answer: [Command]
    var requirements: Requirements = Requirements()
    var seen: [Event] = []
    var times: [TimeInterval] = []

    mutating func handle(_ event: Event, in context: Context) -> [Command] {
        seen.append(event)
        times.append(context.now)
        return answer
    }
}

/// A sink that counts what it is given and may claim not to record.
private struct CountingSink: TimelineSink {
    var isRecording: Bool
    var appended: [TimelineEntry] = []
    mutating func append(_ entry: TimelineEntry) { appended.append(entry) }
}

@Suite("Runtime", .watchdog, .cpuBound)
struct RuntimeTests {
    static let note = Command.record(Record(kind: "note"))
    static let task = Command.beginBackgroundTask(BackgroundTaskID(owner: "A", serial: 1))
    static let timer = Command.setTimer(TimerRequest(id: "tick", interval: 5, repeats: true))

    @Test("every strategy receives the event in order, and the commands come back in strategy order")
    func orderOfDelivery() throws {
        var runtime = Runtime(strategies: [
            Echo(name: "A", answer: [Self.task, Self.note]),
            Echo(name: "B", answer: []),
            Echo(name: "C", answer: [Self.timer]),
        ])
        var timeline = InMemoryTimeline()
        let commands = runtime.handle(.didEnterBackground, in: Contexts.background(12), timeline: &timeline)
        #expect(commands == [Self.task, Self.note, Self.timer])
        for index in 0..<3 {
            let echo = try #require(runtime.strategies[index] as? Echo)
            #expect(echo.seen == [.didEnterBackground])
            #expect(echo.times == [12])
        }
    }

    @Test("state persists across events: the strategies are mutated in place")
    func statePersists() throws {
        var runtime = Runtime(strategies: [TaskExtension()])
        var timeline = DiscardingTimeline()
        #expect(
            runtime.handle(.didEnterBackground, in: Contexts.background(0), timeline: &timeline)
                == [.beginBackgroundTask(BackgroundTaskID(owner: "TaskExtension", serial: 1))])
        #expect(
            runtime.handle(.regionEntered("r"), in: Contexts.background(1), timeline: &timeline).isEmpty,
            "the task is open")
        let strategy = try #require(runtime.strategies.first as? TaskExtension)
        #expect(strategy.openTask == BackgroundTaskID(owner: "TaskExtension", serial: 1))
    }

    @Test("the timeline gets the event, then each command with the strategy that issued it, all at the context's time")
    func timeline() {
        var runtime = Runtime(strategies: [
            Echo(name: "A", answer: [Self.task, Self.note]),
            Echo(name: "B", answer: []),
            Echo(name: "C", answer: [Self.timer]),
        ])
        var timeline = InMemoryTimeline()
        _ = runtime.handle(.regionEntered("pump"), in: Contexts.background(42.5), timeline: &timeline)
        #expect(
            timeline.entries == [
                TimelineEntry(time: 42.5, body: .event(.regionEntered("pump"))),
                TimelineEntry(time: 42.5, body: .command(Self.task, by: "A")),
                TimelineEntry(time: 42.5, body: .command(Self.note, by: "A")),
                TimelineEntry(time: 42.5, body: .command(Self.timer, by: "C")),
            ])
        #expect(timeline.entries.map(\.kind) == ["event", "command", "command", "command"])
    }

    @Test("an event nobody answers is still recorded")
    func unansweredEvent() {
        var runtime = Runtime(strategies: [Echo(name: "A", answer: [])])
        var timeline = InMemoryTimeline()
        #expect(runtime.handle(.memoryWarning, in: Contexts.background(3), timeline: &timeline).isEmpty)
        #expect(timeline.entries == [TimelineEntry(time: 3, body: .event(.memoryWarning))])
    }

    @Test("a runtime with no strategies returns nothing and records only the event")
    func noStrategies() {
        var runtime = Runtime(strategies: [])
        var timeline = InMemoryTimeline()
        #expect(runtime.handle(.didFinishLaunching(.user), in: Contexts.inactive(), timeline: &timeline).isEmpty)
        #expect(timeline.entries.count == 1)
        #expect(runtime.requirements == Requirements())
    }

    @Test("a sink that does not record is given nothing; the commands are the same")
    func notRecording() {
        let strategies: [any Strategy] = [Echo(name: "A", answer: [Self.task]), Echo(name: "B", answer: [Self.note])]
        var quiet = Runtime(strategies: strategies)
        var loud = Runtime(strategies: strategies)
        var silent = CountingSink(isRecording: false)
        var recording = CountingSink(isRecording: true)
        let fromQuiet = quiet.handle(.didEnterBackground, in: Contexts.background(), timeline: &silent)
        let fromLoud = loud.handle(.didEnterBackground, in: Contexts.background(), timeline: &recording)
        #expect(silent.appended.isEmpty)
        #expect(recording.appended.count == 3, "the same sink type does receive entries when it records")
        #expect(fromQuiet == fromLoud)
        #expect(fromQuiet == [Self.task, Self.note])

        var discarding = DiscardingTimeline()
        #expect(!discarding.isRecording)
        var again = Runtime(strategies: strategies)
        #expect(
            again.handle(.didEnterBackground, in: Contexts.background(), timeline: &discarding) == [
                Self.task, Self.note,
            ])
    }

    @Test("requirements combine the strategies'")
    func requirements() {
        let runtime = Runtime(strategies: [
            TaskExtension(), LowPowerLocationKeepAlive(),
            BeaconTrigger(options: .init(regionID: "r", constraint: Beacons.pump)),
            Echo(
                name: "E", answer: [],
                requirements: Requirements(backgroundModes: [.fetch, .location], locationAuthorization: .whenInUse)),
        ])
        #expect(
            runtime.requirements
                == Requirements(
                    backgroundModes: [.fetch, .location], locationAuthorization: .always,
                    locationCapabilities: [
                        .backgroundUpdates, .backgroundStart, .relaunch, .beaconRanging, .preciseFixes,
                    ]))
    }

    @Test("the documented example: TaskExtension begins TaskExtension#1 on entering the background")
    func documentedExample() {
        var runtime = Runtime(strategies: [TaskExtension()])
        var timeline = InMemoryTimeline()
        let commands = runtime.handle(
            .didEnterBackground, in: Context(now: 0, appState: .background), timeline: &timeline)
        #expect(commands == [.beginBackgroundTask(BackgroundTaskID(owner: "TaskExtension", serial: 1))])
        #expect(timeline.entries.last == TimelineEntry(time: 0, body: .command(commands[0], by: "TaskExtension")))
    }
}
