import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("DebugNotifications: which entries notify, in which builds, how often", .watchdog, .cpuBound)
struct DebugNotificationsTests {
    static func event(_ event: Event, at time: TimeInterval) -> TimelineEntry {
        TimelineEntry(time: time, body: .event(event))
    }

    static func command(_ command: Command, at time: TimeInterval) -> TimelineEntry {
        TimelineEntry(time: time, body: .command(command, by: "LocationLogger"))
    }

    static let relaunch = event(.didFinishLaunching(.significantChange), at: 0)

    @Test("off by default, and off in a release build unless the policy allows release builds")
    func offByDefault() {
        var off = DebugNotifications(policy: .off, debugBuild: true)
        #expect(off.admit(Self.relaunch) == nil)
        var release = DebugNotifications(policy: .fieldDebugging, debugBuild: false)
        #expect(!release.isActive)
        #expect(release.admit(Self.relaunch) == nil)
        var allowed = DebugNotificationPolicy.fieldDebugging
        allowed.allowedInReleaseBuilds = true
        var explicit = DebugNotifications(policy: allowed, debugBuild: false)
        #expect(explicit.admit(Self.relaunch)?.trigger == .relaunch)
    }

    @Test("a relaunch notifies with its cause and a sound; a user's launch does not")
    func relaunch() throws {
        var notifications = DebugNotifications(policy: .fieldDebugging, debugBuild: true)
        #expect(notifications.admit(Self.event(.didFinishLaunching(.user), at: 0)) == nil)
        let admitted = notifications.admit(Self.relaunch)
        let note = try #require(admitted)
        #expect(note.title == "Launched in the background")
        #expect(note.body == "iOS launched the app for a significant location change (STATE-2).")
        #expect(note.sound)
        #expect(note.heldBack == 0)
    }

    @Test(
        "tracking notifies when it changes: started, started again (nothing), paused by iOS, stopped while off (nothing)"
    )
    func tracking() {
        var notifications = DebugNotifications(
            policy: DebugNotificationPolicy(triggers: [.trackingStarted, .trackingStopped], minimumInterval: 0),
            debugBuild: true)
        let request = LocationRequest()
        let notes = [
            Self.command(.startUpdatingLocation(request), at: 10),
            Self.command(.startUpdatingLocation(request), at: 20),
            Self.event(.locationUpdatesPaused, at: 30), Self.command(.stopUpdatingLocation, at: 40),
            Self.command(.startLiveUpdates(.fitness), at: 50), Self.event(.didFinishLaunching(.user), at: 60),
            Self.command(.startUpdatingLocation(request), at: 70),
        ].compactMap { notifications.admit($0) }
        #expect(notes.map(\.title) == ["Tracking started", "Location paused", "Tracking started", "Tracking started"])
        #expect(notes.map(\.trigger) == [.trackingStarted, .trackingStopped, .trackingStarted, .trackingStarted])
        #expect(notes.first?.body == "LocationLogger started location updates (startUpdatingLocation).")
    }

    @Test("a trigger within its minimum interval is held back and counted in the next notification")
    func minimumInterval() throws {
        var notifications = DebugNotifications(
            policy: DebugNotificationPolicy(triggers: [.taskExpiring], minimumInterval: 60), debugBuild: true)
        let expiring = { (time: TimeInterval) in
            Self.event(.scheduledTaskExpiring(identifier: "com.example.refresh"), at: time)
        }
        #expect(notifications.admit(expiring(0)) != nil)
        #expect(notifications.admit(expiring(30)) == nil)
        #expect(notifications.admit(expiring(59)) == nil)
        #expect(notifications.heldBack == 2)
        let admitted = notifications.admit(expiring(60))
        let next = try #require(admitted)
        #expect(next.heldBack == 2)
        #expect(next.body.hasSuffix("(2 more held back since the last notification)"))
        #expect(notifications.heldBack == 0)
    }

    @Test("no more than the hourly maximum, whatever the triggers; the hour rolls")
    func hourlyMaximum() {
        var notifications = DebugNotifications(
            policy: DebugNotificationPolicy(
                triggers: Set(DebugNotificationPolicy.Trigger.allCases), minimumInterval: 0, maximumPerHour: 2),
            debugBuild: true)
        let pushes = (0..<4).map {
            Self.event(.remoteNotification(RemoteNotification(id: "p\($0)")), at: Double($0) * 600)
        }
        #expect(pushes.map { notifications.admit($0) != nil } == [true, true, false, false])
        #expect(notifications.admit(Self.event(.memoryWarning, at: 3600)) != nil)
    }

    @Test("each kind of entry has its trigger: only the policy's triggers notify")
    func triggers() {
        var notifications = DebugNotifications(
            policy: DebugNotificationPolicy(triggers: [.push], minimumInterval: 0), debugBuild: true)
        #expect(notifications.admit(Self.event(.regionEntered("home"), at: 0)) == nil)
        #expect(notifications.admit(Self.event(.voipPush(RemoteNotification(id: "v")), at: 1))?.trigger == .push)
        var everything = DebugNotifications(policy: .everything, debugBuild: true)
        #expect(everything.admit(Self.event(.regionEntered("home"), at: 0))?.trigger == .region)
        #expect(everything.admit(Self.event(.memoryWarning, at: 0))?.trigger == .otherSystemActivity)
        #expect(everything.admit(Self.event(.didBecomeActive, at: 0)) == nil)
    }
}
