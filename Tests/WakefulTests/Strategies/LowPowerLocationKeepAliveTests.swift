import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("LowPowerLocationKeepAlive", .watchdog, .cpuBound)
struct LowPowerLocationKeepAliveTests {
    static func task(_ serial: Int) -> BackgroundTaskID {
        BackgroundTaskID(owner: "LowPowerLocationKeepAlive", serial: serial)
    }

    /// Seed 002's exact request (LOC-6, BEACON-8), with the background indicator that 16.4+ needs
    /// for updates started after a background relaunch (LOC-30).
    static let seedRequest = LocationRequest(
        desiredAccuracy: 3000, distanceFilter: 3000, pausesAutomatically: false, allowsBackgroundUpdates: true,
        showsBackgroundIndicator: true)

    @Test("the location request is seed 002's: 3000 m / 3000 m, no auto-pause, background updates allowed (LOC-6)")
    func request() {
        let request = LowPowerLocationKeepAlive().locationRequest
        #expect(request == Self.seedRequest)
        #expect(request.desiredAccuracy == 3000)
        #expect(request.distanceFilter == 3000)
        #expect(request.pausesAutomatically == false)
        #expect(request.allowsBackgroundUpdates == true)
        #expect(request.showsBackgroundIndicator == true, "LOC-30")
        #expect(request.activityType == .other)
        #expect(!request.usesGPS, "3 km accuracy is cell positioning, not GPS")
    }

    @Test("requirements: the location mode and Always authorization (LOC-2)")
    func requirements() {
        let strategy = LowPowerLocationKeepAlive()
        #expect(strategy.name == "LowPowerLocationKeepAlive")
        #expect(
            strategy.requirements
                == Requirements(
                    backgroundModes: [.location], locationAuthorization: .always,
                    locationCapabilities: [.backgroundUpdates, .backgroundStart, .preciseFixes]))
    }

    @Test("a user launch starts updates and begins no task")
    func userLaunch() {
        var strategy = LowPowerLocationKeepAlive()
        #expect(
            strategy.handle(.didFinishLaunching(.user), in: Contexts.inactive()) == [
                .startUpdatingLocation(Self.seedRequest)
            ])
        #expect(strategy.openTask == nil)
    }

    @Test(
        "a launch into the background starts updates and begins a task",
        arguments: [LaunchReason.region, .significantChange, .visit, .remoteNotification])
    func backgroundLaunch(_ reason: LaunchReason) {
        var strategy = LowPowerLocationKeepAlive()
        #expect(
            strategy.handle(.didFinishLaunching(reason), in: Contexts.background())
                == [.startUpdatingLocation(Self.seedRequest), .beginBackgroundTask(Self.task(1))])
        #expect(strategy.openTask == Self.task(1))
    }

    @Test("every launch starts updates again, even with a task open")
    func everyLaunch() {
        var strategy = LowPowerLocationKeepAlive()
        _ = strategy.handle(.didFinishLaunching(.region), in: Contexts.background())
        #expect(
            strategy.handle(.didFinishLaunching(.region), in: Contexts.background()) == [
                .startUpdatingLocation(Self.seedRequest)
            ])
        #expect(
            strategy.handle(.didFinishLaunching(.user), in: Contexts.foreground()) == [
                .startUpdatingLocation(Self.seedRequest)
            ])
    }

    @Test("begins a task on didEnterBackground, never a second while one is open")
    func taskOnBackground() {
        var strategy = LowPowerLocationKeepAlive()
        _ = strategy.handle(.didFinishLaunching(.user), in: Contexts.inactive())
        #expect(
            strategy.handle(.didEnterBackground, in: Contexts.background(10)) == [.beginBackgroundTask(Self.task(1))])
        #expect(strategy.handle(.didEnterBackground, in: Contexts.background(11)).isEmpty)
    }

    @Test("ends the task on expiry; the next background entry begins task 2")
    func endsOnExpiry() {
        var strategy = LowPowerLocationKeepAlive()
        _ = strategy.handle(.didEnterBackground, in: Contexts.background(10))
        #expect(
            strategy.handle(
                .backgroundTaskExpiring(BackgroundTaskID(owner: "TaskExtension", serial: 1)),
                in: Contexts.background(40)
            ).isEmpty,
            "another strategy's task is not its business")
        #expect(
            strategy.handle(.backgroundTaskExpiring(Self.task(1)), in: Contexts.background(40, remaining: 0)) == [
                .endBackgroundTask(Self.task(1))
            ])
        #expect(strategy.openTask == nil)
        #expect(
            strategy.handle(.didEnterBackground, in: Contexts.background(100)) == [.beginBackgroundTask(Self.task(2))])
    }

    @Test("a denied task clears the state")
    func denied() {
        var strategy = LowPowerLocationKeepAlive()
        _ = strategy.handle(.didEnterBackground, in: Contexts.background())
        #expect(strategy.handle(.backgroundTaskDenied(Self.task(1)), in: Contexts.background()).isEmpty)
        #expect(strategy.openTask == nil)
        #expect(strategy.handle(.didEnterBackground, in: Contexts.background()).begunTasks == [Self.task(2)])
    }

    @Test(
        "region and location events change nothing: updates keep running",
        arguments: [
            Event.regionEntered("pump"), .regionExited("pump"), .locationUpdatesPaused, .willEnterForeground,
            .memoryWarning,
            .locationsUpdated([
                LocationFix(coordinate: Coordinate(latitude: 1, longitude: 2), horizontalAccuracy: 3000, timestamp: 5)
            ]),
        ])
    func quietOtherwise(_ event: Event) {
        var strategy = LowPowerLocationKeepAlive()
        #expect(strategy.handle(event, in: Contexts.background()).isEmpty)
    }

    @Test("options: other accuracy and filter, and no task when beginsBackgroundTask is false")
    func options() {
        var strategy = LowPowerLocationKeepAlive(
            options: .init(desiredAccuracy: 1000, distanceFilter: 500, beginsBackgroundTask: false))
        let request = LocationRequest(
            desiredAccuracy: 1000, distanceFilter: 500, pausesAutomatically: false, allowsBackgroundUpdates: true,
            showsBackgroundIndicator: true)
        #expect(
            strategy.handle(.didFinishLaunching(.region), in: Contexts.background()) == [
                .startUpdatingLocation(request)
            ])
        #expect(strategy.handle(.didEnterBackground, in: Contexts.background()).isEmpty)
        #expect(strategy.openTask == nil)
    }
}
