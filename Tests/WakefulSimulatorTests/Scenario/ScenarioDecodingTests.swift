import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Decodes a scenario from JSON text, as a file named `test.json` in `directory`.
func decodeScenario(_ json: String, directory: URL? = nil) throws(ScenarioError) -> Scenario {
    try Scenario.decode(Data(json.utf8), file: "test.json", directory: directory)
}

@Suite("Scenario decoding", .watchdog, .cpuBound)
struct ScenarioDecodingTests {
    static let uuid = "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6"

    @Test("omitted app, device, strategies, ios, movement, beacons and user take their defaults")
    func defaults() throws {
        let scenario = try decodeScenario(#"{"name": "minimal", "duration": 60, "world": {}}"#)
        #expect(scenario.name == "minimal")
        #expect(scenario.summary == "")
        #expect(scenario.duration == 60)
        #expect(scenario.iosVersions.isEmpty)
        #expect(scenario.setups.isEmpty)
        #expect(scenario.app == AppConfiguration())
        #expect(scenario.app.backgroundModes == nil, "nil: whatever the strategies need")
        #expect(scenario.app.locationAuthorization == .always)
        #expect(scenario.app.features.isEmpty)
        #expect(scenario.device == DeviceSettings())
        #expect(scenario.device.backgroundAppRefresh)
        #expect(!scenario.device.lowPowerMode)
        #expect(!scenario.device.debuggerAttached)
        #expect(scenario.device.variants.isEmpty)
        #expect(scenario.device.suspendedTerminationsPerHour == 0)
        #expect(scenario.device.radio == .standard)
        #expect(scenario.world.origin == Coordinate(latitude: 0, longitude: 0))
        #expect(scenario.world.trajectory == .stationary(at: .zero))
        #expect(scenario.world.beacons.isEmpty)
        #expect(scenario.actions.isEmpty)
    }

    @Test("an empty device or app object is the same as none")
    func emptyObjects() throws {
        let scenario = try decodeScenario(
            #"{"name": "m", "duration": 60, "app": {}, "device": {}, "strategies": [], "ios": [], "user": [], "world": {"beacons": []}}"#
        )
        #expect(scenario.app == AppConfiguration())
        #expect(scenario.device == DeviceSettings())
        #expect(scenario.setups.isEmpty && scenario.iosVersions.isEmpty && scenario.actions.isEmpty)
    }

    @Test("an omitted world is the same as an empty one")
    func omittedWorld() throws {
        #expect(
            try decodeScenario(#"{"name": "m", "duration": 60}"#)
                == decodeScenario(#"{"name": "m", "duration": 60, "world": {}}"#))
    }

    @Test("ios versions parse in order")
    func iosVersions() throws {
        let scenario = try decodeScenario(
            #"{"name": "m", "duration": 60, "ios": ["8", "12.4", "15.3.1", "26"], "world": {}}"#)
        #expect(scenario.iosVersions == [IOSVersion(8), IOSVersion(12, 4), IOSVersion(15, 3, 1), IOSVersion(26)])
    }

    // MARK: Positions

    @Test("a beacon position in east/north is taken as metres; a missing axis is 0")
    func eastNorth() throws {
        let scenario = try decodeScenario(
            """
            {"name": "m", "duration": 60, "world": {"beacons": [
              {"id": "a", "uuid": "\(Self.uuid)", "position": {"east": 12.5, "north": -3}},
              {"id": "b", "uuid": "\(Self.uuid)", "position": {"north": 7}},
              {"id": "c", "uuid": "\(Self.uuid)", "position": {"east": -2}}
            ]}}
            """)
        #expect(
            scenario.world.beacons.map(\.position) == [
                LocalPoint(east: 12.5, north: -3), LocalPoint(east: 0, north: 7), LocalPoint(east: -2, north: 0),
            ])
    }

    @Test("a lat/lon position is resolved through the world's origin")
    func latLon() throws {
        let origin = Coordinate(latitude: 37.33182, longitude: -122.03118)
        let place = Coordinate(latitude: 37.33272, longitude: -122.03018)
        let scenario = try decodeScenario(
            """
            {"name": "m", "duration": 60, "world": {
              "origin": {"lat": 37.33182, "lon": -122.03118},
              "beacons": [{"id": "a", "uuid": "\(Self.uuid)", "position": {"lat": 37.33272, "lon": -122.03018}}],
              "movement": {"stay": {"lat": 37.33182, "lon": -122.03118}}
            }}
            """)
        #expect(scenario.world.origin == origin)
        let expected = LocalProjection(origin: origin).point(for: place)
        let position = try #require(scenario.world.beacons.first?.position)
        #expect(position == expected)
        // About 100 m north and 88 m east of the origin.
        #expect(abs(position.north - 100.1) < 0.5, "\(position)")
        #expect(abs(position.east - 88.5) < 0.5, "\(position)")
        // The origin itself is local (0, 0).
        let stay = scenario.world.trajectory.position(at: 0)
        #expect(abs(stay.east) < 1e-9 && abs(stay.north) < 1e-9)
    }

    @Test("without an origin, lat/lon resolve around (0, 0)")
    func latLonWithoutOrigin() throws {
        let scenario = try decodeScenario(
            """
            {"name": "m", "duration": 60, "world": {"beacons": [{"id": "a", "uuid": "\(Self.uuid)", "position": {"lat": 0.001, "lon": 0}}]}}
            """)
        let position = try #require(scenario.world.beacons.first?.position)
        #expect(
            position
                == LocalProjection(origin: Coordinate(latitude: 0, longitude: 0)).point(
                    for: Coordinate(latitude: 0.001, longitude: 0)))
        #expect(abs(position.north - 111.2) < 0.5)
    }

    @Test("a position with both lat/lon and east/north is rejected as ambiguous")
    func ambiguousPosition() throws {
        #expect(throws: ScenarioError.self) {
            try decodeScenario(
                #"{"name": "m", "duration": 60, "world": {"movement": {"stay": {"lat": 0, "lon": 0, "east": 500}}}}"#)
        }
    }

    // MARK: Movement

    @Test("route legs with pauses give the right knot times: travel at the leg's speed, then the pause")
    func routeTiming() throws {
        let scenario = try decodeScenario(
            """
            {"name": "m", "duration": 600, "world": {"movement": {
              "start": {"east": 0, "north": 0}, "startTime": 100,
              "legs": [
                {"to": {"east": 100, "north": 0}, "speed": 2, "pause": 30},
                {"to": {"east": 100, "north": 50}, "speed": 5},
                {"to": {"east": 100, "north": 50}, "speed": 1, "pause": 20}
              ]
            }}}
            """)
        let trajectory = scenario.world.trajectory
        // 100 m at 2 m/s = 50 s, +30 s pause, 50 m at 5 m/s = 10 s, then a 20 s pause in place.
        #expect(trajectory.knots.map(\.time) == [100, 150, 180, 190, 210])
        #expect(
            trajectory.knots.map(\.point) == [
                .zero, LocalPoint(east: 100, north: 0), LocalPoint(east: 100, north: 0),
                LocalPoint(east: 100, north: 50), LocalPoint(east: 100, north: 50),
            ])
        #expect(trajectory.position(at: 0) == .zero, "before the start time the user waits at the start")
        #expect(trajectory.position(at: 125) == LocalPoint(east: 50, north: 0))
        #expect(trajectory.speed(at: 160) == 0, "pausing")
        #expect(trajectory.position(at: 185) == LocalPoint(east: 100, north: 25))
        #expect(trajectory.position(at: 10_000) == LocalPoint(east: 100, north: 50))
    }

    @Test("a route with no legs stays at its start; startTime defaults to 0")
    func routeWithoutLegs() throws {
        let scenario = try decodeScenario(
            #"{"name": "m", "duration": 60, "world": {"movement": {"start": {"east": 4, "north": 2}}}}"#)
        #expect(scenario.world.trajectory.knots == [TrajectoryKnot(time: 0, point: LocalPoint(east: 4, north: 2))])
    }

    @Test("stay keeps the user at one point")
    func stay() throws {
        let scenario = try decodeScenario(
            #"{"name": "m", "duration": 60, "world": {"movement": {"stay": {"east": -7, "north": 3}}}}"#)
        #expect(scenario.world.trajectory == .stationary(at: LocalPoint(east: -7, north: 3)))
    }

    @Test(
        "a movement that mixes forms is rejected, not partly ignored",
        arguments: [
            #"{"stay": {"east": 1}, "legs": [{"to": {"east": 5}, "speed": 1}]}"#,
            #"{"stay": {"east": 1}, "start": {"east": 5}}"#,
            #"{"start": {"east": 0}, "legs": [], "speed": 3}"#,
        ])
    func mixedMovement(_ movement: String) throws {
        #expect(throws: ScenarioError.self) {
            try decodeScenario(#"{"name": "m", "duration": 60, "world": {"movement": \#(movement)}}"#)
        }
    }

    @Test("a GPX movement is read relative to the directory and starts at startTime")
    func gpxMovement() throws {
        let fixture = try #require(
            Bundle.module.url(forResource: "walk-track", withExtension: "gpx", subdirectory: "Fixtures"))
        let scenario = try decodeScenario(
            #"{"name": "m", "duration": 600, "world": {"origin": {"lat": 48.8566, "lon": 2.3522}, "movement": {"gpx": "walk-track.gpx", "startTime": 5}}}"#,
            directory: fixture.deletingLastPathComponent())
        let trajectory = scenario.world.trajectory
        #expect(trajectory.startTime == 5)
        // The fixture's points are 06:00:00.250 … 06:00:40.125: 39.875 s of walking.
        #expect(abs(trajectory.endTime - 44.875) < 1e-6, "\(trajectory.knots.map(\.time))")
        let expected = try GPXTrack.parse(try Data(contentsOf: fixture), file: "walk-track.gpx")
            .trajectory(
                projection: LocalProjection(origin: Coordinate(latitude: 48.8566, longitude: 2.3522)), startTime: 5,
                fallbackSpeed: 1.4)
        #expect(trajectory == expected)
    }

    @Test("a GPX movement with an absolute path ignores the directory")
    func gpxAbsolutePath() throws {
        let fixture = try #require(
            Bundle.module.url(forResource: "walk-track", withExtension: "gpx", subdirectory: "Fixtures"))
        let scenario = try decodeScenario(
            #"{"name": "m", "duration": 600, "world": {"movement": {"gpx": "\#(fixture.path)"}}}"#,
            directory: URL(fileURLWithPath: "/nonexistent"))
        #expect(scenario.world.trajectory.startTime == 0)
        #expect(scenario.world.trajectory.knots.count >= 2)
    }

    // MARK: App, device, user

    @Test("locationLog: plain, with the default filter, and with its thresholds")
    func locationLogFilter() throws {
        let scenario = try decodeScenario(
            """
            {"name": "m", "duration": 60,
             "app": {"features": [{"locationLog": {}}, {"locationLog": {"filter": {}}},
                                  {"locationLog": {"filter": {"maximumAccuracy": 50, "maximumSpeed": 40}}}]}}
            """)
        #expect(
            scenario.app.features == [
                .locationLog, .filteredLocationLog(LocationFilter.Options()),
                .filteredLocationLog(LocationFilter.Options(maximumAccuracy: 50, maximumSpeed: 40)),
            ])
        let error = try #require(throws: ScenarioError.self) {
            try decodeScenario(
                #"{"name": "m", "duration": 60, "app": {"features": [{"locationLog": {"filter": {"maximumSpeed": 0}}}]}}"#
            )
        }
        #expect(error.field == "app.features[0].locationLog.filter.maximumSpeed")
        #expect(error.message.contains("0 is out of range; expected a number of metres per second > 0"))
    }

    @Test("app: background modes, authorization, a beacon trigger and geofences in both position forms")
    func app() throws {
        let scenario = try decodeScenario(
            """
            {"name": "m", "duration": 60,
             "app": {"backgroundModes": ["location", "remote-notification"], "locationAuthorization": "whenInUse",
                     "features": [{"beaconTrigger": {"beacon": "pump"}},
                                  {"beaconTrigger": {"beacon": "pump", "triggerDistance": 1.5}},
                                  {"geofences": [{"id": "home", "center": {"east": 10, "north": 20}, "radius": 150},
                                                 {"id": "work", "center": {"lat": 0.001, "lon": 0}, "radius": 200}]}]},
             "world": {"beacons": [{"id": "pump", "uuid": "\(Self.uuid)", "position": {"east": 0}}]}}
            """)
        #expect(scenario.app.backgroundModes == [.location, .remoteNotification])
        #expect(scenario.app.locationAuthorization == .whenInUse)
        let work = LocalProjection(origin: Coordinate(latitude: 0, longitude: 0)).point(
            for: Coordinate(latitude: 0.001, longitude: 0))
        #expect(
            scenario.app.features == [
                .beaconTrigger(beacon: "pump", triggerDistance: 3),
                .beaconTrigger(beacon: "pump", triggerDistance: 1.5),
                .geofences([
                    GeofenceSpec(id: "home", center: LocalPoint(east: 10, north: 20), radius: 150),
                    GeofenceSpec(id: "work", center: work, radius: 200),
                ]),
            ])
    }

    @Test("a background mode listed twice is rejected")
    func duplicateBackgroundModes() throws {
        let json =
            #"{"name": "m", "duration": 60, "world": {}, "app": {"backgroundModes": ["location", "fetch", "location"]}}"#
        let error = try #require(throws: ScenarioError.self) { try decodeScenario(json) }
        #expect(error.field == "app.backgroundModes")
        #expect(error.message.contains("listed twice"))
    }

    @Test("beacon fields: major and minor default to 0, measuredPower to -59")
    func beaconDefaults() throws {
        let scenario = try decodeScenario(
            """
            {"name": "m", "duration": 60, "world": {"beacons": [
              {"id": "a", "uuid": "\(Self.uuid.lowercased())", "position": {"east": 1}},
              {"id": "b", "uuid": "\(Self.uuid)", "major": 65535, "minor": 7, "measuredPower": -70, "position": {"east": 2}}
            ]}}
            """)
        let uuid = try #require(UUID(uuidString: Self.uuid))
        #expect(
            scenario.world.beacons == [
                WorldBeacon(
                    id: "a", uuid: uuid, major: 0, minor: 0, position: LocalPoint(east: 1, north: 0), measuredPower: -59
                ),
                WorldBeacon(
                    id: "b", uuid: uuid, major: 65535, minor: 7, position: LocalPoint(east: 2, north: 0),
                    measuredPower: -70),
            ])
        #expect(
            scenario.world.beacon(named: "b")?.constraint
                == BeaconIdentityConstraint(uuid: uuid, major: 65535, minor: 7))
    }

    @Test("device settings and variants parse")
    func device() throws {
        let scenario = try decodeScenario(
            """
            {"name": "m", "duration": 60, "world": {},
             "device": {"backgroundAppRefresh": false, "lowPowerMode": true, "debuggerAttached": true,
                        "variants": ["CONF-3", "CONF-8:lowPowerMode", "CONF-14a"], "suspendedTerminationsPerHour": 2.5}}
            """)
        #expect(!scenario.device.backgroundAppRefresh)
        #expect(scenario.device.lowPowerMode)
        #expect(scenario.device.debuggerAttached)
        #expect(
            scenario.device.variants == [
                .grace10Seconds, .disableSchedulingFactor(.lowPowerMode), .significantChangeField2014,
            ])
        #expect(scenario.device.variants.map(\.id) == ["CONF-3", "CONF-8:lowPowerMode", "CONF-14a"])
        #expect(scenario.device.suspendedTerminationsPerHour == 2.5)
    }

    @Test("positioning and regionCrossing parse; what is left out keeps the defaults (LOC-19)")
    func positioning() throws {
        let scenario = try decodeScenario(
            """
            {"name": "m", "duration": 60, "world": {},
             "device": {"positioning": "cell", "regionCrossing": {"gps": {"margin": 60, "dwell": 5}, "cell": {"margin": 800}}}}
            """)
        #expect(scenario.device.positioning == .cell)
        #expect(scenario.device.regionCrossing[.gps] == RegionCrossing(margin: 60, dwell: 5))
        // The margin given; the dwell and the drawn exit time left out keep the defaults.
        #expect(
            scenario.device.regionCrossing[.cell]
                == RegionCrossing(margin: 800, dwell: 20, exitDwellMedian: 88, exitDwellSpread: 0.42))
        #expect(scenario.device.regionCrossing[.wifi] == nil)
        let plain = try decodeScenario(#"{"name": "m", "duration": 60, "world": {}}"#)
        #expect(plain.device.positioning == .wifi)
        #expect(plain.device.regionCrossing.isEmpty)
        // A margin alone keeps Wi-Fi's drawn exit time; a dwell fixes it (LOC-19, field reports).
        let wifi = try decodeScenario(
            #"{"name": "m", "duration": 60, "world": {}, "device": {"regionCrossing": {"wifi": {"margin": 150}}}}"#)
        #expect(wifi.device.regionCrossing[.wifi]?.exitDwellMedian == 88)
        let fixed = try decodeScenario(
            #"{"name": "m", "duration": 60, "world": {}, "device": {"regionCrossing": {"wifi": {"dwell": 30}}}}"#)
        #expect(fixed.device.regionCrossing[.wifi] == RegionCrossing(margin: 200, dwell: 30))
    }

    @Test("radio overrides apply; fields left out keep the standard model's values")
    func radio() throws {
        let full = try decodeScenario(
            """
            {"name": "m", "duration": 60, "world": {}, "device": {"radio": {"pathLossExponent": 3, "rssiNoiseStandardDeviation": 2,
              "detectionThreshold": -90, "missedSampleProbability": 0.1, "smoothingSamples": 3}}}
            """)
        #expect(
            full.device.radio
                == BeaconRadioModel(
                    pathLossExponent: 3, rssiNoiseStandardDeviation: 2, detectionThreshold: -90,
                    missedSampleProbability: 0.1, smoothingSamples: 3))
        let partial = try decodeScenario(
            #"{"name": "m", "duration": 60, "world": {}, "device": {"radio": {"missedSampleProbability": 0}}}"#)
        var expected = BeaconRadioModel.standard
        expected.missedSampleProbability = 0
        #expect(partial.device.radio == expected)
    }

    /// Radio values that `BeaconRadioModel`'s own decoder rejects; a scenario file should too.
    @Test(
        "radio values the radio model itself rejects are rejected in scenario files too",
        arguments: [#""rssiNoiseStandardDeviation": -1"#, #""smoothingSamples": 1000"#])
    func radioValidationMatchesModel(_ member: String) throws {
        let radio = "{\(member)}"
        #expect(throws: (any Error).self, "BeaconRadioModel's decoder rejects \(radio)") {
            try JSONDecoder().decode(BeaconRadioModel.self, from: Data(radio.utf8))
        }
        #expect(throws: ScenarioError.self) {
            try decodeScenario(#"{"name": "m", "duration": 60, "world": {}, "device": {"radio": \#(radio)}}"#)
        }
    }

    @Test(
        "a radio or options value that is not an object is rejected, not ignored",
        arguments: [
            #"{"name": "m", "duration": 60, "world": {}, "device": {"radio": 5}}"#,
            #"{"name": "m", "duration": 60, "world": {}, "strategies": [{"name": "x", "use": [{"strategy": "TaskExtension", "options": false}]}]}"#,
        ])
    func nonObjectNestedValues(_ json: String) throws {
        #expect(throws: ScenarioError.self) { try decodeScenario(json) }
    }

    @Test("user actions parse, setters take on, and actions are sorted by time; an action at the end is allowed")
    func actions() throws {
        let scenario = try decodeScenario(
            """
            {"name": "m", "duration": 100, "world": {}, "user": [
              {"at": 50, "action": "home"}, {"at": 0, "action": "open"}, {"at": 60, "action": "lock"},
              {"at": 61, "action": "unlock"}, {"at": 62, "action": "glance"}, {"at": 70, "action": "setLowPowerMode", "on": true},
              {"at": 71, "action": "setBackgroundAppRefresh", "on": false}, {"at": 80, "action": "memoryPressure"},
              {"at": 90, "action": "forceQuit"}, {"at": 100, "action": "reboot"}
            ]}
            """)
        #expect(
            scenario.actions == [
                UserAction(at: 0, .open), UserAction(at: 50, .home), UserAction(at: 60, .lock),
                UserAction(at: 61, .unlock),
                UserAction(at: 62, .glance), UserAction(at: 70, .setLowPowerMode(true)),
                UserAction(at: 71, .setBackgroundAppRefresh(false)),
                UserAction(at: 80, .memoryPressure), UserAction(at: 90, .forceQuit), UserAction(at: 100, .reboot),
            ])
        #expect(
            scenario.actions.map(\.kind.name) == [
                "open", "home", "lock", "unlock", "glance", "setLowPowerMode", "setBackgroundAppRefresh",
                "memoryPressure", "forceQuit", "reboot",
            ])
    }

    @Test("a scenario decodes the same from load(contentsOf:), with the file's name in errors")
    func loadFromFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ScenarioDecodingTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.json")
        try Data(#"{"name": "m", "duration": 60, "world": {}}"#.utf8).write(to: good)
        #expect(try Scenario.load(contentsOf: good) == decodeScenario(#"{"name": "m", "duration": 60, "world": {}}"#))
        let bad = folder.appendingPathComponent("bad.json")
        try Data(#"{"name": "m", "world": {}}"#.utf8).write(to: bad)
        let error = try #require(throws: ScenarioError.self) { try Scenario.load(contentsOf: bad) }
        #expect(error.file == "bad.json")
        #expect(error.field == "duration")
        let missing = try #require(throws: ScenarioError.self) {
            try Scenario.load(contentsOf: folder.appendingPathComponent("none.json"))
        }
        #expect(missing.file.hasSuffix("none.json"))
        #expect(missing.message.contains("cannot be read"))
    }
}
