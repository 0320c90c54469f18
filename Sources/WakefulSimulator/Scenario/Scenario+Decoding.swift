import Foundation
import Wakeful

extension Scenario {
    /// Reads a scenario from JSON.
    ///
    /// - Parameters:
    ///   - data: The file's contents.
    ///   - file: The name to use in errors.
    ///   - directory: Where relative paths (GPX tracks) are resolved.
    /// - Throws: ``ScenarioError`` naming the file, the field and the expected form.
    public static func decode(_ data: Data, file: String, directory: URL?) throws(ScenarioError) -> Scenario {
        var scenario = try decodeDocument(ScenarioDocument.self, data, file: file, directory: directory).scenario
        scenario.keepSource(data)
        return scenario
    }

    /// Decodes one of the strict documents (a scenario, a field observation), turning every failure
    /// into a ``ScenarioError`` that names the file, the field and the expected form.
    static func decodeDocument<Document: Decodable>(
        _ type: Document.Type, _ data: Data, file: String, directory: URL?
    ) throws(ScenarioError) -> Document {
        let decoder = JSONDecoder()
        decoder.userInfo[.scenarioDirectory] = directory
        decoder.userInfo[.scenarioFile] = file
        do {
            return try decoder.decode(Document.self, from: data)
        } catch let error as DecodingError {
            // Foundation on Linux says only "not valid JSON"; our own parser says where.
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                do {
                    _ = try JSONValue.parse(data)
                } catch {
                    throw ScenarioError(file: file, field: nil, message: "not valid JSON at \(error.description)")
                }
            }
            throw ScenarioError(file: file, decoding: error)
        } catch {
            throw ScenarioError(file: file, field: nil, message: String(describing: error))
        }
    }

    /// Reads a scenario file.
    public static func load(contentsOf url: URL) throws(ScenarioError) -> Scenario {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ScenarioError(
                file: url.path, field: nil,
                message: "cannot be read (\(error.localizedDescription)); expected a readable JSON scenario file")
        }
        return try decode(data, file: url.lastPathComponent, directory: url.deletingLastPathComponent())
    }
}

extension CodingUserInfoKey {
    static let scenarioDirectory = CodingUserInfoKey(rawValue: "wakeful.scenarioDirectory")!
    static let scenarioFile = CodingUserInfoKey(rawValue: "wakeful.scenarioFile")!
}

/// The top level of a scenario file.
struct ScenarioDocument: Decodable {
    var scenario: Scenario

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: [
            "name", "summary", "duration", "ios", "strategies", "app", "device", "world", "user", "success",
        ])
        let name: String = try c.value("name")
        let duration: Double = try c.value("duration")
        guard duration.isFinite, duration > 0 else {
            throw c.failure("duration", "expected a positive number of seconds")
        }
        let versions = try (c.optional("ios", as: [String].self) ?? []).enumerated().map { index, text in
            guard let version = IOSVersion(parsing: text) else {
                throw c.failure("ios", "entry \(index) \"\(text)\": expected \(IOSVersion.expectedForm)")
            }
            return version
        }
        let setups = try c.optional("strategies", as: [SetupDocument].self)?.map(\.setup) ?? []
        // No world: the user stays at the origin, with no beacons, pushes or accessories, as `{}` gives.
        let world =
            try c.optional("world", as: WorldDocument.self)?.world
            ?? WorldDescription(trajectory: .stationary(at: .zero))
        let app = try c.optional("app", as: AppDocument.self) ?? AppDocument()
        for (index, feature) in app.features.enumerated() {
            if case .beaconTrigger(let id, _) = feature, world.beacon(named: id) == nil {
                let path = ["app", "features", index, "beaconTrigger", "beacon"] as [Any]
                throw DecodingError.at(
                    decoder.codingPath, path,
                    "\"\(id)\" is not defined in world.beacons; expected the id of one of its beacons")
            }
        }
        let success = try c.optional("success", as: SuccessDocument.self)?.measure
        if case .entries = success, app.fences.isEmpty {
            throw DecodingError.at(
                decoder.codingPath, ["success", "entries"],
                "the app declares no fences; expected app.fences with the fences whose entries count")
        }
        let actions = try c.optional("user", as: [ActionDocument].self)?.map(\.action) ?? []
        // Network: a woken accessory must exist.
        for (index, action) in actions.enumerated() {
            if case .wakeAccessory(let id) = action.kind, world.accessory(named: id) == nil {
                throw DecodingError.at(
                    decoder.codingPath, ["user", index, "accessory"],
                    "\"\(id)\" is not defined in world.accessories; expected the id of one of its accessories")
            }
        }
        if let index = actions.firstIndex(where: { $0.at > duration }) {
            throw DecodingError.at(
                decoder.codingPath, ["user", index, "at"],
                "\(actions[index].at) s is after the end; expected at most the duration, \(duration) s")
        }
        switch success {
        case .stored, .kept:
            guard app.outbox == nil else { break }
            throw DecodingError.at(
                decoder.codingPath, ["success"],
                "stored and kept count records that reached the outbox, and the app has none; expected app.outbox, or the periodic form"
            )
        default: break
        }
        scenario = Scenario(
            name: name, summary: try c.optional("summary") ?? "", duration: duration, iosVersions: versions,
            setups: setups, app: app.configuration(resolving: world),
            device: try c.optional("device", as: DeviceDocument.self)?.settings ?? DeviceSettings(),
            world: world, actions: actions, success: success)
    }
}

