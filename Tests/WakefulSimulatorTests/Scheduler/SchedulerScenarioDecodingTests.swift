import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The scheduler's scenario keys: `world.power`, `world.startHour`, `app.usage`,
/// `app.permittedTaskIdentifiers`, `app.processingCPULoad`.
@Suite("Scheduler scenario keys", .watchdog, .cpuBound)
struct SchedulerScenarioDecodingTests {
    static func document(app: String = "{}", world: String = "{}") -> String {
        #"{"name": "t", "duration": 60, "app": \#(app), "world": \#(world)}"#
    }

    @Test("the keys decode; absent ones take their defaults")
    func decodes() throws {
        let full = try decodeScenario(
            Self.document(
                app:
                    #"{"permittedTaskIdentifiers": ["a", "b.*"], "usage": {"usedDaysAgo": 2, "typicalOpenHours": [8, 12.5]}, "processingCPULoad": 0.4}"#,
                world:
                    #"{"startHour": 21.5, "power": [{"at": 0, "battery": 0.8, "charging": false}, {"at": 30, "charging": true}, {"at": 60, "battery": 0.5}]}"#
            ))
        #expect(full.app.permittedTaskIdentifiers == ["a", "b.*"])
        #expect(full.app.usage == AppUsageHistory(usedDaysAgo: 2, typicalOpenHours: [8, 12.5]))
        #expect(full.app.processingCPULoad == 0.4)
        #expect(full.world.startHour == 21.5)
        #expect(
            full.world.power.points == [
                PowerPoint(at: 0, battery: 0.8, charging: false), PowerPoint(at: 30, charging: true),
                PowerPoint(at: 60, battery: 0.5),
            ])
        let empty = try decodeScenario(Self.document())
        #expect(empty.app.permittedTaskIdentifiers == nil)
        #expect(empty.app.usage == AppUsageHistory())
        #expect(empty.app.processingCPULoad == 1)
        #expect(empty.world.startHour == 0)
        #expect(empty.world.power == .unplugged)
    }

    @Test(
        "bad values name the field and the expected form",
        arguments: [
            (
                document(world: #"{"startHour": 24}"#), "world.startHour",
                "expected a number from 0 up to (not including) 24"
            ),
            (document(world: #"{"power": {"at": 0}}"#), "world.power", "expected an array"),
            (
                document(world: #"{"power": [{"at": 0, "volts": 3}]}"#), "world.power[0].volts",
                "expected one of: at, battery, charging"
            ),
            (document(world: #"{"power": [{"at": 0}]}"#), "world.power[0]", "gives neither battery nor charging"),
            (
                document(world: #"{"power": [{"at": 10, "charging": true}, {"at": 5, "charging": false}]}"#),
                "world.power[1].at", "increasing time order"
            ),
            (
                document(world: #"{"power": [{"at": 0, "battery": 80}]}"#), "world.power[0].battery",
                "expected a fraction of a full charge"
            ),
            (document(world: #"{"power": [{"battery": 0.5}]}"#), "world.power[0].at", "is required"),
            (document(app: #"{"usage": {"usedDaysAgo": -1}}"#), "app.usage.usedDaysAgo", "expected days, zero or more"),
            (
                document(app: #"{"usage": {"typicalOpenHours": [8, 25]}}"#), "app.usage.typicalOpenHours",
                "25.0 is not an hour of day"
            ),
            (
                document(app: #"{"usage": {"lastOpened": 3}}"#), "app.usage.lastOpened",
                "expected one of: usedDaysAgo, typicalOpenHours"
            ),
            (
                document(app: #"{"permittedTaskIdentifiers": ["a", "a"]}"#), "app.permittedTaskIdentifiers",
                "\"a\" is listed twice"
            ),
            (
                document(app: #"{"permittedTaskIdentifiers": [""]}"#), "app.permittedTaskIdentifiers",
                "an identifier is empty"
            ),
            (document(app: #"{"processingCPULoad": 2}"#), "app.processingCPULoad", "expected a share of one CPU"),
        ])
    func errors(json: String, field: String, fragment: String) throws {
        let error = try #require(throws: ScenarioError.self) { try decodeScenario(json) }
        #expect(error.field == field, "\(error)")
        #expect(error.message.contains(fragment), "\(error)")
    }

    @Test("ScheduledRefresh options decode generically; unknown ones are refused")
    func strategyOptions() throws {
        let json =
            #"{"name": "t", "duration": 60, "world": {}, "strategies": [{"name": "x", "use": [{"strategy": "ScheduledRefresh", "options": {"refreshInterval": 900, "schedulesProcessing": false}}]}]}"#
        var options = ScheduledRefresh.Options()
        options.refreshInterval = 900
        options.schedulesProcessing = false
        #expect(try decodeScenario(json).setups.first?.strategies == [.scheduledRefresh(options)])
        let bad =
            #"{"name": "t", "duration": 60, "world": {}, "strategies": [{"name": "x", "use": [{"strategy": "ScheduledRefresh", "options": {"interval": 900}}]}]}"#
        let error = try #require(throws: ScenarioError.self) { try decodeScenario(bad) }
        #expect(error.field == "strategies[0].use[0].options.interval")
    }
}

@Suite("Power timeline", .watchdog, .cpuBound)
struct PowerTimelineTests {
    @Test("the battery drifts linearly between given levels and holds outside them; charging is a step")
    func interpolation() throws {
        let power = try PowerTimeline([
            PowerPoint(at: 100, battery: 0.8, charging: false), PowerPoint(at: 200, charging: true),
            PowerPoint(at: 300, battery: 0.4), PowerPoint(at: 500, battery: 1.0, charging: false),
        ])
        #expect(power.battery(at: 0) == 0.8)
        #expect(abs(power.battery(at: 200) - 0.6) < 1e-12)
        #expect(abs(power.battery(at: 400) - 0.7) < 1e-12)
        #expect(power.battery(at: 900) == 1.0)
        #expect(power.charging(at: 150) == false)
        #expect(power.charging(at: 0) == false)
        #expect(power.charging(at: 200) == true)
        #expect(power.charging(at: 499.9) == true)
        #expect(power.charging(at: 500) == false)
        #expect(power.changeTimes == [100, 200, 500])
        #expect(PowerTimeline.unplugged.battery(at: 5) == 1)
        #expect(PowerTimeline.unplugged.charging(at: 5) == false)
    }

    @Test("the scenario clock: hour of day and day from startHour")
    func clock() {
        var world = WorldDescription(trajectory: .stationary(at: .zero))
        world.startHour = 22
        #expect(world.hourOfDay(at: 0) == 22)
        #expect(world.hourOfDay(at: 3 * 3600) == 1)
        #expect(world.day(at: 0) == 0)
        #expect(world.day(at: 2 * 3600) == 1)
        #expect(world.day(at: 2 * 3600 - 1) == 0)
    }
}
