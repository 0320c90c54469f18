import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// HealthSync as a pure state machine: what it asks of HealthKit on each wake, and that every
/// observer update's completion handler is called exactly once (HK-6).
@Suite("HealthSync", .watchdog, .cpuBound)
struct HealthSyncTests {
    static func samples(_ type: HealthDataType, _ ids: [String]) -> Event {
        .healthSamplesQueried(
            HealthQueryResult(
                type: type, samples: ids.enumerated().map { HealthSample(id: $1, value: 110, at: Double($0)) }))
    }

    @Test("at launch it starts an observer query and enables background delivery for every type (HK-1)")
    func launch() {
        var strategy = HealthSync(options: .init(types: [.bloodGlucose, .stepCount], frequency: .hourly))
        #expect(
            strategy.handle(.didFinishLaunching(.healthKit), in: Contexts.background()) == [
                .startHealthObserverQuery(.bloodGlucose),
                .enableHealthBackgroundDelivery(.bloodGlucose, frequency: .hourly),
                .startHealthObserverQuery(.stepCount), .enableHealthBackgroundDelivery(.stepCount, frequency: .hourly),
            ])
        var without = HealthSync(options: .init(frequency: nil))
        #expect(without.handle(.didFinishLaunching(.user), in: Contexts.foreground()).isEmpty)
        #expect(strategy.requirements.usageDescriptions == [.healthShare])
        #expect(strategy.requirements.backgroundModes.isEmpty)
    }

    @Test("an update reads, records each sample with its id, and completes the update once after the read (HK-6)")
    func update() {
        var strategy = HealthSync()
        let update = HealthObserverUpdate(id: "u1", type: .bloodGlucose)
        #expect(
            strategy.handle(.healthObserverUpdate(update), in: Contexts.background(20)) == [
                .queryHealthSamples(.bloodGlucose)
            ])
        // A second update while the read is under way adds no read and no completion yet.
        let second = HealthObserverUpdate(id: "u2", type: .bloodGlucose)
        #expect(strategy.handle(.healthObserverUpdate(second), in: Contexts.background(21)).isEmpty)
        let answer = strategy.handle(
            Self.samples(.bloodGlucose, ["glucose-1", "glucose-2"]), in: Contexts.background(21))
        #expect(answer.records.map(\.kind) == ["bloodGlucose", "bloodGlucose"])
        #expect(answer.records.map { $0.fields["id"] } == ["glucose-1", "glucose-2"])
        #expect(
            answer.filter { if case .completeHealthObserverUpdate = $0 { true } else { false } } == [
                .completeHealthObserverUpdate(id: "u1"), .completeHealthObserverUpdate(id: "u2"),
            ])
        // Nothing is owed any more: a late answer completes nothing twice.
        #expect(strategy.handle(Self.samples(.bloodGlucose, []), in: Contexts.background(22)).isEmpty)
    }

    @Test("a read refused while locked records nothing but still completes the update (HK-4, HK-6)")
    func locked() {
        var strategy = HealthSync()
        _ = strategy.handle(
            .healthObserverUpdate(HealthObserverUpdate(id: "u1", type: .bloodGlucose)), in: Contexts.background())
        let answer = strategy.handle(
            .healthSamplesQueried(HealthQueryResult(type: .bloodGlucose, error: .databaseInaccessible)),
            in: Contexts.background())
        #expect(answer == [.completeHealthObserverUpdate(id: "u1")])
    }

    @Test("with a refresh interval it asks for BGAppRefresh and completes each launch after its reads (BGT-3, BGT-4)")
    func refresh() {
        var strategy = HealthSync(options: .init(types: [.bloodGlucose], frequency: nil, refreshInterval: 900))
        let identifier = strategy.options.refreshIdentifier
        #expect(
            strategy.requirements.backgroundModes == [.fetch] && strategy.requirements.taskIdentifiers == [identifier])
        #expect(
            strategy.handle(.didEnterBackground, in: Contexts.background(100)) == [
                .submitTaskRequest(TaskRequest(identifier: identifier, kind: .appRefresh, earliestBeginDate: 1000))
            ])
        let launch = ScheduledTaskLaunch(identifier: identifier, kind: .appRefresh)
        #expect(
            strategy.handle(.scheduledTaskLaunched(launch), in: Contexts.background(1200)) == [
                .queryHealthSamples(.bloodGlucose)
            ])
        let answer = strategy.handle(Self.samples(.bloodGlucose, ["glucose-9"]), in: Contexts.background(1200))
        #expect(answer.records.count == 1)
        #expect(
            Array(answer.dropFirst()) == [
                .completeScheduledTask(identifier: identifier, success: true),
                .submitTaskRequest(TaskRequest(identifier: identifier, kind: .appRefresh, earliestBeginDate: 2100)),
            ])
    }

    @Test("with readsOnPush a silent push reads and is completed after the read (PUSH-6)")
    func push() {
        var strategy = HealthSync(
            options: .init(types: [.bloodGlucose, .stepCount], frequency: nil, readsOnPush: true))
        #expect(strategy.requirements.backgroundModes == [.remoteNotification])
        let push = Event.remoteNotification(RemoteNotification(id: "p1"))
        #expect(
            strategy.handle(push, in: Contexts.background()) == [
                .queryHealthSamples(.bloodGlucose), .queryHealthSamples(.stepCount),
            ])
        #expect(strategy.handle(Self.samples(.bloodGlucose, []), in: Contexts.background()).isEmpty)
        #expect(
            strategy.handle(Self.samples(.stepCount, []), in: Contexts.background()) == [
                .completeRemoteNotification(id: "p1", result: .newData)
            ])
    }

    @Test("options: null turns delivery off in a file, and a zero refresh interval is refused")
    func options() throws {
        let decoded = try JSONDecoder().decode(
            HealthSync.Options.self,
            from: Data(
                #"{"types":["stepCount"],"frequency":null,"refreshInterval":600,"refreshIdentifier":"r","readsOnPush":false}"#
                    .utf8))
        #expect(decoded.frequency == nil && decoded.refreshInterval == 600 && decoded.types == [.stepCount])
        let encoded = String(decoding: try JSONEncoder().encode(HealthSync.Options(frequency: nil)), as: UTF8.self)
        #expect(encoded.contains(#""frequency":null"#))
        #expect(HealthSync.Options(refreshInterval: 0).rangeViolations.map(\.key) == ["refreshInterval"])
        #expect(HealthSync.Options().rangeViolations.isEmpty)
    }
}
