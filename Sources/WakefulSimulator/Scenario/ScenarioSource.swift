import Foundation
import Wakeful

/// The parts of a scenario file that describe the app, as written: what a run's header carries
/// (`config`) so that `wakeful replay` rebuilds the same app — its features, jobs, outbox and the
/// setup's options — from the timeline alone.
public struct ScenarioSource: Sendable, Hashable {
    /// The `app` section; nil when the file has none.
    public var app: JSONObject?
    /// The `device` section; nil when the file has none.
    public var device: JSONObject?
    /// The `world.server` section, which the run's `world` facts carry as written; nil when absent.
    public var server: JSONObject?

    /// Creates a source.
    public init(app: JSONObject? = nil, device: JSONObject? = nil, server: JSONObject? = nil) {
        self.app = app
        self.device = device
        self.server = server
    }

    /// Sets one switch of the `device` section, as a bad day changes it, so the header says so.
    mutating func setDevice(_ key: String, _ on: Bool) {
        var device = device ?? JSONObject()
        device.members.removeAll { $0.key == key }
        device.members.append(JSONMember(key: key, value: .bool(on)))
        self.device = device
    }
}

extension Scenario {
    /// Keeps the file's `app` and `device` sections and each setup's `strategies` entry; called once
    /// the file has decoded, so the JSON is known to be valid.
    mutating func keepSource(_ data: Data) {
        guard case .object(let file)? = try? JSONValue.parse(data) else { return }
        func section(_ key: String) -> JSONObject? { if case .object(let value)? = file[key] { value } else { nil } }
        var server: JSONObject?
        if case .object(let world)? = file["world"], case .object(let value)? = world["server"] { server = value }
        source = ScenarioSource(app: section("app"), device: section("device"), server: server)
        if case .array(let entries)? = file["strategies"], entries.count == setups.count {
            for index in setups.indices { setups[index].source = entries[index] }
        }
    }

    /// The run header's `config`: `{"strategies": [setup], "app": …, "device": …}` as compact JSON,
    /// the form `wakeful replay --config` reads from a scenario file; nil for a scenario made in code,
    /// whose app no file describes.
    public func headerConfiguration(for setup: StrategySetup) -> String? {
        guard let source else { return nil }
        var object: JSONObject = ["strategies": .array([setup.source ?? .string(setup.name)])]
        if let app = source.app { object.members.append(JSONMember(key: "app", value: .object(app))) }
        if let device = source.device { object.members.append(JSONMember(key: "device", value: .object(device))) }
        return JSONValue.object(object).description
    }
}
