import Foundation
import Wakeful
import WakefulSimulator

/// Reads an app's Wakeful configuration for `wakeful doctor --config`, in any of three forms, all
/// decoded and validated by the simulator's scenario reader:
///
/// - a scenario file, as `wakeful simulate --scenario` reads it;
/// - a configuration file: a scenario's `strategies` and `app` sections alone (optionally `name`,
///   `summary` and `world`), e.g. `{"strategies": ["ScheduledRefresh"], "app": {"jobs": […]}}`;
/// - a scenario's `app` section alone (`{"locationAuthorization": "always", "features": […]}`);
/// - on the command line, also the name of a built-in scenario (``resolve(_:setup:)``).
public enum ConfigurationFile {
    /// The top-level keys of a configuration file.
    static let configurationKeys: Set<String> = ["name", "summary", "strategies", "app", "world"]
    /// Keys that only a bare `app` section has at its top level.
    static let appKeys: Set<String> = [
        "backgroundModes", "locationAuthorization", "features", "permittedTaskIdentifiers", "usage",
        "processingCPULoad",
        "accessorySetupKit", "outbox", "settings", "jobs", "jobScheduler",
        "preciseLocation", "temporaryFullAccuracyPurposeKeys", "requiresExplicitServiceSession",
    ]

    /// Reads a configuration file.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - setup: Which of the file's strategy setups the app runs (a setup's name, or strategy
    ///     names joined by `+`); needed when the file lists more than one.
    ///   - file: The name reports and errors use; nil for the URL's path.
    /// - Throws: ``DoctorInputError`` naming the file, the field and the expected form.
    public static func load(contentsOf url: URL, setup: String?, file: String? = nil) throws(DoctorInputError)
        -> AppRequirements
    {
        let name = file ?? url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw DoctorInputError(
                file: name,
                message:
                    "cannot be read (\(error.localizedDescription)); expected a readable JSON configuration or scenario file"
            )
        }
        return try decode(data, file: name, directory: url.deletingLastPathComponent(), setup: setup)
    }

    /// Reads a configuration from JSON.
    public static func decode(_ data: Data, file: String, directory: URL?, setup: String?) throws(DoctorInputError)
        -> AppRequirements
    {
        let scenario: Scenario
        do {
            scenario = try Scenario.decode(try scenarioData(data, file: file), file: file, directory: directory)
        } catch let error as ScenarioError {
            throw DoctorInputError(
                file: error.file, field: fieldInFile(error.field, data: data), message: error.message)
        } catch let error as DoctorInputError {
            throw error
        } catch {
            throw DoctorInputError(file: file, message: String(describing: error))
        }
        return try requirements(of: scenario, file: file, setup: setup)
    }

    /// A configuration given on the command line: a file, or the name of a built-in scenario
    /// (`gas-station` …) when no file has that name, as `simulate --scenario` resolves it.
    public static func resolve(_ nameOrPath: String, setup: String?) throws(DoctorInputError) -> AppRequirements {
        guard !FileManager.default.fileExists(atPath: nameOrPath), BuiltinScenarios.names.contains(nameOrPath) else {
            return try load(contentsOf: URL(fileURLWithPath: nameOrPath), setup: setup, file: nameOrPath)
        }
        let scenario: Scenario
        do {
            scenario = try BuiltinScenarios.load(nameOrPath)
        } catch {
            throw DoctorInputError(file: error.file, field: error.field, message: error.message)
        }
        return try requirements(of: scenario, file: "built-in scenario \(nameOrPath)", setup: setup)
    }

    /// What the strategies of the chosen setup need, plus the modes and identifiers the `app`
    /// section lists itself (features of the app's own that Wakeful does not run).
    private static func requirements(of scenario: Scenario, file: String, setup: String?) throws(DoctorInputError)
        -> AppRequirements
    {
        let chosen = try chooseSetup(setup, from: scenario.setups, file: file)
        var requirements = AppRequirements(
            source: "\(file), setup \(chosen.name)", strategies: scenario.strategies(for: chosen))
        let app = scenario.app
        if app.backgroundModes != nil || app.permittedTaskIdentifiers != nil {
            requirements.entries.append(
                AppRequirements.Entry(
                    name: "the configuration's app section",
                    requirements: Requirements(
                        backgroundModes: app.backgroundModes ?? [], taskIdentifiers: app.permittedTaskIdentifiers ?? [])
                ))
        }
        return requirements
    }

    /// The file as a scenario document: unchanged when it is one, otherwise wrapped.
    private static func scenarioData(_ data: Data, file: String) throws -> Data {
        // Not JSON, or not an object: the scenario reader says where and what it expected.
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return data }
        let keys = Set(object.keys)
        if !keys.isEmpty, keys.isSubset(of: appKeys) {
            return try wrap(["app": object], file: file)
        }
        if keys.isSubset(of: configurationKeys) {
            return try wrap(object, file: file)
        }
        return data
    }

    /// A configuration file made into a scenario: a name, a duration and, when there is no world,
    /// stand-in beacons for the beacons the app's triggers name. Those beacons are defined in the
    /// app, not the file, and only requirements are read, which do not depend on where they are.
    private static func wrap(_ object: [String: Any], file: String) throws -> Data {
        var document = object
        document["name"] = document["name"] ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        document["duration"] = 1
        if document["world"] == nil {
            let features = (object["app"] as? [String: Any])?["features"] as? [Any] ?? []
            let beacons = features.compactMap {
                (($0 as? [String: Any])?["beaconTrigger"] as? [String: Any])?["beacon"] as? String
            }
            document["world"] = [
                "beacons": beacons.map {
                    ["id": $0, "uuid": "00000000-0000-0000-0000-000000000000", "position": ["east": 0, "north": 0]]
                        as [String: Any]
                }
            ]
        }
        return try JSONSerialization.data(withJSONObject: document)
    }

    /// A bare `app` section was read as `{"app": …}`: report its fields as the file has them.
    private static func fieldInFile(_ field: String?, data: Data) -> String? {
        guard let field, let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            !object.isEmpty, Set(object.keys).isSubset(of: appKeys)
        else { return field }
        if field == "app" { return nil }
        return field.hasPrefix("app.") ? String(field.dropFirst(4)) : field
    }

    /// The one setup the app runs.
    private static func chooseSetup(_ name: String?, from setups: [StrategySetup], file: String)
        throws(DoctorInputError) -> StrategySetup
    {
        let names = setups.map(\.name).joined(separator: ", ")
        guard let name else {
            switch setups.count {
            case 0: return .none
            case 1: return setups[0]
            default:
                throw DoctorInputError(
                    file: file, field: "strategies",
                    message:
                        "lists \(setups.count) strategy setups (\(names)); an app runs one: pass --setup with one of them"
                )
            }
        }
        if let setup = setups.first(where: { $0.name == name }) { return setup }
        do {
            return try StrategySetup.named(name)
        } catch {
            let listed = setups.isEmpty ? "" : "the file's setups (\(names)), or "
            throw DoctorInputError(
                file: "--setup", message: "\"\(name)\": \(error.message); expected \(listed)strategy names joined by +")
        }
    }
}
