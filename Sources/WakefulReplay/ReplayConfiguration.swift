import Foundation
import Wakeful
import WakefulSimulator

/// The app's configuration when the timeline's header lacks it or is to be overridden (`--config`):
/// a strategy setup name, or a scenario file whose `strategies`, `app`, `device` and fixed parts of
/// `world` (origin, beacons, accessories, server, network, power, start hour) describe the app and
/// its surroundings, and whose `world.movement`, when it has one, is the user's way.
///
/// ```swift
/// let byName = try ReplayConfiguration.parse("TaskExtension")
/// let byFile = try ReplayConfiguration.parse("my-app.json")   // a scenario file
/// ```
public struct ReplayConfiguration: Sendable, Hashable {
    /// A `strategies` entry of a scenario file: a setup name, or `{"name": …, "use": […]}`; nil when
    /// the file lists none or several, so that the timeline's header chooses.
    public var strategies: JSONValue?
    /// The `app` section.
    public var app: JSONObject?
    /// The `device` section.
    public var device: JSONObject?
    /// The parts of `world` a timeline cannot show.
    public var world: JSONObject
    /// The iOS versions the file lists (the first is used when the timeline names none).
    public var iosVersions: [String]
    /// Where it came from, for messages.
    public var source: String

    /// The `world` keys taken from a configuration file: facts of the place, and the user's
    /// movement, which a device records only while its app runs location updates (a field tester's
    /// notes of a walk stand in for it).
    public static let worldKeys = [
        "origin", "beacons", "accessories", "server", "network", "power", "startHour", "startDay", "movement",
    ]

    /// Parses `--config`: an existing file is read as a scenario file, anything else as a setup name.
    /// - Throws: ``ReplayError/configuration(_:)`` naming the file or the unknown strategy.
    public static func parse(_ text: String) throws(ReplayError) -> ReplayConfiguration {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: text, isDirectory: &isDirectory), !isDirectory.boolValue else {
            do {
                _ = try StrategySetup.named(text)
            } catch {
                throw .configuration("--config \(text): not a file, and not a setup: \(error.message)")
            }
            return ReplayConfiguration(
                strategies: .string(text), world: [:], iosVersions: [], source: "--config \(text)")
        }
        let url = URL(fileURLWithPath: text)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .configuration(
                "\(text): cannot be read (\(error.localizedDescription)); expected a scenario JSON file")
        }
        // Validated as a whole scenario first, so that its errors name the field as `simulate` would.
        do {
            _ = try Scenario.decode(data, file: url.lastPathComponent, directory: url.deletingLastPathComponent())
        } catch {
            throw .configuration(error.description)
        }
        guard case .object(let object)? = try? JSONValue.parse([UInt8](data)) else {
            throw .configuration("\(text): expected a scenario file, a JSON object")
        }
        return ReplayConfiguration(object, source: text)
    }

    /// The ``source`` of a configuration read from the run header.
    public static let headerSource = "the run header's config"

    /// The configuration a run header carries (``TimelineHeader/configuration``), written by the
    /// simulator in the same form as a scenario file's parts.
    /// - Throws: ``ReplayError/configuration(_:)`` when it is not a JSON object.
    public static func fromHeader(_ text: String) throws(ReplayError) -> ReplayConfiguration {
        guard case .object(let object)? = try? JSONValue.parse(Array(text.utf8)) else {
            throw .configuration("the header's config is not a JSON object; pass --config")
        }
        return ReplayConfiguration(object, source: headerSource)
    }
}

extension ReplayConfiguration {
    /// Takes the parts of a scenario file's object.
    fileprivate init(_ object: JSONObject, source: String) {
        // A file listing several setups (a comparison scenario) leaves the choice to the header.
        if case .array(let setups)? = object["strategies"], setups.count == 1 { strategies = setups.first }
        var world = JSONObject()
        if case .object(let fileWorld)? = object["world"] {
            world.members = fileWorld.members.filter { Self.worldKeys.contains($0.key) }
        }
        self.world = world
        iosVersions = []
        if case .array(let list)? = object["ios"] {
            iosVersions = list.compactMap { if case .string(let v) = $0 { v } else { nil } }
        }
        func section(_ key: String) -> JSONObject? { if case .object(let value)? = object[key] { value } else { nil } }
        app = section("app")
        device = section("device")
        self.source = source
    }
}
