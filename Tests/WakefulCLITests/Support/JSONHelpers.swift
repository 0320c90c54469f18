import Foundation
import Testing

/// Parses `text` as one JSON object, recording an issue at the caller when it is not one.
func jsonObject(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    return try #require(
        value as? [String: Any], "expected a JSON object, got \(type(of: value))", sourceLocation: sourceLocation)
}

/// The `runs` array of `simulate --format json`.
func jsonRuns(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
    let document = try jsonObject(text, sourceLocation: sourceLocation)
    return try #require(
        document["runs"] as? [[String: Any]], "no runs array in \(document.keys.sorted())",
        sourceLocation: sourceLocation)
}

/// A small valid scenario: one beacon at the origin, the user opens the app, presses Home and
/// walks from 60 m to the beacon. Pass extra top-level members to add or replace.
enum ScenarioFile {
    static let beaconUUID = "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6"

    static var beacon: [String: Any] {
        [
            "id": "pump", "uuid": beaconUUID, "major": 1, "minor": 4, "position": ["east": 0, "north": 0],
            "measuredPower": -59,
        ]
    }

    static var document: [String: Any] {
        [
            "name": "cli-test",
            "summary": "a small scenario written by the CLI tests",
            "duration": 300,
            "ios": ["17"],
            "strategies": ["TaskExtension"],
            "app": ["features": [["beaconTrigger": ["beacon": "pump", "triggerDistance": 3]]]],
            "world": [
                "beacons": [beacon],
                "movement": [
                    "start": ["east": 60, "north": 0], "startTime": 20,
                    "legs": [["to": ["east": 0.5, "north": 0], "speed": 1.0]],
                ],
            ],
            "user": [["at": 0, "action": "open"], ["at": 10, "action": "home"]],
        ]
    }

    /// Serialises a document with sorted keys, so a file's bytes do not depend on dictionary order.
    static func data(_ document: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .prettyPrinted])
    }

    /// Writes `contents` as `name` in `folder` and returns its path.
    @discardableResult
    static func write(_ contents: Data, as name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try contents.write(to: url)
        return url.path
    }

    @discardableResult
    static func write(_ text: String, as name: String, in folder: URL) throws -> String {
        try write(Data(text.utf8), as: name, in: folder)
    }

    @discardableResult
    static func write(_ document: [String: Any], as name: String, in folder: URL) throws -> String {
        try write(try data(document), as: name, in: folder)
    }
}
