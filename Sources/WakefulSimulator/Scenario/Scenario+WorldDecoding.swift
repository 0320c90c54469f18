import Foundation
import Wakeful

/// A position: `{"east": 12, "north": -3}` in metres from the origin, or `{"lat": …, "lon": …}`.
struct PositionDocument: Decodable {
    enum Form {
        case local(LocalPoint)
        case geographic(Coordinate)
    }

    var form: Form

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["east", "north", "lat", "lon"])
        let geographic = c.contains(AnyKey("lat")) || c.contains(AnyKey("lon"))
        let local = c.contains(AnyKey("east")) || c.contains(AnyKey("north"))
        if geographic && local {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "mixes east/north with lat/lon; expected one form or the other"))
        }
        if geographic {
            let lat: Double = try c.value("lat")
            guard (-90...90).contains(lat) else { throw c.failure("lat", "expected degrees between -90 and 90") }
            let lon: Double = try c.value("lon")
            guard (-180...180).contains(lon) else { throw c.failure("lon", "expected degrees between -180 and 180") }
            form = .geographic(Coordinate(latitude: lat, longitude: lon))
        } else if local {
            form = .local(LocalPoint(east: try c.optional("east") ?? 0, north: try c.optional("north") ?? 0))
        } else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "expected a position: {\"east\": metres, \"north\": metres} or {\"lat\": degrees, \"lon\": degrees}"
                ))
        }
    }

    func point(_ projection: LocalProjection) -> LocalPoint {
        switch form {
        case .local(let point): point
        case .geographic(let coordinate): projection.point(for: coordinate)
        }
    }
}

/// `world`: the origin, beacons and the user's movement.
struct WorldDocument: Decodable {
    var world: WorldDescription

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: [
            "origin", "beacons", "movement", "pushes", "power", "startHour", "startDay", "network", "server",
            "accessories", "health",
        ])
        var origin = Coordinate(latitude: 0, longitude: 0)
        if let position = try c.optional("origin", as: PositionDocument.self) {
            guard case .geographic(let coordinate) = position.form else {
                throw c.failure("origin", "expected {\"lat\": degrees, \"lon\": degrees}")
            }
            origin = coordinate
        }
        let projection = LocalProjection(origin: origin)
        let beacons = try (c.optional("beacons", as: [BeaconDocument].self) ?? []).map { $0.beacon(projection) }
        var seen: [String] = []
        for beacon in beacons {
            if seen.contains(beacon.id) {
                throw c.failure("beacons", "two beacons are named \"\(beacon.id)\"; names must be unique")
            }
            seen.append(beacon.id)
        }
        let movement = try c.optional("movement", as: MovementDocument.self)
        let trajectory = try movement?.trajectory(projection, decoder: decoder) ?? .stationary(at: .zero)
        world = WorldDescription(origin: origin, trajectory: trajectory, beacons: beacons)
        world.pushes = try c.optional("pushes", as: [PushDocument].self)?.map(\.push) ?? []
        // Scheduled tasks (BGT)
        world.power = try c.optional("power", as: PowerDocument.self)?.timeline ?? .unplugged
        world.startHour = try c.startHour()
        world.startDay = try c.optionalCase("startDay", as: Weekday.self) ?? world.startDay
        // Network: network, server, accessories.
        if let network = try c.optional("network", as: [NetworkSegmentDocument].self) {
            world.network = try NetworkSegmentDocument.timeline(network, in: c)
        }
        world.server = try c.optional("server", as: ServerDocument.self)?.server ?? ServerDescription()
        world.accessories = try AccessoryDocument.accessories(c.optional("accessories") ?? [], projection, in: c)
        world.health = try c.optional("health", as: [HealthSeriesDocument].self)?.map(\.series) ?? []
    }
}

