import Foundation

/// The `run` line that opens a timeline: which device, iOS version and configuration produced it.
///
/// The simulator writes one at the start of every run; an app writes one when its agent starts
/// (``Agent/recordHeader(_:at:timeline:)``), so that a timeline exported from a phone says what it
/// needs to be replayed (`wakeful replay`). Every member is optional: a reader takes what is there
/// and asks for the rest. The keys are those of the simulator's header, plus `source` and `device`.
///
/// ```swift
/// let header = TimelineHeader(source: "device", device: "iPhone15,2", ios: "17.5.1",
///                             setup: "TaskExtension", backgroundModes: ["location"])
/// header.entry(at: 0)  // {"t":0,"kind":"run","format":1,"source":"device","device":"iPhone15,2",…}
/// ```
public struct TimelineHeader: Sendable, Hashable {
    /// The format version of the lines that follow (``TimelineJSONEncoder/formatVersion``).
    public var format: Int?
    /// Who wrote the timeline: `device` for an app, absent for the simulator.
    public var source: String?
    /// The hardware model, e.g. `iPhone15,2` (`utsname.machine`).
    public var device: String?
    /// The iOS version, e.g. `17.5.1`.
    public var ios: String?
    /// The scenario the simulator ran.
    public var scenario: String?
    /// The strategy setup: a strategy name, names joined by `+`, or `none`.
    public var setup: String?
    /// The names of every strategy and feature of the app, in the order they receive events.
    public var strategies: [String]
    /// `UIBackgroundModes` as declared; nil when the header does not say (an empty list says "none").
    public var backgroundModes: [String]?
    /// The location authorization the user granted (``LocationAuthorization`` raw value).
    public var locationAuthorization: String?
    /// The simulator's seed.
    public var seed: UInt64?
    /// Seconds the simulator ran.
    public var duration: TimeInterval?
    /// The simulator's policy variants (`CONF-3` …).
    public var variants: [String]
    /// Whether a debugger was attached (limits not enforced, TASK-14).
    public var debuggerAttached: Bool
    /// The local hour of day (0–24, fractions allowed) at time 0 of the timeline's clock, which
    /// the task scheduler's usage and charging patterns depend on (BGT-11).
    public var startHour: Double?
    /// The local weekday at time 0 (`monday` … `sunday`), when not Monday; schedules depend on it.
    public var startDay: String?
    /// The app's configuration as compact JSON in the form of a scenario file's parts,
    /// `{"strategies": [setup], "app": {…}, "device": {…}}` (key `config`): its features, jobs,
    /// outbox and the setup's options, so that `wakeful replay` rebuilds the same app.
    public var configuration: String?
    /// Keys this type does not know, kept in order.
    public var otherFields: [Field]

    /// Creates a header.
    public init(
        format: Int? = TimelineJSONEncoder.formatVersion, source: String? = nil, device: String? = nil,
        ios: String? = nil,
        scenario: String? = nil, setup: String? = nil, strategies: [String] = [], backgroundModes: [String]? = nil,
        locationAuthorization: String? = nil, seed: UInt64? = nil, duration: TimeInterval? = nil,
        variants: [String] = [],
        debuggerAttached: Bool = false, startHour: Double? = nil, startDay: String? = nil,
        configuration: String? = nil, otherFields: [Field] = []
    ) {
        self.format = format
        self.source = source
        self.device = device
        self.ios = ios
        self.scenario = scenario
        self.setup = setup
        self.strategies = strategies
        self.backgroundModes = backgroundModes
        self.locationAuthorization = locationAuthorization
        self.seed = seed
        self.duration = duration
        self.variants = variants
        self.debuggerAttached = debuggerAttached
        self.startHour = startHour
        self.startDay = startDay
        self.configuration = configuration
        self.otherFields = otherFields
    }

    /// Reads a `run` line's fields; unknown keys land in ``otherFields``, lists are comma-separated.
    public init(fields: [Field]) {
        self.init(format: nil)
        for field in fields {
            let text = field.value.description
            switch field.key {
            case "format": format = field.value.number.map { Int($0) }
            case "source": source = text
            case "device": device = text
            case "ios": ios = text
            case "scenario": scenario = text
            case "setup": setup = text
            case "strategies": strategies = Self.list(text)
            case "backgroundModes": backgroundModes = Self.list(text)
            case "locationAuthorization": locationAuthorization = text
            case "seed": seed = UInt64(text)
            case "duration": duration = field.value.number
            case "variants": variants = Self.list(text)
            case "debuggerAttached": debuggerAttached = field.value == .bool(true)
            case "startHour": startHour = field.value.number
            case "startDay": startDay = text
            case "config": configuration = text
            default: otherFields.append(field)
            }
        }
    }

    /// The fields of the `run` line, known keys first in a fixed order, absent ones left out.
    public var fields: [Field] {
        var fields: [Field] = []
        if let format { fields.append(Field("format", .int(format))) }
        if let source { fields.append(Field("source", .string(source))) }
        if let device { fields.append(Field("device", .string(device))) }
        if let ios { fields.append(Field("ios", .string(ios))) }
        if let scenario { fields.append(Field("scenario", .string(scenario))) }
        if let setup { fields.append(Field("setup", .string(setup))) }
        if let seed { fields.append(Field("seed", seed <= UInt64(Int.max) ? .int(Int(seed)) : .string(String(seed)))) }
        if !strategies.isEmpty { fields.append(Field("strategies", .string(strategies.joined(separator: ",")))) }
        if let backgroundModes {
            fields.append(Field("backgroundModes", .string(backgroundModes.joined(separator: ","))))
        }
        if let locationAuthorization { fields.append(Field("locationAuthorization", .string(locationAuthorization))) }
        if let duration { fields.append(Field("duration", .double(duration))) }
        if !variants.isEmpty { fields.append(Field("variants", .string(variants.joined(separator: ",")))) }
        if debuggerAttached { fields.append(Field("debuggerAttached", .bool(true))) }
        if let startHour { fields.append(Field("startHour", .double(startHour))) }
        if let startDay { fields.append(Field("startDay", .string(startDay))) }
        if let configuration { fields.append(Field("config", .string(configuration))) }
        return fields + otherFields
    }

    /// The header as a timeline entry at `time`.
    public func entry(at time: TimeInterval) -> TimelineEntry {
        TimelineEntry(time: time, body: .run(fields))
    }

    private static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