/// `"none"`, `"TaskExtension"`, `"TaskExtension+LowPowerLocationKeepAlive"`, or
/// `{"name": "…", "use": [{"strategy": "TaskExtension", "options": {…}}]}`.
struct SetupDocument: Decodable {
    var setup: StrategySetup

    init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            do {
                setup = try StrategySetup.named(text)
            } catch {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: error.message))
            }
            return
        }
        let c = try decoder.fields(allowed: ["name", "use"])
        setup = StrategySetup(
            name: try c.value("name"), strategies: try c.value("use", as: [StrategyDocument].self).map(\.spec))
    }
}

private struct StrategyDocument: Decodable {
    var spec: StrategySpec

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["strategy", "options"])
        let name: String = try c.value("strategy")
        guard let entry = StrategyCatalog.entry(named: name) else {
            throw c.failure(
                "strategy",
                "unknown strategy \"\(name)\"; expected one of: \(StrategyCatalog.names.joined(separator: ", "))")
        }
        guard let options = try c.optional("options", as: RawJSON.self) else {
            spec = entry.defaults
            return
        }
        do {
            spec = try entry.withOptions(options.data)
        } catch {
            let path = decoder.codingPath + [AnyKey("options")] + (error.key.map { [AnyKey($0)] } ?? [])
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: error.message))
        }
    }
}

/// Any JSON value, kept as bytes so that it can be decoded again as something else.
struct RawJSON: Decodable {
    var data: Data

    init(from decoder: any Decoder) throws {
        data = try JSONSerialization.data(withJSONObject: Self.value(decoder), options: [.fragmentsAllowed])
    }

    private static func value(_ decoder: any Decoder) throws -> Any {
        if var array = try? decoder.unkeyedContainer() {
            var values: [Any] = []
            while !array.isAtEnd { values.append(try array.decode(RawJSON.self).object) }
            return values
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var values: [String: Any] = [:]
            for key in object.allKeys { values[key.stringValue] = try object.decode(RawJSON.self, forKey: key).object }
            return values
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { return NSNull() }
        if let bool = try? single.decode(Bool.self) { return bool }
        if let number = try? single.decode(Double.self) { return number }
        return try single.decode(String.self)
    }

    private var object: Any {
        (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) ?? NSNull()
    }
}

private struct AppDocument: Decodable {
    var backgroundModes: [BackgroundMode]?
    var locationAuthorization = LocationAuthorization.always
    var preciseLocation = true
    var temporaryFullAccuracyPurposeKeys: [String] = []
    var requiresExplicitServiceSession = false
    var features: [FeatureDocument.Parsed] = []
    // Scheduled tasks (BGT)
    var permittedTaskIdentifiers: [String]?
    var usage = AppUsageHistory()
    var processingCPULoad = 1.0
    var launchCost: LaunchCost?
    var accessorySetupKit = false
    var outbox: OutboxSpec?
    var settings = SettingsStore.unprotectedFile
    var jobs: [Job] = []
    var jobScheduler: JobScheduler.Options?
    var fences: [Geofence] = []
    var motionAuthorization = MotionAuthorization.authorized
    var motionUsageDescription = true
    var healthKitBackgroundDeliveryEntitlement = true
    var liveActivities = LiveActivitySupport()

