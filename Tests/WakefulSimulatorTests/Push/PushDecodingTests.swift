import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// `world.pushes` and the `latency` success measure in scenario files.
@Suite("Push: scenario decoding of pushes and latency", .watchdog, .cpuBound)
struct PushDecodingTests {
    static func decode(pushes: String = "[]", success: String? = nil) throws(ScenarioError) -> Scenario {
        let successPart = success.map { ", \"success\": \($0)" } ?? ""
        let json = "{\"name\": \"t\", \"duration\": 100, \"world\": {\"pushes\": \(pushes)}\(successPart)}"
        return try Scenario.decode(Data(json.utf8), file: "t.json", directory: nil)
    }

    @Test("a full entry decodes")
    func full() throws {
        let scenario = try Self.decode(
            pushes: """
                [{"at": 60, "type": "background", "priority": 5, "id": "m", "userInfo": {"kind": "message", "n": 2, "urgent": true},
                  "repeat": {"every": 10, "until": 90}}]
                """)
        #expect(
            scenario.world.pushes == [
                ScheduledPush(
                    at: 60, type: .background, priority: 5, id: "m",
                    userInfo: [Field("kind", "message"), Field("n", 2), Field("urgent", true)], repeatEvery: 10,
                    repeatUntil: 90)
            ])
    }

    @Test("defaults: no type header, priority 5, or 10 for VoIP")
    func defaults() throws {
        let scenario = try Self.decode(pushes: #"[{"at": 1}, {"at": 2, "type": "voip"}]"#)
        #expect(scenario.world.pushes.map(\.type) == [nil, .voip])
        #expect(scenario.world.pushes.map(\.priority) == [5, 10])
    }

    @Test("latency decodes")
    func latency() throws {
        let scenario = try Self.decode(success: #"{"latency": {"record": "message", "within": 60}}"#)
        #expect(scenario.success == .latency(record: "message", within: 60))
    }

    @Test(
        "bad entries name the field and the expected form",
        arguments: [
            (#"[{"at": 1, "color": "red"}]"#, "world.pushes[0].color", "unknown field"),
            (#"[{"at": 1, "type": "silent"}]"#, "world.pushes[0].type", "expected one of: background, alert, voip"),
            (#"[{"at": 1, "priority": 11}]"#, "world.pushes[0].priority", "from 1 to 10"),
            (#"[{"at": -1}]"#, "world.pushes[0].at", "zero or more"),
            (#"[{"type": "background"}]"#, "world.pushes[0].at", "is required"),
            (#"[{"at": 1, "id": ""}]"#, "world.pushes[0].id", "non-empty"),
            (#"[{"at": 1, "userInfo": {"x": [1]}}]"#, "world.pushes[0].userInfo.x", "a string, a number or true/false"),
            (#"[{"at": 1, "repeat": {"every": 0.5}}]"#, "world.pushes[0].repeat.every", "at least 1"),
            (
                #"[{"at": 10, "repeat": {"every": 5, "until": 5}}]"#, "world.pushes[0].repeat.until",
                "no earlier than at"
            ),
            (#"[{"at": 10, "repeat": {"every": 5, "times": 3}}]"#, "world.pushes[0].repeat.times", "unknown field"),
        ])
    func errors(pushes: String, field: String, message: String) {
        #expect {
            try Self.decode(pushes: pushes)
        } throws: { error in
            guard let error = error as? ScenarioError else { return false }
            return error.field == field && error.message.contains(message)
        }
    }

    @Test(
        "bad latency measures are refused",
        arguments: [
            (#"{"latency": {"record": "message", "within": 0}}"#, "success.latency.within"),
            (#"{"latency": {"record": "message"}}"#, "success.latency.within"),
            (#"{"latency": {"record": "message", "within": 5, "by": 3}}"#, "success.latency.by"),
        ])
    func latencyErrors(success: String, field: String) {
        #expect {
            try Self.decode(success: success)
        } throws: { error in
            (error as? ScenarioError)?.field == field
        }
    }
}
