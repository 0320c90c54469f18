import Foundation
import Wakeful

/// A timeline entry reduced to what must agree between the device and the model: its kind, name
/// and identity (task, region, push, timer …), without measured values such as RSSI or coordinates.
struct ComparableEntry: Hashable {
    /// `wake`, `event`, `command`, `state` or `decision`.
    var category: String
    /// E.g. `event remoteNotification id=message-3`.
    var signature: String
    /// Scenario seconds.
    var time: Double

    /// Payload keys that name what an entry is about, in the order they are shown.
    static let identityKeys = [
        "reason", "task", "region", "state", "timer", "id", "identifier", "session", "peripheral", "record", "job",
        "result",
    ]

    /// Events that are inputs (the reconstruction replays them), not outcomes.
    static let inputEvents: Set<String> = [
        "locationsUpdated", "beaconsRanged", "lowPowerModeChanged", "backgroundRefreshStatusChanged",
        "liveLocationUpdate",
    ]
    /// Commands that carry measurements rather than decisions.
    static let measurementCommands: Set<String> = ["setCPULoad"]
    /// Decisions that are inputs.
    static let inputDecisions: Set<String> = ["pushSent", "healthSampleSaved"]
    /// Events by which iOS starts or resumes the app in the background.
    static let wakeEvents: Set<String> = [
        "didFinishLaunching", "regionEntered", "regionExited", "regionStateDetermined", "significantLocationChange",
        "visit", "monitorEvent",
        "remoteNotification", "voipPush", "scheduledTaskLaunched", "urlSessionEvents", "bluetooth", "keepAliveFired",
        "healthObserverUpdate",
    ]

    /// The comparable form of an entry, or nil for entries that are not compared (headers, user
    /// actions, inputs, measurements).
    init?(_ entry: TimelineEntry, origin: Double) {
        var line: [UInt8] = []
        TimelineJSONEncoder().encode(entry, into: &line)
        guard case .object(let object)? = try? JSONValue.parse(line) else { return nil }
        func identity(skipping: Set<String>) -> String {
            Self.identityKeys.compactMap { key -> String? in
                guard !skipping.contains(key), let value = object[key] else { return nil }
                if case .string(let text) = value { return "\(key)=\(text)" }
                return "\(key)=\(value.description)"
            }.joined(separator: " ")
        }
        var name: String
        switch entry.body {
        case .run, .user, .observation, .world: return nil
        case .event(let event):
            guard case .string(let eventName)? = object["event"], !Self.inputEvents.contains(eventName) else {
                return nil
            }
            _ = event
            category = Self.wakeEvents.contains(eventName) ? "wake" : "event"
            name = "event \(eventName)"
        case .command(let command, let owner):
            guard !Self.measurementCommands.contains(command.name) else { return nil }
            category = "command"
            name = "command \(command.name) by \(owner)"
        case .state(let change):
            category = "state"
            signature = "state \(change.from.rawValue)→\(change.to.rawValue) (\(change.cause))"
            time = entry.time - origin
            return
        case .decision(let decision):
            guard !Self.inputDecisions.contains(decision.name) else { return nil }
            category = "decision"
            name = "decision \(decision.name)"
        }
        let id = identity(skipping: [])
        signature = id.isEmpty ? name : "\(name) \(id)"
        time = entry.time - origin
    }
}
