import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("TrackingSchedule: windows by weekday and time of day", .watchdog, .cpuBound)
struct TrackingScheduleTests {
    static func at(_ day: Weekday, _ hours: Double) -> LocalTime { LocalTime(weekday: day, secondOfDay: hours * 3600) }

    @Test func workdaysAreActiveInsideTheirWindowOnly() {
        let schedule = TrackingSchedule.workdays
        #expect(schedule.isActive(at: Self.at(.monday, 8)))
        #expect(schedule.isActive(at: Self.at(.friday, 17.99)))
        #expect(!schedule.isActive(at: Self.at(.friday, 18)), "the end is not inside")
        #expect(!schedule.isActive(at: Self.at(.tuesday, 7.99)))
        #expect(!schedule.isActive(at: Self.at(.saturday, 12)))
    }

    @Test func theNextSwitchAndHowLongAgoTheLastOneWas() throws {
        let schedule = TrackingSchedule.workdays
        #expect(schedule.untilNextSwitch(after: Self.at(.monday, 7)) == 3600)
        #expect(schedule.untilNextSwitch(after: Self.at(.monday, 8)) == 10 * 3600.0)
        // Friday evening: the next switch is Monday 08:00.
        #expect(schedule.untilNextSwitch(after: Self.at(.friday, 18)) == (2 * 24 + 14) * 3600.0)
        #expect(schedule.sinceLastSwitch(at: Self.at(.monday, 8.5)) == 1800)
        #expect(schedule.sinceLastSwitch(at: Self.at(.monday, 18.25)) == 900)
        #expect(schedule.sinceLastSwitch(at: Self.at(.monday, 7)) == (2 * 24 + 13) * 3600.0, "since Friday 18:00")
    }

    @Test func aWindowThroughMidnightAndAcrossTheEndOfTheWeek() throws {
        let nights = TrackingSchedule(windows: [.init(days: [.sunday], start: "22:00", end: "06:00")])
        #expect(nights.isActive(at: Self.at(.sunday, 23)))
        #expect(nights.isActive(at: Self.at(.monday, 5)), "Sunday's night runs into Monday")
        #expect(!nights.isActive(at: Self.at(.monday, 6)))
        #expect(nights.untilNextSwitch(after: Self.at(.monday, 5)) == 3600)
        #expect(nights.sinceLastSwitch(at: Self.at(.monday, 1)) == 3 * 3600.0)
    }

    @Test func overlappingWindowsMergeSoNoSwitchHidesInside() {
        let schedule = TrackingSchedule(windows: [
            .init(days: [.monday], start: "08:00", end: "12:00"), .init(days: [.monday], start: "11:00", end: "14:00"),
        ])
        #expect(schedule.untilNextSwitch(after: Self.at(.monday, 9)) == 5 * 3600.0, "12:00 is no switch")
        #expect(schedule.sinceLastSwitch(at: Self.at(.monday, 13)) == 5 * 3600.0)
        #expect(TrackingSchedule(windows: []).untilNextSwitch(after: Self.at(.monday, 9)) == nil)
    }

    @Test func timesOfDayAreReadAsHHMMAndBadOnesAreNamed() throws {
        let decoded = try JSONDecoder().decode(
            TrackingSchedule.self,
            from: Data(#"{"windows": [{"days": ["saturday"], "start": "09:30", "end": "10:05"}]}"#.utf8))
        #expect(decoded.windows.first?.start.seconds == 9.5 * 3600)
        #expect(String(decoding: try JSONEncoder().encode(decoded.windows[0].end), as: UTF8.self) == #""10:05""#)
        for bad in ["9:30", "24:00", "12:60", "noon", "12:00:00"] {
            #expect(ClockTime(bad) == nil, "\(bad)")
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ClockTime.self, from: Data(#""25:00""#.utf8))
        }
    }

    @Test func aDevicesCalendarGivesTheLocalWeekdayAndTime() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(secondsFromGMT: 3600))
        // 2026-11-27 is a Friday; 08:30 UTC is 09:30 at UTC+1.
        let date = Date(
            timeIntervalSince1970: Double(CivilCalendar.days(year: 2026, month: 11, day: 27)) * 86_400 + 8.5 * 3600)
        #expect(LocalTime(date, calendar: calendar) == LocalTime(weekday: .friday, secondOfDay: 9.5 * 3600))
    }
}