private struct BeaconDocument: Decodable {
    var id: String
    var uuid: UUID
    var major: UInt16
    var minor: UInt16
    var position: PositionDocument
    var measuredPower: Double

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["id", "uuid", "major", "minor", "position", "measuredPower"])
        id = try c.value("id")
        let text: String = try c.value("uuid")
        guard let uuid = UUID(uuidString: text) else {
            throw c.failure("uuid", "\"\(text)\": expected a UUID such as E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")
        }
        self.uuid = uuid
        major = try c.integer("major", in: UInt16.min...UInt16.max, default: 0)
        minor = try c.integer("minor", in: UInt16.min...UInt16.max, default: 0)
        position = try c.value("position")
        measuredPower = try c.optional("measuredPower") ?? -59
        guard (-120...0).contains(measuredPower) else {
            throw c.failure("measuredPower", "expected dBm between -120 and 0, e.g. -59")
        }
    }

    func beacon(_ projection: LocalProjection) -> WorldBeacon {
        WorldBeacon(
            id: id, uuid: uuid, major: major, minor: minor, position: position.point(projection),
            measuredPower: measuredPower)
    }
}

/// `movement`: stay put, follow legs at speeds, pass timed points, or follow a GPX track.
private struct MovementDocument: Decodable {
    enum Form {
        case stay(PositionDocument)
        case route(start: PositionDocument, startTime: Double, legs: [LegDocument])
        case gpx(path: String, startTime: Double, speed: Double)
        case path([PathPointDocument])
    }

    var form: Form

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["stay", "start", "startTime", "legs", "gpx", "speed", "path"])
        let forms = ["stay", "start", "gpx", "path"].filter { c.contains(AnyKey($0)) }
        if forms.count > 1 {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "has both \(forms.joined(separator: " and ")); expected exactly one of stay, start (with legs), path or gpx"
                ))
        }
        let extras: [String: [String]] = [
            "stay": ["startTime", "legs", "speed"], "start": ["speed"], "gpx": ["legs"],
            "path": ["startTime", "legs", "speed"],
        ]
        if let form = forms.first, let extra = extras[form]?.first(where: { c.contains(AnyKey($0)) }) {
            throw c.failure(extra, "does not apply to a \(form) movement")
        }
        let startTime = try c.optional("startTime", as: Double.self) ?? 0
        guard startTime >= 0 else { throw c.failure("startTime", "expected seconds, zero or more") }
        if let stay = try c.optional("stay", as: PositionDocument.self) {
            form = .stay(stay)
        } else if let path = try c.optional("gpx", as: String.self) {
            let speed = try c.optional("speed", as: Double.self) ?? 1.4
            guard speed > 0 else {
                throw c.failure("speed", "expected a positive speed in m/s, used for untimed points")
            }
            form = .gpx(path: path, startTime: startTime, speed: speed)
        } else if let points = try c.optional("path", as: [PathPointDocument].self) {
            guard !points.isEmpty else { throw c.failure("path", "expected at least one {\"at\": …, \"position\": …}") }
            form = .path(points)
        } else if c.contains(AnyKey("start")) {
            form = .route(start: try c.value("start"), startTime: startTime, legs: try c.optional("legs") ?? [])
        } else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "expected one of {\"stay\": position}, {\"start\": position, \"legs\": [...]}, {\"path\": [...]} or {\"gpx\": \"file.gpx\"}"
                ))
        }
    }

    func trajectory(_ projection: LocalProjection, decoder: any Decoder) throws -> Trajectory {
        switch form {
        case .stay(let position):
            return .stationary(at: position.point(projection))
        case .route(let start, let startTime, let legs):
            do {
                return try Trajectory.route(
                    from: start.point(projection), startingAt: startTime,
                    legs: legs.map { RouteLeg(destination: $0.to.point(projection), speed: $0.speed, pause: $0.pause) })
            } catch {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath + [AnyKey("movement")], debugDescription: error.description))
            }
        case .path(let points):
            // The user is at each point at its time and goes in a straight line to the next; before
            // the first, at the first.
            do {
                return try Trajectory(
                    knots: points.map { TrajectoryKnot(time: $0.at, point: $0.position.point(projection)) })
            } catch {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath + [AnyKey("movement"), AnyKey("path")],
                        debugDescription: error.description))
            }
        case .gpx(let path, let startTime, let speed):
            let directory = decoder.userInfo[.scenarioDirectory] as? URL
            let url =
                path.hasPrefix("/")
                ? URL(fileURLWithPath: path) : (directory ?? URL(fileURLWithPath: ".")).appendingPathComponent(path)
            let movementPath = decoder.codingPath + [AnyKey("movement"), AnyKey("gpx")]
            guard let data = try? Data(contentsOf: url) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: movementPath,
                        debugDescription:
                            "cannot read GPX file \(url.path); expected a path relative to the scenario file"))
            }
            do {
                return try GPXTrack.parse(data, file: path).trajectory(
                    projection: projection, startTime: startTime, fallbackSpeed: speed)
            } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: movementPath, debugDescription: error.description))
            }
        }
    }
}

