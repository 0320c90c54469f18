import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("MotionAwareTracking", .watchdog, .cpuBound)
struct MotionAwareTrackingTests {
    static let home = Coordinate(latitude: 48.8566, longitude: 2.3522)

    static func fix(at time: TimeInterval, speed: Double, accuracy: Double = 10) -> LocationFix {
        LocationFix(coordinate: home, horizontalAccuracy: accuracy, speed: speed, timestamp: time)
    }

    static func activity(_ kinds: MotionActivity.Kinds, _ start: TimeInterval, _ confidence: MotionConfidence = .high)
        -> MotionActivity
    {
        MotionActivity(kinds: kinds, confidence: confidence, start: start)
    }

    /// A strategy launched by the user at t = 0 that heard Core Motion say yes and got a moving fix.
    static func launched(_ options: MotionAwareTracking.Options = .init()) -> MotionAwareTracking {
        var strategy = MotionAwareTracking(options: options)
        _ = strategy.handle(.didFinishLaunching(.user), in: Contexts.foreground(0))
        _ = strategy.handle(.motionAuthorizationChanged(.authorized), in: Contexts.foreground(0))
        _ = strategy.handle(.locationsUpdated([fix(at: 1, speed: 5)]), in: Contexts.foreground(1))
        return strategy
    }

