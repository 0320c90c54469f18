import Foundation
import Wakeful
import WakefulSimulator

/// Rebuilds a scenario from a field timeline: the device and configuration from the `run` header
/// (or `--ios`/`--config`), and the world inputs the device observed, at the times it observed them.
///
/// Inputs are the user's actions, locations (a route through the fixes), pushes, Low Power Mode and
/// the Background App Refresh switch. What the device *decided* (strategy commands, tasks, expiry,
/// terminations, scheduled launches) is left out: it is the outcome the re-run is compared with.
///
/// ```swift
/// let rebuilt = try ScenarioReconstructor(options: ReplayOptions()).reconstruct(timeline)
/// try rebuilt.data.write(to: URL(fileURLWithPath: "bug.json"))
/// ```
public struct ScenarioReconstructor: Sendable {
    /// The overrides and tolerances.
    public var options: ReplayOptions

    /// Creates a reconstructor.
    public init(options: ReplayOptions) {
        self.options = options
    }

    /// Rebuilds the scenario.
    /// - Throws: ``ReplayError/missing(what:hint:)`` when neither the header nor the options give
    ///   the iOS version or the configuration; ``ReplayError/configuration(_:)`` when the rebuilt
    ///   scenario does not decode.
    public func reconstruct(_ timeline: FieldTimeline) throws(ReplayError) -> ReconstructedScenario {
        let header = timeline.header
        // The header's own configuration (the simulator writes one) stands in for --config.
        if options.configuration == nil, let text = header?.configuration {
            var fromHeader = self
            fromHeader.options.configuration = try ReplayConfiguration.fromHeader(text)
            return try fromHeader.reconstruct(timeline, header: header)
        }
        return try reconstruct(timeline, header: header)
    }

    private func reconstruct(_ timeline: FieldTimeline, header: TimelineHeader?) throws(ReplayError)
        -> ReconstructedScenario
    {
        var notes: [String] = []
        let origin = timeline.entries.first.map(\.time) ?? 0
        if origin != 0 { notes.append("times: device clock \(Self.number(origin)) is scenario time 0") }

        let ios = try iosVersion(header: header, notes: &notes)
        let strategies = try strategies(header: header, notes: &notes)
        let seed = options.seed ?? header?.seed ?? 1
        let inputs = WorldInputs(timeline: timeline, origin: origin)
        notes += inputs.notes

        let lastTime = (timeline.entries.last?.time ?? origin) - origin
        // An export joining several processes' files runs past the first header's duration.
        let duration = header?.duration.flatMap { $0 >= lastTime ? $0 : nil } ?? Self.roundedUp(lastTime + 1)
        var document = JSONObject()
        let name =
            "replay-"
            + (header?.scenario ?? URL(fileURLWithPath: timeline.file).deletingPathExtension().lastPathComponent)
        document.members.append(JSONMember(key: "name", value: .string(name)))
        var summary = "Rebuilt by wakeful replay from \(URL(fileURLWithPath: timeline.file).lastPathComponent)"
        if let device = header?.device { summary += " (\(device))" }
        summary += "; re-run with --seed \(seed)."
        document.members.append(JSONMember(key: "summary", value: .string(summary)))
        document.members.append(JSONMember(key: "duration", value: .double(duration)))
        document.members.append(JSONMember(key: "ios", value: .array([.string(ios.description)])))
        document.members.append(JSONMember(key: "strategies", value: .array([strategies])))
        document.members.append(JSONMember(key: "app", value: .object(app(header: header, notes: &notes))))
        if let device = device(header: header) {
            document.members.append(JSONMember(key: "device", value: .object(device)))
        }
        document.members.append(
            JSONMember(key: "world", value: .object(world(inputs, header: header, notes: &notes))))
        if !inputs.actions.isEmpty {
            document.members.append(JSONMember(key: "user", value: .array(inputs.actions.map { .object($0) })))
        }

        let data = Data(PrettyJSON.format(.object(document)).utf8)
        let scenario: Scenario
        do {
            scenario = try Scenario.decode(data, file: "\(name).json", directory: nil)
        } catch {
            throw .configuration("the rebuilt scenario does not load: \(error.description)")
        }
        guard let setup = scenario.setups.first else {
            throw .configuration("the rebuilt scenario has no strategy setup")
        }
        return ReconstructedScenario(
            data: data, scenario: scenario, ios: ios, setup: setup, seed: seed, timeOrigin: origin, notes: notes)
    }

    // MARK: Device and configuration