/// One point of a `path` movement: `{"at": 620, "position": {"east": 300, "north": 0}}`.
private struct PathPointDocument: Decodable {
    var at: Double
    var position: PositionDocument

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["at", "position"])
        at = try c.value("at")
        guard at >= 0, at.isFinite else { throw c.failure("at", "expected seconds from the start, zero or more") }
        position = try c.value("position")
    }
}

private struct LegDocument: Decodable {
    var to: PositionDocument
    var speed: Double
    var pause: Double

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["to", "speed", "pause"])
        to = try c.value("to")
        speed = try c.value("speed")
        guard speed > 0, speed.isFinite else { throw c.failure("speed", "expected a positive speed in m/s") }
        pause = try c.optional("pause") ?? 0
        guard pause >= 0 else { throw c.failure("pause", "expected seconds, zero or more") }
    }
}

/// `device`: settings, variants and the radio model.
struct DeviceDocument: Decodable {
    var settings: DeviceSettings

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: [
            "backgroundAppRefresh", "lowPowerMode", "debuggerAttached", "variants", "suspendedTerminationsPerHour",
            "radio", "radioTail", "positioning", "regionCrossing", "passcode", "motionActivity", "motionDetectionLag",
            "beaconHardwareFiltering", "otherAppsBeaconRegions", "liveActivities",
        ])
        var settings = DeviceSettings()
        settings.backgroundAppRefresh = try c.optional("backgroundAppRefresh") ?? true
        settings.lowPowerMode = try c.optional("lowPowerMode") ?? false
        settings.passcode = try c.optional("passcode") ?? true
        settings.debuggerAttached = try c.optional("debuggerAttached") ?? false
        settings.variants = try (c.optional("variants", as: [String].self) ?? []).map { id in
            guard let variant = PolicyVariant(id: id) else {
                throw c.failure("variants", PolicyVariant.unknownIDMessage(id))
            }
            return variant
        }
        settings.suspendedTerminationsPerHour = try c.optional("suspendedTerminationsPerHour") ?? 0
        guard settings.suspendedTerminationsPerHour >= 0 else {
            throw c.failure("suspendedTerminationsPerHour", "expected a rate per hour, zero or more")
        }
        if c.contains(AnyKey("radio")) {
            let radio = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("radio"))
            try radio.rejectUnknownKeys(allowed: [
                "pathLossExponent", "rssiNoiseStandardDeviation", "detectionThreshold", "missedSampleProbability",
                "smoothingSamples",
            ])
            // JSONDecoder loses the field of a number that does not fit an Int, so check that one here;
            // the radio model validates the rest itself, with messages that name the field.
            _ = try radio.integer("smoothingSamples", in: 1...BeaconSignalFilter.maximumSmoothingSamples, default: 5)
            settings.radio = try c.value("radio", as: BeaconRadioModel.self)
        }
        // Network: the radio tail (ENERGY-2).
        settings.radioTail = try c.optional("radioTail") ?? settings.radioTail
        guard settings.radioTail >= 0, settings.radioTail.isFinite else {
            throw c.failure("radioTail", "expected seconds, zero or more")
        }
        try settings.decodePositioning(from: c)
        // Motion (MOTION-1; the lag is cfg, §16.2 gap).
        settings.motionActivity = try c.optional("motionActivity") ?? true
        settings.motionDetectionLag = try c.optional("motionDetectionLag")
        if let lag = settings.motionDetectionLag, !(lag >= 0 && lag.isFinite) {
            throw c.failure("motionDetectionLag", "expected seconds, zero or more")
        }
        // Beacons: hardware filtering (BEACON-2) and the device-wide priority slots (BEACON-3).
        settings.beaconHardwareFiltering = try c.optional("beaconHardwareFiltering") ?? true
        settings.otherAppsBeaconRegions = try c.integer("otherAppsBeaconRegions", in: 0...10_000, default: 0)
        // Live Activities: the user's switches (LIVE-1, LIVE-6).
        settings.liveActivities =
            try c.optional("liveActivities", as: LiveActivitySettingsDocument.self)?.settings ?? settings.liveActivities
        self.settings = settings
    }
}

