import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Live Activity pushes, the app's keys and the user's switches, and the `shown` measure in
/// scenario files.
@Suite("Live Activities: scenario decoding", .watchdog, .cpuBound)
struct LiveActivityDecodingTests {
    static func decode(pushes: String = "[]", extra: String = "") throws(ScenarioError) -> Scenario {
        let json = "{\"name\": \"t\", \"duration\": 100, \"world\": {\"pushes\": \(pushes)}\(extra)}"
        return try Scenario.decode(Data(json.utf8), file: "t.json", directory: nil)
    }

    @Test("a start, an update and an end decode; priority 10 by default")
    func full() throws {
        let scenario = try Self.decode(
            pushes: """
                [{"at": 5, "type": "liveactivity", "liveActivity": {"event": "start", "activity": "order", "attributesType": "D",
                   "attributes": {"r": "Roma"}, "contentState": {"eta": 5}, "staleDate": 60}},
                 {"at": 6, "type": "liveactivity", "priority": 5, "id": "u", "liveActivity": {"event": "update", "activity": "order",
                   "contentState": {"eta": 4}, "timestamp": 3}},
                 {"at": 7, "type": "liveactivity", "liveActivity": {"event": "end", "activity": "order", "dismissalDate": 90}}]
                """,
            extra:
                #", "app": {"liveActivities": {"frequentUpdates": true}}, "device": {"liveActivities": {"allowed": false}}, "success": {"shown": {"within": 30}}"#
        )
        let pushes = scenario.world.pushes
        #expect(pushes.map(\.priority) == [10, 5, 10])
        #expect(
            pushes[0].liveActivity
                == LiveActivityPayload(
                    event: .start, activity: "order", attributesType: "D", attributes: [Field("r", "Roma")],
                    contentState: [Field("eta", 5)], staleDate: 60))
        #expect(pushes[1].liveActivity?.timestamp == 3)
        #expect(pushes[2].liveActivity?.dismissalDate == 90)
        #expect(scenario.app.liveActivities == LiveActivitySupport(supported: true, frequentUpdates: true))
        #expect(scenario.device.liveActivities == LiveActivitySettings(allowed: false, frequentUpdates: true))
        #expect(scenario.success == .shown(within: 30))
    }

    @Test(
        "bad entries name the field and the expected form",
        arguments: [
            (#"[{"at": 1, "type": "liveactivity"}]"#, "world.pushes[0].liveActivity", "missing"),
            (
                #"[{"at": 1, "type": "background", "liveActivity": {"event": "end", "activity": "a"}}]"#,
                "world.pushes[0].liveActivity", "only a push of type liveactivity"
            ),
            (
                #"[{"at": 1, "type": "liveactivity", "priority": 1, "liveActivity": {"event": "end", "activity": "a"}}]"#,
                "world.pushes[0].priority", "expected 5 or 10"
            ),
            (
                #"[{"at": 1, "type": "liveactivity", "liveActivity": {"event": "stop", "activity": "a"}}]"#,
                "world.pushes[0].liveActivity.event", "expected one of: start, update, end"
            ),
            (
                #"[{"at": 1, "type": "liveactivity", "liveActivity": {"event": "update", "activity": ""}}]"#,
                "world.pushes[0].liveActivity.activity", "non-empty"
            ),
            (
                #"[{"at": 1, "type": "liveactivity", "liveActivity": {"event": "start", "activity": "a"}}]"#,
                "world.pushes[0].liveActivity.attributesType", "is required"
            ),
            (
                #"[{"at": 1, "type": "liveactivity", "liveActivity": {"event": "update", "activity": "a", "attributes": {}}}]"#,
                "world.pushes[0].liveActivity.attributes", "only a start carries attributes"
            ),
            (
                #"[{"at": 1, "type": "liveactivity", "liveActivity": {"event": "update", "activity": "a", "dismissalDate": 5}}]"#,
                "world.pushes[0].liveActivity.dismissalDate", "only an end carries a dismissal date"
            ),
            (
                #"[{"at": 1, "type": "liveactivity", "liveActivity": {"event": "end", "activity": "a", "staleDate": -3}}]"#,
                "world.pushes[0].liveActivity.staleDate", "zero or more"
            ),
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
        "bad app keys, switches and measures are refused",
        arguments: [
            (#", "app": {"liveActivities": {"supported": "yes"}}"#, "app.liveActivities.supported"),
            (#", "device": {"liveActivities": {"on": true}}"#, "device.liveActivities.on"),
            (#", "success": {"shown": {"within": 0}}"#, "success.shown.within"),
        ])
    func otherErrors(extra: String, field: String) {
        #expect {
            try Self.decode(extra: extra)
        } throws: { error in
            (error as? ScenarioError)?.field == field
        }
    }
}