    private func iosVersion(header: TimelineHeader?, notes: inout [String]) throws(ReplayError) -> IOSVersion {
        if let forced = options.ios {
            if let text = header?.ios, text != forced.description {
                notes.append("iOS: --ios \(forced) instead of the header's \(text)")
            }
            return forced
        }
        if let text = header?.ios {
            guard let version = IOSVersion(parsing: text) else {
                throw .configuration("the header's ios \"\(text)\": expected \(IOSVersion.expectedForm); pass --ios")
            }
            return version
        }
        if let text = options.configuration?.iosVersions.first, let version = IOSVersion(parsing: text) {
            notes.append("iOS: \(text), the first version of \(options.configuration?.source ?? "--config")")
            return version
        }
        throw .missing(what: "iOS version (no run header with \"ios\")", hint: "pass --ios, e.g. --ios 17.5")
    }

    private func strategies(header: TimelineHeader?, notes: inout [String]) throws(ReplayError) -> JSONValue {
        if let configured = options.configuration?.strategies {
            if let setup = header?.setup, configured != .string(setup),
                options.configuration?.source != ReplayConfiguration.headerSource
            {
                notes.append("configuration: \(options.configuration!.source) instead of the header's \(setup)")
            }
            return configured
        }
        if let setup = header?.setup {
            do {
                _ = try StrategySetup.named(setup)
            } catch {
                throw .configuration("the header's setup \"\(setup)\": \(error.message); pass --config")
            }
            let features = (header?.strategies ?? []).filter { Self.featureNames.contains($0) }
            if !features.isEmpty, options.configuration?.app == nil {
                notes.append(
                    "features \(features.joined(separator: ", ")) ran on the device; pass --config with a scenario file whose app declares them"
                )
            }
            return .string(setup)
        }
        throw .missing(
            what: "configuration (no run header with \"setup\")",
            hint: "pass --config with a setup name such as TaskExtension or a scenario file")
    }

    /// Strategies a scenario's `app.features` add, not part of a setup, and `GeofenceSet`, whose
    /// fences the scenario's `app.fences` declare.
    static let featureNames: Set<String> = [
        "BeaconTrigger", "RegionMonitor", "LocationLogger", "JobScheduler", "GeofenceSet",
    ]

    private func app(header: TimelineHeader?, notes: inout [String]) -> JSONObject {
        var app = options.configuration?.app ?? JSONObject()
        if app["backgroundModes"] == nil, let modes = header?.backgroundModes {
            app.members.insert(JSONMember(key: "backgroundModes", value: .array(modes.map { .string($0) })), at: 0)
        }
        if app["locationAuthorization"] == nil, let authorization = header?.locationAuthorization {
            app.members.append(JSONMember(key: "locationAuthorization", value: .string(authorization)))
        }
        return app
    }

    private func device(header: TimelineHeader?) -> JSONObject? {
        var device = options.configuration?.device ?? JSONObject()
        if device["variants"] == nil, let variants = header?.variants, !variants.isEmpty {
            device.members.append(JSONMember(key: "variants", value: .array(variants.map { .string($0) })))
        }
        if device["debuggerAttached"] == nil, header?.debuggerAttached == true {
            device.members.append(JSONMember(key: "debuggerAttached", value: .bool(true)))
        }
        return device.isEmpty ? nil : device
    }

    private func world(_ inputs: WorldInputs, header: TimelineHeader?, notes: inout [String]) -> JSONObject {
        var world = options.configuration?.world ?? JSONObject()
        for member in inputs.recorded.members where world[member.key] == nil { world.members.append(member) }
        if world["origin"] == nil, let first = inputs.route.first {
            world.members.insert(JSONMember(key: "origin", value: Self.position(first.coordinate)), at: 0)
        }
        if world["movement"] == nil, let movement = inputs.movement {
            world.members.append(JSONMember(key: "movement", value: .object(movement)))
        }
        // The notes above say what the timeline showed; say which of it the configuration replaced.
        if let configuration = options.configuration, !configuration.world.isEmpty {
            notes.append(
                "world: \(configuration.world.map(\.key).joined(separator: ", ")) from \(configuration.source), "
                    + "in place of what the timeline shows")
        }
        if world["startHour"] == nil, let startHour = header?.startHour {
            world.members.append(JSONMember(key: "startHour", value: .double(startHour)))
        }
        if world["startDay"] == nil, let startDay = header?.startDay {
            world.members.append(JSONMember(key: "startDay", value: .string(startDay)))
        }
        if !inputs.pushes.isEmpty {
            world.members.append(JSONMember(key: "pushes", value: .array(inputs.pushes.map { .object($0) })))
        }
        return world
    }

    // MARK: Helpers

    static func position(_ coordinate: Coordinate) -> JSONValue {
        .object(["lat": .double(coordinate.latitude), "lon": .double(coordinate.longitude)])
    }

    /// Seconds rounded to milliseconds, the simulator's own resolution.
    static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

    static func roundedUp(_ seconds: Double) -> Double { max(1, seconds.rounded(.up)) }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
