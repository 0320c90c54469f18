import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// `app.jobs` and `app.jobScheduler` in scenario files: what they decode to, and errors that name
/// the file, the field and the expected form.
@Suite("Jobs: scenario decoding", .watchdog, .cpuBound)
struct JobDecodingTests {
    static func document(_ app: String) -> String {
        #"{"name": "t", "duration": 60, "world": {}, "app": \#(app)}"#
    }

    @Test("jobs with every field, scheduler options, null turning an identifier off")
    func decodes() throws {
        let json = Self.document(
            #"""
            {"jobs": [
              {"id": "a", "interval": 900, "deadline": 1800, "expectedDuration": 8, "minimumInterval": 60, "requiresNetwork": true,
               "requiresExternalPower": false, "priority": "high", "checkpointable": true,
               "cost": {"duration": 9, "cpuLoad": 0.3, "networkBytes": 2000, "records": 4, "recordBytes": 50}},
              {"id": "b", "expectedDuration": 3}
             ],
             "jobScheduler": {"safetyMargin": 3, "processingIdentifier": null, "completesRemoteNotifications": true}}
            """#)
        let scenario = try decodeScenario(json)
        #expect(
            scenario.app.jobs == [
                Job(
                    id: "a", interval: 900, deadline: 1800, expectedDuration: 8, minimumInterval: 60,
                    requiresNetwork: true, priority: .high,
                    checkpointable: true,
                    cost: JobCost(duration: 9, cpuLoad: 0.3, networkBytes: 2000, records: 4, recordBytes: 50)),
                Job(id: "b", expectedDuration: 3, cost: JobCost(duration: 3)),
            ])
        let options = try #require(scenario.app.jobScheduler)
        #expect(options.safetyMargin == 3)
        #expect(options.refreshIdentifier == "com.wakeful.jobs.refresh")
        #expect(options.processingIdentifier == nil)
        #expect(options.completesRemoteNotifications)
        #expect(scenario.successMeasure == .jobs(scenario.app.jobs), "scored by job deadline coverage")
        #expect(scenario.app.jobSchedulerStrategy?.options.jobs == scenario.app.jobs)
    }

    @Test(
        "bad jobs name the field and the expected form",
        arguments: [
            (#"{"jobs": [{"interval": 60}]}"#, "app.jobs[0].id", "is required"),
            (#"{"jobs": [{"id": ""}]}"#, "app.jobs[0].id", "stable name"),
            (#"{"jobs": [{"id": "a", "interval": 0}]}"#, "app.jobs[0].interval", "positive number of seconds"),
            (#"{"jobs": [{"id": "a", "priority": "urgent"}]}"#, "app.jobs[0].priority", "low, normal, high"),
            (#"{"jobs": [{"id": "a", "every": 60}]}"#, "app.jobs[0].every", "unknown field"),
            (#"{"jobs": [{"id": "a", "cost": {"duration": 5, "cpuLoad": 2}}]}"#, "app.jobs[0].cost.cpuLoad", "0…1"),
            (#"{"jobs": [{"id": "a", "cost": {"records": 2}}]}"#, "app.jobs[0].cost.duration", "is required"),
            (
                #"{"jobs": [{"id": "a", "cost": {"duration": 5, "records": 1.5}}]}"#, "app.jobs[0].cost.records",
                "whole number"
            ),
            (#"{"jobs": [{"id": "a"}, {"id": "a"}]}"#, "app.jobs", "declared twice"),
            (#"{"jobScheduler": {"safetyMargin": -1}}"#, "app.jobScheduler.safetyMargin", "zero or more"),
            (#"{"jobScheduler": {"refreshIdentifier": ""}}"#, "app.jobScheduler.refreshIdentifier", "or null for none"),
            (#"{"jobScheduler": {"jobs": []}}"#, "app.jobScheduler.jobs", "unknown field"),
        ])
    func badJobs(app: String, field: String, fragment: String) throws {
        let error = try #require(throws: ScenarioError.self) { try decodeScenario(Self.document(app)) }
        #expect(error.file == "test.json")
        #expect(error.field == field, "\(error)")
        #expect(error.message.contains(fragment), "\(error)")
    }

    @Test("the built-in sensor-logging scenario declares three jobs and compares four setups")
    func builtin() throws {
        let scenario = try BuiltinScenarios.load("sensor-logging")
        #expect(scenario.app.jobs.map(\.id) == ["sample", "aggregate", "nightly"])
        #expect(
            scenario.setups.map(\.name) == [
                "none", "LowPowerLocationKeepAlive", "RelaunchOnMovement", "MovingGeofence",
            ])
        #expect(scenario.iosVersions.map(\.description) == ["12", "17", "26"])
    }
}
