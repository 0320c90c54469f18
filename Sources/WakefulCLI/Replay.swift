import ArgumentParser
import Foundation
import Wakeful
import WakefulReplay
import WakefulSimulator

/// `wakeful replay`: a field timeline back into a scenario, re-run in the simulator and compared.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Re-run a device's timeline in the simulator and report where the model and the device diverge.",
        discussion: """
            Reads a timeline exported by the library on a device (JSON Lines, one entry per line) or the server's GET /v1/devices/{id}/timeline answer (told apart by content). It rebuilds the scenario: the device, iOS version and configuration from the timeline's run header (or --ios and --config), and the world the device observed — the user's actions, a route through the location fixes, the pushes, Low Power Mode and Background App Refresh — at the times it observed them. What the device decided (commands, background tasks, expirations, terminations, launches) is kept as the outcome to compare.

            The re-run is aligned with the device's timeline by kind and time: wakes and events the device got that the model did not and the reverse, entries shifted beyond the tolerance, and background-task budgets that differ, each with the policy rule IDs the model applied (ios-background-policy.md), so a wrong rule can be found.

            Exit status: 0 when the model agrees with the device within the tolerances, 1 when they diverge, 2 for bad input.

            Examples:
              wakeful replay field.jsonl
              wakeful replay field.jsonl --save-scenario bug.json
              wakeful simulate --scenario bug.json --seed 1 --timeline rerun.jsonl
              wakeful replay server-timeline.json --ios 17.5 --config TaskExtension
              wakeful replay field.jsonl --config my-app.json --format json
              wakeful replay field.jsonl --ios 26 --timeline model.jsonl
            """
    )

    @Argument(
        help: ArgumentHelp("The device's timeline: JSON Lines, or the server's timeline JSON.", valueName: "timeline"))
    var file: String

    @Option(
        name: .customLong("ios"),
        help: ArgumentHelp(
            "The iOS version to re-run, e.g. 17.5; needed when the timeline has no header, overrides it otherwise.",
            valueName: "version"))
    var ios: String?

    @Option(
        help: ArgumentHelp(
            "The app's configuration: a setup (TaskExtension, names joined by +) or a scenario file whose strategies, app, device and world origin/beacons describe the app (and world.movement the user's way); needed when the timeline has no header.",
            valueName: "setup|file"))
    var config: String?

    @Option(help: "The seed of the re-run (default: the header's, else 1).")
    var seed: UInt64?

    @Option(help: ArgumentHelp("Seconds within which the same entry on both sides agrees.", valueName: "seconds"))
    var tolerance: Double = 2

    @Option(help: ArgumentHelp("Seconds within which background-task budgets agree.", valueName: "seconds"))
    var budgetTolerance: Double = 2

    @Option(
        help: ArgumentHelp(
            "Write the rebuilt scenario here; `wakeful simulate --scenario FILE` re-runs it, byte for byte.",
            valueName: "file"))
    var saveScenario: String?

    @Option(help: ArgumentHelp("Write the model's timeline here as JSON Lines.", valueName: "file"))
    var timeline: String?

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func validate() throws {
        if let ios, IOSVersion(parsing: ios) == nil {
            throw ValidationError("--ios \(ios): expected \(IOSVersion.expectedForm)")
        }
        guard tolerance >= 0, budgetTolerance >= 0 else {
            throw ValidationError("--tolerance and --budget-tolerance: expected seconds, zero or more")
        }
    }

    func run() throws {
        let result: ReplayResult
        do {
            var options = ReplayOptions(
                ios: ios.flatMap(IOSVersion.init(parsing:)), seed: seed, timeTolerance: tolerance,
                budgetTolerance: budgetTolerance)
            options.configuration = try config.map(ReplayConfiguration.parse)
            result = try Replay.run(try FieldTimeline.load(path: file), options: options)
        } catch {
            var stderr = StandardError()
            print("error: \(error)", to: &stderr)
            throw ExitCode(2)
        }
        do {
            if let saveScenario { try result.reconstructed.data.write(to: URL(fileURLWithPath: saveScenario)) }
            if let timeline { try result.modelTimeline.write(to: URL(fileURLWithPath: timeline)) }
        } catch {
            var stderr = StandardError()
            print("error: cannot write: \(error.localizedDescription)", to: &stderr)
            throw ExitCode(2)
        }
        switch format {
        case .text:
            print(result.text)
            if let saveScenario {
                print(
                    "Saved the scenario to \(saveScenario); re-run it with: wakeful simulate --scenario \(saveScenario) --seed \(result.reconstructed.seed)"
                )
            }
        case .json: print(try result.json())
        }
        if !result.report.isConsistent { throw ExitCode(1) }
    }
}
