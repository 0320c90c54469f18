import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// The push strategies as pure state machines.
@Suite("PushTrigger, ForegroundSession, SilentAudioKeepAlive", .watchdog, .cpuBound)
struct PushStrategiesTests {
    static func push(_ id: String, _ fields: [Field]) -> Event {
        .remoteNotification(RemoteNotification(id: id, userInfo: fields))
    }

    @Test("PushTrigger: start, stop and other pushes each complete at once")
    func pushTrigger() {
        var strategy = PushTrigger()
        let start = strategy.handle(Self.push("a", [Field("trip", "start")]), in: Contexts.background(5))
        #expect(
            start.first
                == .startUpdatingLocation(
                    LocationRequest(
                        desiredAccuracy: 10, distanceFilter: 0, pausesAutomatically: false,
                        allowsBackgroundUpdates: true, showsBackgroundIndicator: true, activityType: .fitness)))
        #expect(start.records.map { $0.fields["phase"] } == ["start"])
        #expect(start.last == .completeRemoteNotification(id: "a", result: .newData))
        #expect(strategy.tripRunning)
        let fix = LocationFix(
            coordinate: Coordinate(latitude: 1, longitude: 2), horizontalAccuracy: 10, speed: 3, timestamp: 6)
        #expect(strategy.handle(.locationsUpdated([fix]), in: Contexts.background(6)).records.map(\.kind) == ["fix"])
        let stop = strategy.handle(Self.push("b", [Field("trip", "stop")]), in: Contexts.background(7))
        #expect(stop.first == .stopUpdatingLocation)
        #expect(stop.last == .completeRemoteNotification(id: "b", result: .newData))
        #expect(strategy.handle(.locationsUpdated([fix]), in: Contexts.background(8)).isEmpty)
        #expect(
            strategy.handle(Self.push("c", []), in: Contexts.background(9)) == [
                .completeRemoteNotification(id: "c", result: .noData)
            ])
        #expect(strategy.requirements.backgroundModes == [.remoteNotification, .location])
        #expect(PushTrigger(options: .init(usesLocation: false)).requirements.backgroundModes == [.remoteNotification])
    }

    @Test("ForegroundSession: a fetch cut short by task expiry fails its push")
    func foregroundSessionExpiry() {
        var strategy = ForegroundSession()
        let begun = strategy.handle(Self.push("m", [Field("kind", "message")]), in: Contexts.background(1))
        guard let task = begun.begunTasks.first else {
            Issue.record("no task begun")
            return
        }
        let expiry = strategy.handle(.backgroundTaskExpiring(task), in: Contexts.background(2))
        #expect(expiry == [.completeRemoteNotification(id: "m", result: .failed), .endBackgroundTask(task)])
        #expect(strategy.handle(.timerFired("ForegroundSession.fetch.1"), in: Contexts.background(3)).isEmpty)
    }

    @Test("ForegroundSession: the message id comes from userInfo when present; two fetches share one task")
    func foregroundSessionIDs() {
        var strategy = ForegroundSession()
        let first = strategy.handle(
            Self.push("p1", [Field("kind", "message"), Field("messageId", "42")]), in: Contexts.background(1))
        let second = strategy.handle(Self.push("p2", [Field("kind", "message")]), in: Contexts.background(1.5))
        #expect(first.begunTasks.count == 1 && second.begunTasks.isEmpty)
        let done1 = strategy.handle(.timerFired("ForegroundSession.fetch.1"), in: Contexts.background(3))
        #expect(done1.records.map { $0.fields["id"] } == ["42"] && done1.endedTasks.isEmpty)
        let done2 = strategy.handle(.timerFired("ForegroundSession.fetch.2"), in: Contexts.background(3.5))
        #expect(done2.records.map { $0.fields["id"] } == ["p2"] && done2.endedTasks.count == 1)
    }

    @Test("SilentAudioKeepAlive: plays on leaving and on a background launch, stops on return")
    func silentAudio() {
        var strategy = SilentAudioKeepAlive()
        #expect(strategy.handle(.didEnterBackground, in: Contexts.background()) == [.startAudio(audible: false)])
        #expect(strategy.handle(.didEnterBackground, in: Contexts.background()).isEmpty)
        #expect(strategy.handle(.didBecomeActive, in: Contexts.foreground()) == [.stopAudio])
        var relaunched = SilentAudioKeepAlive(options: .init(audible: true))
        #expect(
            relaunched.handle(.didFinishLaunching(.remoteNotification), in: Contexts.background()) == [
                .startAudio(audible: true)
            ])
        var opened = SilentAudioKeepAlive()
        #expect(opened.handle(.didFinishLaunching(.user), in: Contexts.inactive()).isEmpty)
    }
}
