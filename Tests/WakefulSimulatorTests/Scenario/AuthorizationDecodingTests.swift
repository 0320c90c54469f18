import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The scenario file's location-authorization members (AUTH): the user's actions, the app's
/// Precise Location and purpose keys, the permission feature.
@Suite("Scenario decoding: location authorization (AUTH)", .watchdog, .cpuBound)
struct AuthorizationDecodingTests {
    static func document(app: String = "{}", user: String = "[]") -> String {
        #"{"name": "t", "duration": 60, "world": {}, "app": \#(app), "user": \#(user)}"#
    }

    @Test("the authorization actions decode to their kinds")
    func actions() throws {
        let scenario = try decodeScenario(
            Self.document(
                user: #"""
                    [{"at": 1, "action": "grantWhenInUse"}, {"at": 2, "action": "grantAlways"},
                     {"at": 3, "action": "allowOnce"}, {"at": 4, "action": "deny"},
                     {"at": 5, "action": "answerAlwaysPrompt", "choice": "keep"},
                     {"at": 6, "action": "setAuthorization", "status": "askNextTime"},
                     {"at": 7, "action": "setPreciseLocation", "on": false},
                     {"at": 8, "action": "answerTemporaryFullAccuracy", "allow": true}]
                    """#))
        #expect(
            scenario.actions.map(\.kind) == [
                .grantWhenInUse, .grantAlways, .allowOnce, .deny, .answerAlwaysPrompt(changeToAlways: false),
                .setAuthorization(.askNextTime), .setPreciseLocation(false), .answerTemporaryFullAccuracy(allow: true),
            ])
    }

    @Test("the app's Precise Location, purpose keys and permission feature")
    func app() throws {
        let scenario = try decodeScenario(
            Self.document(
                app: #"""
                    {"locationAuthorization": "notDetermined", "preciseLocation": false,
                     "temporaryFullAccuracyPurposeKeys": ["Delivery"],
                     "features": [{"locationPermission": {"request": "whenInUse", "temporaryFullAccuracyPurposeKey": "Delivery"}}]}
                    """#))
        #expect(scenario.app.preciseLocation == false)
        #expect(scenario.app.temporaryFullAccuracyPurposeKeys == ["Delivery"])
        #expect(
            scenario.app.features == [
                .locationPermission(.init(level: .whenInUse, temporaryFullAccuracyPurposeKey: "Delivery"))
            ])
    }

    @Test(
        "a bad authorization member names the file, the field and the expected form",
        arguments: [
            (
                document(user: #"[{"at": 1, "action": "setAuthorization", "status": "sometimes"}]"#),
                "user[0].status", "expected one of: never, askNextTime, whenInUse, always"
            ),
            (
                document(user: #"[{"at": 1, "action": "answerAlwaysPrompt", "choice": "maybe"}]"#),
                "user[0].choice", #"expected "always" (Change to Always Allow) or "keep""#
            ),
            (document(user: #"[{"at": 1, "action": "answerAlwaysPrompt"}]"#), "user[0].choice", "is required"),
            (
                document(user: #"[{"at": 1, "action": "grantAlways", "allow": true}]"#),
                "user[0].allow", "only answerTemporaryFullAccuracy takes \"allow\""
            ),
            (document(user: #"[{"at": 1, "action": "setAuthorization", "on": true}]"#), "user[0].on", "take \"on\""),
            (
                document(user: #"[{"at": 1, "action": "setPreciseLocation", "on": "off"}]"#), "user[0].on",
                "true or false"
            ),
            (
                document(app: #"{"temporaryFullAccuracyPurposeKeys": [""]}"#), "app.temporaryFullAccuracyPurposeKeys",
                "NSLocationTemporaryUsageDescriptionDictionary"
            ),
            (document(app: #"{"preciseLocation": "yes"}"#), "app.preciseLocation", "true or false"),
            (
                document(app: #"{"features": [{"locationPermission": {"request": "sometimes"}}]}"#),
                "app.features[0].locationPermission.request", #"expected "whenInUse" or "always""#
            ),
            (
                document(app: #"{"features": [{"locationPermission": {"level": "always"}}]}"#),
                "app.features[0].locationPermission.level", "expected one of: request, temporaryFullAccuracyPurposeKey"
            ),
        ])
    func badMember(_ json: String, _ field: String, _ fragment: String) throws {
        let error = try #require(throws: ScenarioError.self) { try decodeScenario(json) }
        #expect(error.file == "test.json")
        #expect(error.field == field, "\(error)")
        #expect(error.message.contains(fragment), "\(error)")
    }
}
