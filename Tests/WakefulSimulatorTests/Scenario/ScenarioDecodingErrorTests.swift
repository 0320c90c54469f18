import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

@Suite("Scenario decoding errors", .watchdog, .cpuBound)
struct ScenarioDecodingErrorTests {
    /// A bad document, the field its error must name and a fragment of the expected form.
    struct Case: Sendable, CustomTestStringConvertible {
        var json: String
        /// nil: the error concerns the whole document.
        var field: String?
        var fragment: String
        var testDescription: String { "\(field ?? "(document)"): \(fragment)" }

        init(_ json: String, _ field: String?, _ fragment: String) {
            self.json = json
            self.field = field
            self.fragment = fragment
        }

        /// A valid document with `members` added at the top level and `world` as the world.
        static func document(_ members: String = "", world: String = "{}") -> String {
            #"{"name": "t", "duration": 60, "world": \#(world)\#(members.isEmpty ? "" : ", " + members)}"#
        }

        /// A document whose world has one beacon with `members` replacing or adding to its fields.
        static func beacon(_ members: String) -> String {
            document(world: #"{"beacons": [{"id": "b", "uuid": "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6", \#(members)}]}"#)
        }

        static func movement(_ movement: String) -> String { document(world: #"{"movement": \#(movement)}"#) }
    }

    static let position = #""position": {"east": 0, "north": 0}"#

    static let cases: [Case] = [
        // The document.
        Case("{ not json", nil, "not valid JSON"),
        Case(#"{"name": "t", "world": {}}"#, "duration", "is required"),
        Case(#"{"name": "t", "duration": "ten minutes", "world": {}}"#, "duration", "expected a number"),
        Case(#"{"name": "t", "duration": 0, "world": {}}"#, "duration", "positive number of seconds"),
        Case(#"{"name": "t", "duration": -5, "world": {}}"#, "duration", "positive number of seconds"),
        Case(
            #"{"name": "t", "duraton": 60, "world": {}}"#, "duraton",
            "unknown field \"duraton\"; expected one of: name, summary, duration"),
        Case(#"{"duration": 60, "world": {}}"#, "name", "is required"),
        Case(#"{"name": 5, "duration": 60, "world": {}}"#, "name", "expected a string"),
        Case(Case.document(#""ios": ["17", "banana"]"#), "ios", #"entry 1 "banana": expected an iOS version"#),
        Case(Case.document(#""ios": ["3"]"#), "ios", "expected an iOS version"),
        // Strategies.
        Case(Case.document(#""strategies": ["Nope"]"#), "strategies[0]", #"unknown strategy "Nope""#),
        Case(
            Case.document(#""strategies": ["TaskExtension+Nope"]"#), "strategies[0]",
            "TaskExtension, LowPowerLocationKeepAlive"),
        Case(
            Case.document(#""strategies": [{"name": "x", "use": [{"strategy": "Nope"}]}]"#),
            "strategies[0].use[0].strategy", "expected one of: TaskExtension, LowPowerLocationKeepAlive"),
        Case(
            Case.document(#""strategies": [{"use": [{"strategy": "TaskExtension"}]}]"#), "strategies[0].name",
            "is required"),
        Case(Case.document(#""strategies": [{"name": "x"}]"#), "strategies[0].use", "is required"),
        Case(
            Case.document(#""strategies": [{"name": "x", "use": [], "with": 1}]"#), "strategies[0].with",
            "expected one of: name, use"),
        Case(
            Case.document(
                #""strategies": [{"name": "x", "use": [{"strategy": "TaskExtension", "options": {"endsTaskOnExpiry": "no"}}]}]"#
            ),
            "strategies[0].use[0].options.endsTaskOnExpiry", "true or false"),
        Case(
            Case.document(
                #""strategies": [{"name": "x", "use": [{"strategy": "LowPowerLocationKeepAlive", "options": {"distanceFilter": "far"}}]}]"#
            ),
            "strategies[0].use[0].options.distanceFilter", "expected a number"),
        Case(
            Case.document(
                #""strategies": [{"name": "x", "use": [{"strategy": "BackgroundTransfer", "options": {"uploadInterval": -5}}]}]"#
            ),
            "strategies[0].use[0].options.uploadInterval", "-5 is out of range; expected a number of seconds ≥ 0"),
        Case(
            Case.document(
                #""strategies": [{"name": "x", "use": [{"strategy": "Heartbeat", "options": {"interval": 0}}]}]"#),
            "strategies[0].use[0].options.interval", "0 is out of range; expected a number of seconds > 0"),
        Case(
            Case.document(
                #""strategies": [{"name": "x", "use": [{"strategy": "PushTrigger", "options": {"desiredAccuracy": -3}}]}]"#
            ),
            "strategies[0].use[0].options.desiredAccuracy", "-1 (kCLLocationAccuracyBest)"),
        Case(
            Case.document(
                #""strategies": [{"name": "x", "use": [{"strategy": "TaskExtension", "options": {"beginsBackgroundTask": true}}]}]"#
            ),
            "strategies[0].use[0].options.beginsBackgroundTask",
            "expected one of: endsTaskOnExpiry, extendsOnRegionEvents"),
        // App.
        Case(
            Case.document(#""app": {"backgroundModes": ["gps"]}"#), "app.backgroundModes",
            "not a UIBackgroundModes value"),
        Case(
            Case.document(#""app": {"locationAuthorization": "sometimes"}"#), "app.locationAuthorization",
            "expected one of: notDetermined, denied, whenInUse, always"),
        Case(
            Case.document(#""app": {"motionAuthorization": "sometimes"}"#), "app.motionAuthorization",
            "expected one of: notDetermined, restricted, denied, authorized"),
        Case(Case.document(#""device": {"motionDetectionLag": -1}"#), "device.motionDetectionLag", "expected seconds"),
        Case(
            Case.document(#""success": {"tracked": {"record": "location", "interval": 0}}"#),
            "success.tracked.interval",
            "expected a positive number of seconds"),
        Case(
            Case.document(#""success": {"tracked": {"record": "location", "interval": 60, "accuracy": -5}}"#),
            "success.tracked.accuracy", "expected a positive number of metres"),
        Case(
            Case.document(#""app": {"features": [{"beaconTrigger": {"beacon": "ghost"}}]}"#),
            "app.features[0].beaconTrigger.beacon", #""ghost" is not defined in world.beacons"#),
        Case(
            Case.document(#""app": {"features": [{"beaconTrigger": {"beacon": "b", "triggerDistance": 0}}]}"#),
            "app.features[0].beaconTrigger.triggerDistance", "expected a positive number of metres"),
        Case(
            Case.document(#""app": {"features": [{"beaconTrigger": {"beacon": "b", "distance": 2}}]}"#),
            "app.features[0].beaconTrigger.distance", "expected one of: beacon, triggerDistance"),
        Case(
            Case.document(#""app": {"features": [{"beaconTrigger": {"beacon": "b"}, "geofences": []}]}"#),
            "app.features[0]", "exactly one key"),
        Case(
            Case.document(#""app": {"features": [{"teleport": {}}]}"#), "app.features[0].teleport",
            "expected one of: beaconTrigger, geofences"),
        Case(
            Case.document(
                #""app": {"features": [{"geofences": [{"id": "home", "center": {"east": 0}, "radius": -1}]}]}"#),
            "app.features[0].geofences[0].radius", "expected a positive number of metres"),
        Case(
            Case.document(#""app": {"features": [{"geofences": [{"id": "home", "center": {}, "radius": 10}]}]}"#),
            "app.features[0].geofences[0].center", "expected a position"),
        Case(
            Case.document(#""app": {"plist": {}}"#), "app.plist",
            "expected one of: backgroundModes, locationAuthorization, features"),
        // Device.
        Case(
            Case.document(#""device": {"variants": ["CONF-99"]}"#), "device.variants",
            #"Unknown policy variant "CONF-99""#),
        Case(
            Case.document(#""device": {"suspendedTerminationsPerHour": -1}"#), "device.suspendedTerminationsPerHour",
            "zero or more"),
        Case(Case.document(#""device": {"lowPowerMode": "yes"}"#), "device.lowPowerMode", "true or false"),
        Case(
            Case.document(#""device": {"beaconHardwareFiltering": "no"}"#), "device.beaconHardwareFiltering",
            "true or false"),
        Case(
            Case.document(#""device": {"otherAppsBeaconRegions": -1}"#), "device.otherAppsBeaconRegions",
            "-1 is not allowed; expected a whole number from 0 to 10000"),
        Case(
            Case.document(#""device": {"otherAppsBeaconRegions": 2.5}"#), "device.otherAppsBeaconRegions",
            "expected a whole number from 0 to 10000"),
        Case(Case.document(#""device": {"wifi": true}"#), "device.wifi", "unknown field"),
        Case(
            Case.document(#""device": {"positioning": "bluetooth"}"#), "device.positioning",
            #"unknown positioning "bluetooth"; expected one of: gps, wifi, cell"#),
        Case(
            Case.document(#""device": {"regionCrossing": {"wlan": {"margin": 50}}}"#), "device.regionCrossing.wlan",
            "expected one of: gps, wifi, cell"),
        Case(
            Case.document(#""device": {"regionCrossing": {"gps": {"margin": -1}}}"#),
            "device.regionCrossing.gps.margin", "expected metres past the edge, zero or more"),
        Case(
            Case.document(#""device": {"regionCrossing": {"cell": {"dwell": "long"}}}"#),
            "device.regionCrossing.cell.dwell", "expected a number"),
        Case(
            Case.document(#""device": {"regionCrossing": {"wifi": {"margin": 10, "speed": 3}}}"#),
            "device.regionCrossing.wifi.speed", "expected one of: margin, dwell"),
        Case(
            Case.document(#""device": {"radio": {"pathLossExponent": 0}}"#), "device.radio.pathLossExponent",
            "expected a finite number greater than 0"),
        Case(
            Case.document(#""device": {"radio": {"missedSampleProbability": 1.5}}"#),
            "device.radio.missedSampleProbability", "between 0 and 1"),
        Case(
            Case.document(#""device": {"radio": {"smoothingSamples": 0}}"#), "device.radio.smoothingSamples",
            "from 1 to 32"),
        Case(
            Case.document(#""device": {"radio": {"loudness": 3}}"#), "device.radio.loudness",
            "expected one of: pathLossExponent"),
        // World.
        Case(
            Case.document(world: #"{"origin": {"east": 1}}"#), "world.origin",
            #"expected {"lat": degrees, "lon": degrees}"#),
        Case(Case.document(world: #"{"origin": {"lat": 91, "lon": 0}}"#), "world.origin.lat", "between -90 and 90"),
        Case(Case.document(world: #"{"origin": {"lat": 0, "lon": 181}}"#), "world.origin.lon", "between -180 and 180"),
        Case(Case.document(world: #"{"origin": {"lat": 10}}"#), "world.origin.lon", "is required"),
        Case(Case.document(world: #"{"sky": "blue"}"#), "world.sky", "expected one of: origin, beacons, movement"),
        Case(
            Case.document(
                world: #"{"beacons": [{"id": "b", "uuid": "2F234454-not-a-uuid", "position": {"east": 0}}]}"#),
            "world.beacons[0].uuid", "expected a UUID such as"),
        Case(
            Case.beacon(#""measuredPower": 20, \#(position)"#), "world.beacons[0].measuredPower",
            "expected dBm between -120 and 0"),
        Case(
            Case.beacon(#""measuredPower": "loud", \#(position)"#), "world.beacons[0].measuredPower",
            "expected a number"),
        Case(Case.beacon(#""major": "one", \#(position)"#), "world.beacons[0].major", "expected a whole number"),
        Case(Case.beacon(#""major": 1"#), "world.beacons[0].position", "is required"),
        Case(Case.beacon(#""position": {}"#), "world.beacons[0].position", "expected a position"),
        Case(
            Case.beacon(#""position": {"up": 3}"#), "world.beacons[0].position.up",
            "expected one of: east, north, lat, lon"),
        Case(
            Case.document(
                world: #"{"beacons": [{"uuid": "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6", "position": {"east": 0}}]}"#),
            "world.beacons[0].id", "is required"),
        Case(
            Case.document(
                world:
                    #"{"beacons": [{"id": "b", "uuid": "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6", "position": {"east": 0}}, {"id": "b", "uuid": "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6", "position": {"east": 1}}]}"#
            ),
            "world.beacons", #"two beacons are named "b""#),
        // Movement.
        Case(Case.movement("{}"), "world.movement", #"expected one of {"stay": position}"#),
        Case(Case.movement(#"{"stay": {"lat": 1}}"#), "world.movement.stay.lon", "is required"),
        Case(Case.movement(#"{"start": {"east": 0}, "startTime": -1}"#), "world.movement.startTime", "zero or more"),
        Case(
            Case.movement(#"{"start": {"east": 0}, "legs": [{"to": {"east": 5}, "speed": 0}]}"#),
            "world.movement.legs[0].speed", "expected a positive speed"),
        Case(
            Case.movement(#"{"start": {"east": 0}, "legs": [{"to": {"east": 5}}]}"#), "world.movement.legs[0].speed",
            "is required"),
        Case(
            Case.movement(#"{"start": {"east": 0}, "legs": [{"to": {"east": 5}, "speed": 1, "pause": -1}]}"#),
            "world.movement.legs[0].pause", "zero or more"),
        Case(
            Case.movement(#"{"start": {"east": 0}, "legs": [{"speed": 1}]}"#), "world.movement.legs[0].to",
            "is required"),
        Case(
            Case.movement(#"{"start": {"east": 0}, "legs": [{"to": {"east": 5}, "speed": 1, "wait": 3}]}"#),
            "world.movement.legs[0].wait", "expected one of: to, speed, pause"),
        Case(Case.movement(#"{"gpx": "no-such-track.gpx"}"#), "world.movement.gpx", "cannot read GPX file"),
        Case(
            Case.movement(#"{"gpx": "walk-track.gpx", "speed": 0}"#), "world.movement.speed",
            "expected a positive speed in m/s"),
        Case(
            Case.movement(#"{"teleport": true}"#), "world.movement.teleport",
            "expected one of: stay, start, startTime, legs, gpx, speed"),
        // User.
        Case(Case.document(#""user": [{"at": -1, "action": "open"}]"#), "user[0].at", "zero or more"),
        Case(Case.document(#""user": [{"action": "open"}]"#), "user[0].at", "is required"),
        Case(
            Case.document(#""user": [{"at": 1, "action": "fly"}]"#), "user[0].action",
            #"unknown action "fly"; expected one of: open, home"#),
        Case(Case.document(#""user": [{"at": 1, "action": "setLowPowerMode"}]"#), "user[0].on", "is required"),
        Case(
            Case.document(#""user": [{"at": 1, "action": "setBackgroundAppRefresh", "on": "off"}]"#), "user[0].on",
            "true or false"),
        Case(
            Case.document(#""user": [{"at": 1, "action": "open", "when": 3}]"#), "user[0].when",
            "expected one of: at, action, on"),
        Case(
            Case.document(#""user": [{"at": 0, "action": "open"}, {"at": 61, "action": "home"}]"#), "user[1].at",
            "61.0 s is after the end; expected at most the duration"),
    ]

    @Test("a bad document names the file, the field and the expected form", arguments: cases)
    func badDocument(_ bad: Case) throws {
        // The GPX cases resolve against the fixtures, so a readable track fails only on what the case breaks.
        let fixtures = Bundle.module.url(forResource: "walk-track", withExtension: "gpx", subdirectory: "Fixtures")?
            .deletingLastPathComponent()
        let error = try #require(throws: ScenarioError.self) { try decodeScenario(bad.json, directory: fixtures) }
        #expect(error.file == "test.json")
        if let field = bad.field {
            #expect(error.field == field, "\(error)")
        } else {
            #expect(error.field == nil || error.field == "", "\(error)")
        }
        #expect(error.message.contains(bad.fragment), "\(error)")
        #expect(error.description.hasPrefix("test.json: " + (bad.field.map { "\($0): " } ?? "")))
    }

    @Test("a top-level value that is not an object says an object is expected")
    func notAnObject() throws {
        let error = try #require(throws: ScenarioError.self) { try decodeScenario("[1, 2]") }
        #expect(error.file == "test.json")
        #expect(error.message.contains("object"), "\(error)")
        #expect(error.description.hasPrefix("test.json: "))
        #expect(error.field == nil, "field is \(String(describing: error.field))")
    }

    @Test(
        "a number that does not fit the field's type names the field, not invalid JSON",
        arguments: [
            (Case.beacon(#""major": 70000, "position": {"east": 0}"#), "world.beacons[0].major"),
            (Case.beacon(#""minor": -1, "position": {"east": 0}"#), "world.beacons[0].minor"),
            (Case.document(#""device": {"radio": {"smoothingSamples": 2.5}}"#), "device.radio.smoothingSamples"),
        ])
    func numberDoesNotFit(_ json: String, _ field: String) throws {
        let error = try #require(throws: ScenarioError.self) { try decodeScenario(json) }
        #expect(error.file == "test.json")
        #expect(error.field == field, "\(error)")
        #expect(!error.message.contains("not valid JSON"), "\(error)")
    }

    @Test("a beaconTrigger that is not an object is reported as such, not as a missing geofences key")
    func beaconTriggerNotAnObject() throws {
        let json = Case.document(
            #""app": {"features": [{"beaconTrigger": "b"}]}"#,
            world:
                #"{"beacons": [{"id": "b", "uuid": "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6", "position": {"east": 0}}]}"#)
        let error = try #require(throws: ScenarioError.self) { try decodeScenario(json) }
        #expect(error.field == "app.features[0].beaconTrigger", "\(error)")
    }
}