    @Test("a launch starts GPS that keeps the app running, the stop timer, activity updates and a history query")
    func launch() {
        var strategy = MotionAwareTracking()
        let commands = strategy.handle(.didFinishLaunching(.user), in: Contexts.foreground(1000))
        let gps = LocationRequest(
            desiredAccuracy: 10, distanceFilter: 10, pausesAutomatically: false, allowsBackgroundUpdates: true,
            showsBackgroundIndicator: true, activityType: .otherNavigation)
        #expect(
            commands == [
                .stopMonitoring(MotionAwareTracking.regionID), .startUpdatingLocation(gps),
                .setTimer(TimerRequest(id: MotionAwareTracking.stopTimer, interval: 300)),
                .startActivityUpdates, .queryActivityHistory(from: -2600, to: 1000),
            ])
        #expect(strategy.phase == .moving)
    }

    @Test("requirements: location mode, Always, and the Motion & Fitness purpose string only when it uses motion")
    func requirements() {
        let withMotion = MotionAwareTracking().requirements
        #expect(withMotion.backgroundModes == [.location])
        #expect(withMotion.locationAuthorization == .always)
        #expect(withMotion.usageDescriptions == [.motion])
        #expect(UsageDescription.required(for: withMotion).contains(.motion))
        #expect(withMotion.reviewFindings.map(\.rules).contains(["LOC-6", "REVIEW-3"]))
        let without = MotionAwareTracking(options: .init(usesMotion: false)).requirements
        #expect(without.usageDescriptions.isEmpty)
        #expect(without.reviewFindings.isEmpty)
    }

    @Test("still for the stop timeout: GPS off, a stationary fence around the last fix, cell-only keep-alive (LOC-6)")
    func entersStationary() {
        var strategy = Self.launched()
        // The timer falls due 300 s after the last moving fix, not before.
        let early = strategy.handle(.timerFired(MotionAwareTracking.stopTimer), in: Contexts.background(200))
        #expect(early == [.setTimer(TimerRequest(id: MotionAwareTracking.stopTimer, interval: 101))])
        let commands = strategy.handle(.timerFired(MotionAwareTracking.stopTimer), in: Contexts.background(301))
        let fence = MonitoredRegion(
            id: MotionAwareTracking.regionID, shape: .circle(center: Self.home, radius: 100))
        #expect(
            Array(commands.prefix(4)) == [
                .stopUpdatingLocation, .cancelTimer(MotionAwareTracking.stopTimer), .startMonitoring(fence),
                .startUpdatingLocation(
                    LocationRequest(
                        desiredAccuracy: 3000, distanceFilter: 3000, pausesAutomatically: false,
                        allowsBackgroundUpdates: true, showsBackgroundIndicator: true)),
            ])
        #expect(commands.records.map(\.kind) == [MotionAwareTracking.stationaryKind])
        #expect(strategy.phase == .stationary)
    }

    @Test("a travelling activity at the stop timer keeps the GPS on (MOTION-1: automotive + stationary at a light)")
    func lightKeepsMoving() {
        var strategy = Self.launched()
        _ = strategy.handle(
            .activityUpdated(Self.activity([.automotive, .stationary], 250)), in: Contexts.background(280))
        let commands = strategy.handle(.timerFired(MotionAwareTracking.stopTimer), in: Contexts.background(301))
        // Still travelling when the timer fires: the timeout counts again from now.
        #expect(commands == [.setTimer(TimerRequest(id: MotionAwareTracking.stopTimer, interval: 300))])
        #expect(strategy.phase == .moving)
    }

    @Test("the fence's exit resumes the GPS and the history gives the trip's true start (LOC-19, MOTION-3)")
    func exitRecoversTripStart() throws {
        var strategy = Self.launched()
        _ = strategy.handle(.timerFired(MotionAwareTracking.stopTimer), in: Contexts.background(301))
        let resumed = strategy.handle(.regionExited(MotionAwareTracking.regionID), in: Contexts.background(2000))
        #expect(resumed.contains(.stopMonitoring(MotionAwareTracking.regionID)))
        #expect(resumed.contains(.queryActivityHistory(from: 1, to: 2000)))
        #expect(strategy.phase == .moving)
        let history = MotionActivityHistory(
            from: 1, to: 2000,
            activities: [
                Self.activity(.stationary, 40), Self.activity(.unknown, 1700, .low),
                Self.activity(.walking, 1790, .medium),
            ])
        let answer = strategy.handle(.activityHistory(history), in: Contexts.background(2000))
        let trip = try #require(answer.records.first)
        #expect(trip.kind == MotionAwareTracking.tripStartKind)
        #expect(trip.fields["start"] == .double(1790))
        #expect(trip.fields["recovered"] == .bool(true))
        #expect(trip.fields["lateBy"] == .double(210))
        #expect(trip.fields["lat"] == .double(Self.home.latitude))
    }

    @Test("a moving activity while the app runs resumes the GPS before the fence's exit (MOTION-4)")
    func motionResumes() {
        var strategy = Self.launched()
        _ = strategy.handle(.timerFired(MotionAwareTracking.stopTimer), in: Contexts.background(301))
        let low = strategy.handle(.activityUpdated(Self.activity(.walking, 900, .low)), in: Contexts.background(930))
        #expect(low.isEmpty, "a low-confidence activity is noise")
        let commands = strategy.handle(
            .activityUpdated(Self.activity(.walking, 900, .high)), in: Contexts.background(931))
        #expect(commands.contains(.stopMonitoring(MotionAwareTracking.regionID)))
        #expect(
            commands.contains { if case .startUpdatingLocation(let request) = $0 { request.usesGPS } else { false } })
        #expect(strategy.phase == .moving)
    }

    @Test("at launch, a history still for longer than the stop timeout puts the fence down at once")
    func launchWhileStill() {
        var strategy = MotionAwareTracking()
        _ = strategy.handle(.didFinishLaunching(.user), in: Contexts.foreground(1000))
        let history = MotionActivityHistory(
            from: -2600, to: 1000, activities: [Self.activity(.stationary, -604_800)])
        let commands = strategy.handle(.activityHistory(history), in: Contexts.foreground(1000))
        #expect(commands.contains(.setTimer(TimerRequest(id: MotionAwareTracking.stopTimer, due: -604_500, now: 1000))))
        _ = strategy.handle(.timerFired(MotionAwareTracking.stopTimer), in: Contexts.foreground(1000.1))
        #expect(strategy.phase == .moving, "no fix yet to centre the fence on")
        let placed = strategy.handle(.locationsUpdated([Self.fix(at: 1001, speed: 0)]), in: Contexts.foreground(1001))
        #expect(placed.contains { if case .startMonitoring = $0 { true } else { false } })
        #expect(strategy.phase == .stationary)
    }

    @Test("without Motion & Fitness it says what it loses, keeps no keep-alive, and trip starts are not recovered")
    func withoutPermission() throws {
        var strategy = MotionAwareTracking()
        _ = strategy.handle(.didFinishLaunching(.user), in: Contexts.foreground(0))
        let denied = strategy.handle(.motionAuthorizationChanged(.denied), in: Contexts.foreground(0))
        #expect(denied.records.map(\.kind) == [MotionAwareTracking.motionUnavailableKind])
        #expect(strategy.motion == false)
        _ = strategy.handle(.locationsUpdated([Self.fix(at: 1, speed: 5)]), in: Contexts.foreground(1))
        let still = strategy.handle(.timerFired(MotionAwareTracking.stopTimer), in: Contexts.background(301))
        #expect(!still.contains { if case .startUpdatingLocation = $0 { true } else { false } })
        let resumed = strategy.handle(.regionExited(MotionAwareTracking.regionID), in: Contexts.background(900))
        #expect(!resumed.contains { if case .queryActivityHistory = $0 { true } else { false } })
        let trip = try #require(resumed.records.first)
        #expect(trip.fields["recovered"] == .bool(false))
        #expect(trip.fields["start"] == .double(900))
    }

    @Test("a relaunch by the fence's exit recovers the start from the history, without the stationary time")
    func relaunchByFence() throws {
        var strategy = MotionAwareTracking()
        let commands = strategy.handle(.didFinishLaunching(.region), in: Contexts.background(5000))
        #expect(commands.contains(.queryActivityHistory(from: 1400, to: 5000)))
        let history = MotionActivityHistory(
            from: 1400, to: 5000,
            activities: [Self.activity(.stationary, 300), Self.activity(.automotive, 4900)])
        let trip = try #require(strategy.handle(.activityHistory(history), in: Contexts.background(5000)).records.first)
        #expect(trip.fields["start"] == .double(4900))
        #expect(trip.fields["recovered"] == .bool(true))
        #expect(trip.fields["lat"] == nil, "the fence's centre died with the old process")
    }

    @Test("options out of range are refused")
    func ranges() {
        let bad = MotionAwareTracking.Options(stopTimeout: 0, stationaryRadius: -1)
        #expect(bad.rangeViolations.map(\.key) == ["stationaryRadius", "stopTimeout"])
        #expect(MotionAwareTracking.Options().rangeViolations.isEmpty)
    }

    @Test("activity flags are not exclusive and read back from their names (MOTION-1)")
    func activityNames() {
        let light = MotionActivity(kinds: [.automotive, .stationary], confidence: .high, start: 0)
        #expect(light.description == "stationary+automotive")
        #expect(light.isMoving && !light.isStill)
        #expect(MotionActivity.kinds(parsing: "stationary+automotive") == [.automotive, .stationary])
        #expect(MotionActivity.kinds(parsing: "flying") == nil)
        #expect(MotionConfidence.low < .medium && MotionConfidence.medium < .high)
    }
}
