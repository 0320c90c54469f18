import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("ScheduledTracking: switches at the wake, records only inside the window", .watchdog, .cpuBound)
struct ScheduledTrackingTests {
    static func context(_ now: Double, hours: Double, state: AppState = .background) -> Context {
        Context(now: now, appState: state, localTime: LocalTime(weekday: .monday, secondOfDay: hours * 3600))
    }

    static let fix = LocationFix(
        coordinate: Coordinate(latitude: 52.5, longitude: 13.4), horizontalAccuracy: 10, timestamp: 0)

    @Test func outOfHoursALaunchSetsUpTheWakeSourceAndTheTimerWithoutASwitch() {
        var strategy = ScheduledTracking()
        let commands = strategy.handle(.didFinishLaunching(.user), in: Self.context(0, hours: 7, state: .active))
        #expect(commands.contains(.startMonitoringSignificantLocationChanges))
        #expect(
            commands.contains {
                if case .submitTaskRequest(let request) = $0 { request.earliestBeginDate == 3600 } else { false }
            })
        #expect(
            commands.contains {
                if case .setTimer(let timer) = $0 { timer.id == ScheduledTracking.switchTimer } else { false }
            })
        #expect(!commands.contains { if case .record = $0 { true } else { false } })
        #expect(!strategy.tracking)
    }

    @Test func aLateWakeSwitchesOnAndSaysHowLateAndFixesAreRecordedOnlyInside() throws {
        var strategy = ScheduledTracking()
        _ = strategy.handle(.didFinishLaunching(.user), in: Self.context(0, hours: 7, state: .active))
        let outside = strategy.handle(.locationsUpdated([Self.fix]), in: Self.context(100, hours: 7))
        #expect(!outside.contains { if case .record = $0 { true } else { false } }, "nothing recorded out of hours")
        // A significant change at 08:30 is the first wake after the window opened.
        let woken = strategy.handle(.significantLocationChange(Self.fix), in: Self.context(5400, hours: 8.5))
        let switched = try #require(
            woken.compactMap { command -> Record? in
                if case .record(let record) = command, record.kind == ScheduledTracking.switchKind {
                    record
                } else {
                    nil
                }
            }.first)
        #expect(switched.fields["on"] == .bool(true))
        #expect(switched.fields["lateBy"] == .double(1800))
        #expect(switched.fields["boundary"] == .double(3600))
        #expect(woken.contains { if case .startUpdatingLocation(let request) = $0 { request.usesGPS } else { false } })
        let inside = strategy.handle(.locationsUpdated([Self.fix]), in: Self.context(5500, hours: 8.53))
        #expect(
            inside.contains {
                if case .record(let record) = $0 { record.kind == LocationLogger.recordKind } else { false }
            })
    }

    @Test func theTimerAtTheEndSwitchesOffOnTime() throws {
        var strategy = ScheduledTracking(options: .init(offHours: .keepAlive))
        _ = strategy.handle(.didFinishLaunching(.user), in: Self.context(0, hours: 9, state: .active))
        #expect(strategy.tracking)
        let off = strategy.handle(.timerFired(ScheduledTracking.switchTimer), in: Self.context(32400, hours: 18))
        #expect(!strategy.tracking)
        #expect(
            off.contains { if case .record(let record) = $0 { record.fields["lateBy"] == .double(0) } else { false } })
        // keepAlive: coarse updates keep the app running for the next morning's switch (LOC-6).
        #expect(off.contains { if case .startUpdatingLocation(let request) = $0 { !request.usesGPS } else { false } })
    }

    @Test func withoutALocalTimeItDoesNothing() {
        var strategy = ScheduledTracking()
        #expect(strategy.handle(.didFinishLaunching(.user), in: Context(now: 0, appState: .active)).isEmpty)
    }
}
