import Foundation
import Testing
import WakefulTestSupport

@Suite("wakeful simulate: errors", .hangLimit, .watchdog)
struct SimulateErrorTests {
    // MARK: Command-line errors

    struct ArgumentCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        /// Every fragment must appear on standard error.
        var fragments: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let argumentCases: [ArgumentCase] = [
        ArgumentCase(arguments: ["--ios", "banana"], fragments: ["--ios banana", "expected an iOS version", "12.4"]),
        ArgumentCase(arguments: ["--ios", "3"], fragments: ["--ios 3", "expected an iOS version"]),
        ArgumentCase(
            arguments: ["--strategy", "Nope"],
            fragments: ["--strategy", "\"Nope\"", "TaskExtension", "LowPowerLocationKeepAlive", "none"]),
        ArgumentCase(
            arguments: ["--strategy", "TaskExtension+Nope"], fragments: ["--strategy", "\"Nope\"", "joined by +"]),
        ArgumentCase(arguments: ["--variant", "CONF-99"], fragments: ["--variant", "CONF-99", "CONF-13"]),
        ArgumentCase(
            arguments: ["--scenario", "missing.json"],
            fragments: ["--scenario", "missing.json", "no such file", "gas-station"]),
        ArgumentCase(arguments: ["--format", "yaml"], fragments: ["yaml", "text", "json"]),
        ArgumentCase(arguments: ["--seed", "-1"], fragments: ["--seed"]),
    ]

    @Test("a bad argument exits non-zero and names the problem", arguments: argumentCases)
    func badArgument(_ bad: ArgumentCase) async throws {
        try await withTemporaryDirectory { folder in
            // Run in an empty folder so that "missing.json" really is missing.
            let result = try await Executable.wakeful.run(["simulate"] + bad.arguments, in: folder)
            #expect(result.status != 0, "\(result)")
            #expect(result.stdout.isEmpty, "nothing is simulated: \(result.stdout)")
            for fragment in bad.fragments {
                #expect(result.stderr.contains(fragment), "missing \"\(fragment)\" in: \(result.stderr)")
            }
        }
    }