/// `{"at": 10, "action": "home"}`; the setters take `"on": true|false`.
struct ActionDocument: Decodable {
    var action: UserAction

    static let names = [
        "open", "home", "lock", "unlock", "glance", "forceQuit", "reboot", "prewarm", "memoryPressure",
        "setLowPowerMode",
        "setBackgroundAppRefresh",
        // Network
        "wakeAccessory", "setBluetooth",
        // Location authorization (AUTH)
        "grantWhenInUse", "grantAlways", "allowOnce", "deny", "answerAlwaysPrompt", "setAuthorization",
        "setPreciseLocation", "answerTemporaryFullAccuracy",
    ]

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["at", "action", "on", "accessory", "choice", "status", "allow"])
        let at: Double = try c.value("at")
        guard at >= 0, at.isFinite else { throw c.failure("at", "expected seconds from the start, zero or more") }
        let name: String = try c.value("action")
        if c.contains(AnyKey("on")) && (!name.hasPrefix("set") || name == "setAuthorization") {
            throw c.failure(
                "on", "only setLowPowerMode, setBackgroundAppRefresh, setBluetooth and setPreciseLocation take \"on\"")
        }
        if c.contains(AnyKey("accessory")) && name != "wakeAccessory" {
            throw c.failure("accessory", "only wakeAccessory takes \"accessory\"")
        }
        for (key, action) in [
            ("choice", "answerAlwaysPrompt"), ("status", "setAuthorization"), ("allow", "answerTemporaryFullAccuracy"),
        ]
        where c.contains(AnyKey(key)) && name != action {
            throw c.failure(key, "only \(action) takes \"\(key)\"")
        }
        let kind: UserAction.Kind
        switch name {
        case "open": kind = .open
        case "home": kind = .home
        case "lock": kind = .lock
        case "unlock": kind = .unlock
        case "glance": kind = .glance
        case "forceQuit": kind = .forceQuit
        case "reboot": kind = .reboot
        case "prewarm": kind = .prewarm
        case "memoryPressure": kind = .memoryPressure
        case "setLowPowerMode": kind = .setLowPowerMode(try c.value("on"))
        case "setBackgroundAppRefresh": kind = .setBackgroundAppRefresh(try c.value("on"))
        case "wakeAccessory": kind = .wakeAccessory(try c.value("accessory"))
        case "setBluetooth": kind = .setBluetooth(try c.value("on"))
        // Location authorization (AUTH)
        case "grantWhenInUse": kind = .grantWhenInUse
        case "grantAlways": kind = .grantAlways
        case "allowOnce": kind = .allowOnce
        case "deny": kind = .deny
        case "answerAlwaysPrompt":
            let choice: String = try c.value("choice")
            guard choice == "always" || choice == "keep" else {
                throw c.failure(
                    "choice",
                    "\"\(choice)\": expected \"always\" (Change to Always Allow) or \"keep\" (Keep Only While Using)")
            }
            kind = .answerAlwaysPrompt(changeToAlways: choice == "always")
        case "setAuthorization":
            let status: String = try c.value("status")
            guard let choice = LocationAuthorizationMachine.SettingsChoice(rawValue: status) else {
                let all = LocationAuthorizationMachine.SettingsChoice.allCases.map(\.rawValue).joined(separator: ", ")
                throw c.failure("status", "\"\(status)\": expected one of: \(all)")
            }
            kind = .setAuthorization(choice)
        case "setPreciseLocation": kind = .setPreciseLocation(try c.value("on"))
        case "answerTemporaryFullAccuracy": kind = .answerTemporaryFullAccuracy(allow: try c.value("allow"))
        default:
            throw c.failure(
                "action", "unknown action \"\(name)\"; expected one of: \(Self.names.joined(separator: ", "))")
        }
        action = UserAction(at: at, kind)
    }
}
