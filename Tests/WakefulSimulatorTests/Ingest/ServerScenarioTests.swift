import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

@Suite("Ingest: the server's scenario keys", .watchdog, .cpuBound)
struct ServerScenarioTests {
    @Test("every server key decodes")
    func decodes() throws {
        let json = #"""
            {"name": "t", "duration": 60, "world": {"server": {"latency": 0.5, "down": [{"from": 10, "to": 20}],
              "faults": [{"from": 0, "to": 600, "kind": "status", "status": 503, "retryAfter": 120, "probability": 0.5},
                         {"kind": "timeout"}, {"from": 30, "kind": "lostResponse", "probability": 0.1},
                         {"kind": "slow", "extra": 30}, {"from": 100, "to": 200, "kind": "partition"}],
              "maxBatchRecords": 100, "maxBatchBytes": 65536, "rejectKinds": ["debug"], "credentialLifetime": 86400}}}
            """#
        let scenario = try Scenario.decode(Data(json.utf8), file: "t.json", directory: nil)
        #expect(
            scenario.world.server
                == ServerDescription(
                    latency: 0.5, downPeriods: [10...20],
                    faults: [
                        ServerFault(from: 0, to: 600, kind: .status(503, retryAfter: 120), probability: 0.5),
                        ServerFault(kind: .timeout), ServerFault(from: 30, kind: .lostResponse, probability: 0.1),
                        ServerFault(kind: .slow(30)), ServerFault(from: 100, to: 200, kind: .partition),
                    ],
                    maxBatchRecords: 100, maxBatchBytes: 65536, rejectKinds: ["debug"], credentialLifetime: 86400))
    }

    @Test("defaults: the contract's limits, no faults, credentials for ever")
    func defaults() throws {
        let scenario = try Scenario.decode(
            Data(#"{"name": "t", "duration": 60, "world": {"server": {}}}"#.utf8), file: "t.json", directory: nil)
        #expect(scenario.world.server == ServerDescription())
        #expect(ServerDescription().maxBatchRecords == 1000 && ServerDescription().maxBatchBytes == 1_048_576)
    }

    @Test(
        "bad server keys name the field and the expected form",
        arguments: [
            (
                #"{"faults": [{"kind": "flaky"}]}"#, "world.server.faults[0].kind",
                "expected one of: status, timeout, lostResponse, slow, partition"
            ),
            (#"{"faults": [{"kind": "status"}]}"#, "world.server.faults[0].status", "is required"),
            (#"{"faults": [{"kind": "status", "status": 200}]}"#, "world.server.faults[0].status", "from 400 to 599"),
            (
                #"{"faults": [{"kind": "status", "status": 503, "retryAfter": -1}]}"#,
                "world.server.faults[0].retryAfter", "zero or more"
            ),
            (#"{"faults": [{"kind": "timeout", "status": 503}]}"#, "world.server.faults[0].status", "does not apply"),
            (#"{"faults": [{"kind": "slow"}]}"#, "world.server.faults[0].extra", "is required"),
            (
                #"{"faults": [{"kind": "slow", "extra": 0}]}"#, "world.server.faults[0].extra",
                "positive number of seconds"
            ),
            (
                #"{"faults": [{"kind": "timeout", "probability": 1.5}]}"#, "world.server.faults[0].probability",
                "from 0 to 1"
            ),
            (#"{"faults": [{"kind": "timeout", "from": 50, "to": 40}]}"#, "world.server.faults[0].to", "after from"),
            (#"{"faults": [{"kind": "timeout", "when": 1}]}"#, "world.server.faults[0].when", "unknown field"),
            (#"{"maxBatchRecords": 0}"#, "world.server.maxBatchRecords", "whole number from 1"),
            (#"{"maxBatchBytes": 1.5}"#, "world.server.maxBatchBytes", "whole number from 1"),
            (#"{"rejectKinds": [""]}"#, "world.server.rejectKinds", "non-empty"),
            (#"{"credentialLifetime": 0}"#, "world.server.credentialLifetime", "positive number of seconds"),
            (#"{"latency": 1, "timeout": 5}"#, "world.server.timeout", "unknown field"),
        ])
    func badKeys(server: String, field: String, fragment: String) throws {
        let json = #"{"name": "t", "duration": 60, "world": {"server": \#(server)}}"#
        let error = try #require(throws: ScenarioError.self) {
            try Scenario.decode(Data(json.utf8), file: "t.json", directory: nil)
        }
        #expect(error.field == field, "\(error)")
        #expect(error.message.contains(fragment), "\(error)")
    }
}