    init() {}

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(
            allowed: ["backgroundModes", "locationAuthorization", "features"]
                + ["permittedTaskIdentifiers", "usage", "processingCPULoad", "launch"] + ["accessorySetupKit"] + [
                    "outbox", "settings",
                ] + [
                    "jobs", "jobScheduler",
                ] + ["fences"] + ["preciseLocation", "temporaryFullAccuracyPurposeKeys"]
                + ["motionAuthorization", "motionUsageDescription"] + ["requiresExplicitServiceSession"]
                + ["healthKitBackgroundDeliveryEntitlement"] + ["liveActivities"])
        if let modes = try c.optional("backgroundModes", as: [String].self) {
            if let repeated = modes.first(where: { mode in modes.filter { $0 == mode }.count > 1 }) {
                throw c.failure("backgroundModes", "\"\(repeated)\" is listed twice; expected each mode once")
            }
            backgroundModes = try modes.map { text in
                guard let mode = BackgroundMode(rawValue: text) else {
                    throw c.failure(
                        "backgroundModes",
                        "\"\(text)\" is not a UIBackgroundModes value; expected one of: \(BackgroundMode.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                return mode
            }
        }
        locationAuthorization =
            try c.optionalCase("locationAuthorization", as: LocationAuthorization.self) ?? locationAuthorization
        // AUTH-6, AUTH-7: Precise Location at the start, and the app's purpose keys.
        preciseLocation = try c.optional("preciseLocation") ?? true
        temporaryFullAccuracyPurposeKeys = try c.optional("temporaryFullAccuracyPurposeKeys") ?? []
        if temporaryFullAccuracyPurposeKeys.contains(where: \.isEmpty) {
            throw c.failure(
                "temporaryFullAccuracyPurposeKeys",
                "an empty key; expected the non-empty keys of NSLocationTemporaryUsageDescriptionDictionary")
        }
        // LOC-9: `NSLocationRequireExplicitServiceSession`.
        requiresExplicitServiceSession = try c.optional("requiresExplicitServiceSession") ?? false
        features = try c.optional("features", as: [FeatureDocument].self)?.map(\.parsed) ?? []
        // Scheduled tasks (BGT)
        permittedTaskIdentifiers = try c.permittedTaskIdentifiers()
        usage = try c.optional("usage", as: UsageDocument.self)?.usage ?? AppUsageHistory()
        processingCPULoad = try c.processingCPULoad()
        launchCost = try c.optional("launch", as: LaunchCostDocument.self)?.cost  // TERM-6, STATE-7
        accessorySetupKit = try c.optional("accessorySetupKit") ?? false  // BLE-4
        outbox = try c.optional("outbox", as: OutboxDocument.self)?.spec
        settings = try c.optionalCase("settings", as: SettingsStore.self) ?? settings
        jobs = try c.jobs()
        jobScheduler = try c.optional("jobScheduler", as: JobSchedulerDocument.self)?.options
        fences = try c.optional("fences", as: [FenceEntryDocument].self)?.flatMap(\.fences) ?? []
        let problems = GeofenceSet.Options(fences: fences).identifierProblems
        if let problem = problems.first { throw c.failure("fences", problem) }
        // Motion (MOTION-2)
        motionAuthorization =
            try c.optionalCase("motionAuthorization", as: MotionAuthorization.self) ?? motionAuthorization
        motionUsageDescription = try c.optional("motionUsageDescription") ?? true
        healthKitBackgroundDeliveryEntitlement = try c.optional("healthKitBackgroundDeliveryEntitlement") ?? true
        // Live Activities (LIVE-1, LIVE-6)
        liveActivities =
            try c.optional("liveActivities", as: LiveActivitySupportDocument.self)?.support ?? liveActivities
    }

    func configuration(resolving world: WorldDescription) -> AppConfiguration {
        let projection = world.projection
        var configuration = AppConfiguration(
            backgroundModes: backgroundModes, locationAuthorization: locationAuthorization,
            features: features.map { $0.resolve(projection) })
        configuration.preciseLocation = preciseLocation
        configuration.temporaryFullAccuracyPurposeKeys = temporaryFullAccuracyPurposeKeys
        configuration.requiresExplicitServiceSession = requiresExplicitServiceSession
        // Scheduled tasks (BGT)
        configuration.permittedTaskIdentifiers = permittedTaskIdentifiers
        configuration.usage = usage
        configuration.processingCPULoad = processingCPULoad
        configuration.launchCost = launchCost
        configuration.motionAuthorization = motionAuthorization
        configuration.motionUsageDescription = motionUsageDescription
        configuration.healthKitBackgroundDeliveryEntitlement = healthKitBackgroundDeliveryEntitlement
        configuration.accessorySetupKit = accessorySetupKit
        configuration.outbox = outbox
        configuration.settings = settings
        configuration.jobs = jobs
        configuration.jobScheduler = jobScheduler
        configuration.fences = fences
        configuration.liveActivities = liveActivities
        return configuration
    }
}

/// `{"beaconTrigger": {"beacon": "pump", "triggerDistance": 3}}` or
/// `{"geofences": [{"id": "home", "center": {…}, "radius": 150}]}`.
private struct FeatureDocument: Decodable {
    enum Parsed {
        case beaconTrigger(beacon: String, triggerDistance: Double)
        case geofences([(id: String, center: PositionDocument, radius: Double)])
        case locationLog(filter: LocationFilter.Options?)
        case locationPermission(LocationPermissionRequest.Options)