    @Test("a bad option points at simulate's usage")
    func usageOfTheSubcommand() async throws {
        let result = try await Executable.wakeful.run(["simulate", "--strategy", "Nope"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("wakeful simulate --help"), "\(result.stderr)")
    }

    @Test(
        "a scenario that cannot be loaded gives its error and one hint, not the usage",
        arguments: [
            (["simulate", "--scenario", "missing.json"], "`wakeful simulate --list` names the built-in scenarios"),
            (["compare", "--scenario", "missing.json"], "`wakeful simulate --list` names the built-in scenarios"),
            (["simulate", "--scenario", "broken.json"], "ScenarioFiles.md"),
        ])
    func scenarioErrorWithHint(_ arguments: [String], hint: String) async throws {
        try await withTemporaryDirectory { folder in
            _ = try ScenarioFile.write(Data(#"{"name": "t"}"#.utf8), as: "broken.json", in: folder)
            let result = try await Executable.wakeful.run(arguments, in: folder)
            #expect(result.status == 64, "\(result)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 2, "the error and the hint only: \(result.stderr)")
            #expect(lines.first?.hasPrefix("Error: ") == true)
            #expect(lines.last?.hasPrefix("Hint: ") == true)
            #expect(result.stderr.contains(hint), "\(result.stderr)")
            #expect(!result.stderr.contains("Usage:"), "\(result.stderr)")
        }
    }

    // MARK: Scenario-file errors

    /// A broken scenario file and what its error must say.
    struct FileCase: Sendable, CustomTestStringConvertible {
        var file: String
        /// The file's bytes.
        var contents: @Sendable () throws -> Data
        /// The field path the message names right after the file (`file: field: …`); nil for the whole document.
        var field: String?
        /// Words of the expected form.
        var fragments: [String]
        var testDescription: String { file }

        /// The valid document with `change` applied.
        static func edit(
            _ file: String, field: String?, _ fragments: [String],
            _ change: @escaping @Sendable (inout [String: Any]) -> Void
        ) -> FileCase {
            FileCase(
                file: file,
                contents: {
                    var document = ScenarioFile.document
                    change(&document)
                    return try ScenarioFile.data(document)
                }, field: field, fragments: fragments)
        }

        /// Edits the first beacon of the valid document.
        static func beacon(
            _ file: String, field: String, _ fragments: [String],
            _ change: @escaping @Sendable (inout [String: Any]) -> Void
        ) -> FileCase {
            edit(file, field: field, fragments) { document in
                var world = document["world"] as! [String: Any]
                var beacon = ScenarioFile.beacon
                change(&beacon)
                world["beacons"] = [beacon]
                document["world"] = world
            }
        }
    }

    static let fileCases: [FileCase] = [
        FileCase(
            file: "not-json.json", contents: { Data("{ \"name\": \"oops\", duration: }".utf8) }, field: nil,
            fragments: ["not valid JSON"]),
        .edit("no-duration.json", field: "duration", ["is required"]) { $0["duration"] = nil },
        .edit("string-duration.json", field: "duration", ["expected a number"]) { $0["duration"] = "ten minutes" },
        .edit("typo.json", field: "duraton", ["unknown field", "expected one of", "duration"]) {
            $0["duraton"] = $0["duration"]
            $0["duration"] = nil
        },
        .edit(
            "unknown-strategy.json", field: "strategies[0]",
            ["unknown strategy", "\"Nope\"", "TaskExtension", "LowPowerLocationKeepAlive"]
        ) {
            $0["strategies"] = ["Nope"]
        },
        .edit(
            "unknown-strategy-object.json", field: "strategies[0].use[0].strategy",
            ["unknown strategy", "\"Nope\"", "TaskExtension"]
        ) {
            $0["strategies"] = [["name": "mine", "use": [["strategy": "Nope"]]]]
        },
        .beacon(
            "bad-uuid.json", field: "world.beacons[0].uuid",
            ["expected a UUID", "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"]
        ) {
            $0["uuid"] = "2F234454-not-a-uuid"
        },
        .beacon("loud-beacon.json", field: "world.beacons[0].measuredPower", ["dBm", "-120", "-59"]) {
            $0["measuredPower"] = 20
        },
        .edit("undefined-beacon.json", field: "app.features[0].beaconTrigger.beacon", ["\"pump-9\"", "world.beacons"]) {
            $0["app"] = ["features": [["beaconTrigger": ["beacon": "pump-9"]]]]
        },
        .edit("late-action.json", field: "user[1].at", ["after the end", "duration"]) {
            $0["user"] = [["at": 0, "action": "open"], ["at": 301, "action": "home"]]
        },
        .edit(
            "unknown-action.json", field: "user[1].action",
            ["unknown action", "\"dance\"", "expected one of", "forceQuit"]
        ) {
            $0["user"] = [["at": 0, "action": "open"], ["at": 10, "action": "dance"]]
        },
        .edit(
            "missing-gpx.json", field: "world.movement.gpx",
            ["cannot read GPX file", "no-such-track.gpx", "relative to the scenario file"]
        ) {
            var world = $0["world"] as! [String: Any]
            world["movement"] = ["gpx": "no-such-track.gpx"]
            $0["world"] = world
        },
    ]

    @Test(
        "a bad scenario file exits non-zero and names the file, the field and the expected form", arguments: fileCases)
    func badScenarioFile(_ bad: FileCase) async throws {
        try await withTemporaryDirectory { folder in
            let path = try ScenarioFile.write(try bad.contents(), as: bad.file, in: folder)
            let result = try await Executable.wakeful.run(["simulate", "--scenario", path])
            #expect(result.status != 0, "\(result)")
            #expect(result.stdout.isEmpty, "nothing is simulated: \(result.stdout)")
            let message = result.stderr
            if let field = bad.field {
                #expect(message.contains("\(bad.file): \(field): "), "file and field in: \(message)")
            } else {
                #expect(message.contains("\(bad.file): "), "file in: \(message)")
            }
            for fragment in bad.fragments {
                #expect(message.contains(fragment), "missing \"\(fragment)\" in: \(message)")
            }
        }
    }

    @Test(
        "errors about one entry of a list name the entry's own path",
        arguments: [
            ("undefined-beacon.json", "app.features[0].beaconTrigger.beacon"),
            ("late-action.json", "user[1].at"),
        ])
    func preciseEntryPaths(_ file: String, _ field: String) async throws {
        let bad = try #require(Self.fileCases.first { $0.file == file })
        try await withTemporaryDirectory { folder in
            let path = try ScenarioFile.write(try bad.contents(), as: bad.file, in: folder)
            let result = try await Executable.wakeful.run(["simulate", "--scenario", path])
            #expect(result.status != 0)
            #expect(result.stderr.contains("\(file): \(field): "), "\(result.stderr)")
        }
    }

    @Test("a beacon major above 65535 is reported as out of range, not as invalid JSON")
    func majorOutOfRange() async throws {
        try await withTemporaryDirectory { folder in
            let bad = FileCase.beacon("big-major.json", field: "world.beacons[0].major", []) { $0["major"] = 70000 }
            let path = try ScenarioFile.write(try bad.contents(), as: bad.file, in: folder)
            let result = try await Executable.wakeful.run(["simulate", "--scenario", path])
            #expect(result.status != 0)
            #expect(result.stderr.contains("big-major.json: world.beacons[0].major: "), "\(result.stderr)")
            #expect(!result.stderr.contains("not valid JSON"), "\(result.stderr)")
        }
    }
}
