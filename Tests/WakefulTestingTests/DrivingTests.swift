import Foundation
import Testing
import WakefulTestSupport
import WakefulTesting

/// Each driving method does what it says, at the run's current time.
@Suite("Driving a run", .watchdog, .cpuBound)
struct DrivingTests {
    @Test func openHomeAndTheGraceBeforeSuspension() {
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank())
        #expect(run.appState == .notRunning)
        run.openApp()
        #expect(run.appState == .active)
        run.pressHome()
        #expect(run.appState == .background)
        run.advance(by: .seconds(30))
        #expect(run.appState == .suspended)
        #expect(run.now == .seconds(30))
    }

    @Test func forceQuitEndsTheProcessAndCountsAsTheUsers() {
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank())
        run.openApp()
        run.forceQuit()
        #expect(run.appState == .notRunning)
        #expect(run.metrics.terminations.map(\.reason) == [.userForceQuit])
        #expect(run.expectNoTermination())  // the user's own doing does not count…
        let failures = ExpectationFailure.collect { run.expectNoTermination(includingUserActions: true) }
        #expect(failures.count == 1)  // …unless asked
    }

    // 26.2.1 still relaunched (a log); 26.4.2 did not (LOC-28).
    @Test(arguments: [(IOSVersion.v17, 1), (IOSVersion(26, 2, 1), 1), (IOSVersion(26, 4), 0)])
    func aRegionExitRelaunchesAForceQuitAppExceptFrom26Point4(ios: IOSVersion, relaunches: Int) {
        var run = BackgroundTestRun(configuration: .none, iOS: ios, scenario: .blank(app: TripApp.geofencedApp))
        run.openApp()
        run.pressHome()
        run.forceQuit()
        run.exitRegion("home")
        run.advance(by: .minutes(5))  // Wi-Fi's exit time is drawn: 20 s at least, 88 s at the median
        #expect(run.metrics.relaunches == relaunches)  // LOC-29, TERM-1
    }

    @Test func aSilentPushWakesAPushTriggeredApp() throws {
        var run = BackgroundTestRun(
            configuration: try .named("PushTrigger"), iOS: .v17, scenario: .blank(app: TripApp.app))
        run.openApp()
        run.pressHome()
        run.advance(by: .minutes(5))
        #expect(run.appState == .suspended)
        run.sendSilentPush(id: "start")
        #expect(run.metrics.wakes["push"] == 1)
        let delivered = run.timeline.contains { entry in
            guard case .event(.remoteNotification(let push)) = entry.body else { return false }
            return push.id == "start"
        }
        #expect(delivered)
    }

    @Test func theChargerIsPluggedInAndOutFromNowOn() {
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank())
        run.advance(by: .minutes(10))
        run.plugIn()
        run.advance(by: .minutes(10))
        run.unplug()
        let power = run.device.scenario.world.power
        #expect(
            !power.charging(at: 599) && power.charging(at: 600) && power.charging(at: 1199) && !power.charging(at: 1200)
        )
        let actions = run.timeline.compactMap { entry -> String? in
            guard case .user(let action, _) = entry.body else { return nil }
            return "\(action)@\(Int(entry.time))"
        }
        #expect(actions == ["plugIn@600", "unplug@1200"])
    }

    /// With the example of `setNetwork(_:bandwidth:)`'s doc comment
    /// (Sources/WakefulTesting/BackgroundTestRun+Driving.swift), word for word.
    @Test func theNetworkGoesAndComesBack() {
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank())
        run.setNetwork(.none)
        run.advance(by: .minutes(10))
        run.setNetwork(.cellular, bandwidth: 50_000)
        let network = run.device.scenario.world.network
        #expect(network.segment(at: 300) == NetworkSegment(at: 0, kind: .none, bandwidth: 0))
        #expect(network.segment(at: 900) == NetworkSegment(at: 600, kind: .cellular, bandwidth: 50_000))
        let user = run.timeline.compactMap { entry -> [Field]? in
            guard case .user("setNetwork", let fields) = entry.body else { return nil }
            return fields
        }
        #expect(
            user == [
                [Field("kind", "none"), Field("bandwidth", 0.0)],
                [Field("kind", "cellular"), Field("bandwidth", 50_000.0)],
            ])
    }

    @Test func uploadsWaitForTheNetwork() {
        var run = BackgroundTestRun(strategies: AppSetup.strategies, agent: AppSetup.agent, iOS: .v17)
        run.openApp()
        run.setNetwork(.none)
        run.advance(by: .minutes(5))
        #expect(run.device.ingest.records.isEmpty)
        run.setNetwork(.wifi)
        run.advance(by: .minutes(5))
        #expect(!run.device.ingest.records.isEmpty)
        #expect(run.expectEveryRecordUploadedExactlyOnce())
    }

    @Test func movingTakesSimulatedTime() {
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank())
        run.move(to: .point(LocalPoint(east: 140, north: 0)), speed: 1.4)
        #expect(run.position == .zero)
        run.advance(by: .seconds(50))
        #expect(abs(run.position.east - 70) < 1e-9)
        run.advance(by: .seconds(100))
        #expect(run.position == LocalPoint(east: 140, north: 0))
        run.jump(to: .point(LocalPoint(east: 0, north: 500)))
        #expect(run.position == LocalPoint(east: 0, north: 500))
    }

    @Test func theTripIsLoggedEverySecondWithLocationPulse() throws {
        var run = BackgroundTestRun(
            configuration: try .named("LocationPulse"), iOS: .v17, scenario: .blank(app: TripApp.app))
        run.openApp()
        run.pressHome()
        run.move(along: TripApp.drive)
        run.advance(by: .seconds(1000))
        #expect(run.records(ofKind: "location").count >= 1000)
    }

    @Test func drivingAnUnknownPlaceOrRegionIsReported() {
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank())
        let failures = ExpectationFailure.collect {
            run.move(to: .beacon("pump-9"))
            run.enterRegion("office")
        }
        #expect(
            failures.map(\.message) == [
                "move(to:) was not done: the scenario has no beacon pump-9 (its beacons: none).",
                "enterRegion(\"office\") was not done: iOS is not monitoring a circular region \"office\" for the app at 0 s "
                    + "(monitored: none). Regions exist once the app has asked for them.",
            ])
        #expect(run.position == .zero)
    }

    @Test func drivingPastTheScenariosEndIsReported() {
        var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank(duration: .hours(1)))
        let failures = ExpectationFailure.collect {
            run.advance(by: .minutes(90))
            run.openApp()
        }
        #expect(run.hasEnded)
        #expect(run.now == .hours(1))
        #expect(
            failures.map(\.message) == [
                "advance to 1 h 30 min 00 s went past the scenario's end at 1 h 00 min 00 s; the run stopped there. "
                    + "Give the scenario a longer duration, or call runToEnd().",
                "open was not done: the run ended at 1 h 00 min 00 s, the scenario's duration. Give the scenario a longer duration.",
            ])
    }
}