        var beaconID: String? {
            if case .beaconTrigger(let id, _) = self { return id }
            return nil
        }

        func resolve(_ projection: LocalProjection) -> FeatureSpec {
            switch self {
            case .beaconTrigger(let beacon, let distance): .beaconTrigger(beacon: beacon, triggerDistance: distance)
            case .geofences(let fences):
                .geofences(
                    fences.map {
                        GeofenceSpec(id: RegionID($0.id), center: $0.center.point(projection), radius: $0.radius)
                    })
            case .locationLog(let filter): filter.map(FeatureSpec.filteredLocationLog) ?? .locationLog
            case .locationPermission(let options): .locationPermission(options)
            }
        }
    }

    var parsed: Parsed

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["beaconTrigger", "geofences", "locationLog", "locationPermission"])
        guard c.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "expected an object with exactly one key: beaconTrigger, geofences, locationLog or locationPermission"
                ))
        }
        if c.contains(AnyKey("locationPermission")) {
            let feature = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("locationPermission"))
            try feature.rejectUnknownKeys(allowed: ["request", "temporaryFullAccuracyPurposeKey"])
            let level = try feature.optional("request", as: String.self) ?? "always"
            guard level == "always" || level == "whenInUse" else {
                throw feature.failure("request", "\"\(level)\": expected \"whenInUse\" or \"always\"")
            }
            parsed = .locationPermission(
                LocationPermissionRequest.Options(
                    level: level == "always" ? .always : .whenInUse,
                    temporaryFullAccuracyPurposeKey: try feature.optional("temporaryFullAccuracyPurposeKey")))
            return
        }
        if c.contains(AnyKey("locationLog")) {
            let log = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("locationLog"))
            try log.rejectUnknownKeys(allowed: ["filter"])
            parsed = .locationLog(filter: try log.optional("filter", as: LocationFilterDocument.self)?.options)
            return
        }
        if c.contains(AnyKey("beaconTrigger")) {
            let trigger = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("beaconTrigger"))
            try trigger.rejectUnknownKeys(allowed: ["beacon", "triggerDistance"])
            let distance = try trigger.optional("triggerDistance", as: Double.self) ?? 3
            guard distance > 0 else { throw trigger.failure("triggerDistance", "expected a positive number of metres") }
            parsed = .beaconTrigger(beacon: try trigger.value("beacon"), triggerDistance: distance)
        } else {
            parsed = .geofences(
                try c.value("geofences", as: [GeofenceDocument].self).map { ($0.id, $0.center, $0.radius) })
        }
    }
}

/// `{"maximumAccuracy": 100, "maximumSpeed": 75}`; `{}` for the defaults.
private struct LocationFilterDocument: Decodable {
    var options: LocationFilter.Options

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["maximumAccuracy", "maximumSpeed"])
        let defaults = LocationFilter.Options()
        options = LocationFilter.Options(
            maximumAccuracy: try c.optional("maximumAccuracy") ?? defaults.maximumAccuracy,
            maximumSpeed: try c.optional("maximumSpeed") ?? defaults.maximumSpeed)
        if let violation = options.rangeViolations.first {
            throw c.failure(violation.key, violation.message)
        }
    }
}

private struct GeofenceDocument: Decodable {
    var id: String
    var center: PositionDocument
    var radius: Double

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["id", "center", "radius"])
        id = try c.value("id")
        center = try c.value("center")
        radius = try c.value("radius")
        guard radius > 0, radius.isFinite else { throw c.failure("radius", "expected a positive number of metres") }
    }
}
