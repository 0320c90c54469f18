import ArgumentParser
import Foundation
import WakefulDoctor

/// `wakeful doctor`: check an app's Info.plist, Xcode project and sources before App Review does.
struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Check an app's Info.plist, Xcode project and sources: background modes, task identifiers, purpose strings and App Review risks.",
        discussion: """
            Reads an Info.plist (XML, binary or old-style; a built .app folder; - for standard input) or an Xcode project (--project, which merges the target's INFOPLIST_KEY_* build settings with its INFOPLIST_FILE as Xcode does and expands $(VAR) and ${VAR}), and reports what iOS or App Review will object to: mode values and types, task identifiers against the task modes, every purpose string (missing for a used API, empty, not a string, a placeholder, or only a retired key), keys written twice, and App Review's view of each declared mode.

            --sources DIR (repeatable; Swift and Objective-C, comments and strings ignored) lets doctor see what the app really uses: a mode declared and never used, a call that needs a mode the file lacks, identifiers registered but not permitted, permitted but never registered, submitted but never registered, a legacy fetch handler with no interval, and audio or voip judged by evidence (a player, CallKit) rather than by name. With --project and no --sources, doctor reads the folder that holds the project, less the code only its test bundles, extensions and other apps compile. --config compares the file with what your Wakeful strategies need (a scenario file or built-in name, its "strategies" and "app" sections, or an "app" section alone).

            Findings the team has reviewed go in a baseline, .wakeful-doctor.json, found by walking up from the Info.plist's (or the project's) folder, or given with --baseline: each accepted finding is counted, not printed, and does not fail the check. --write-baseline FILE writes the current errors and warnings as entries whose reasons the team fills in.

            Formats: text (notes one line each; --explain for the full paragraphs and reviewer notes), json, xcode (path:line: warning: … lines for a Run Script build phase) and sarif (SARIF 2.1.0 for GitHub code scanning).

            Exit status: 0 when the check passes: no errors (with --strict, no warnings either); accepted findings and notes never fail it. 1 when there are errors, or warnings with --strict. 2 when the input cannot be checked: a missing, unreadable or wrong kind of file, not a property list or project, a bad configuration, or a bad baseline (every accepted finding needs a reason). 64 for a usage error, such as an unknown option, no app named and no single .xcodeproj in the current folder, or an empty --bundle-id.

            Examples:
              wakeful doctor                                  (the one .xcodeproj in this folder)
              wakeful doctor MyApp.xcodeproj
              wakeful doctor --plist MyApp/Info.plist
              wakeful doctor --project MyApp.xcodeproj --sources MyApp
              wakeful doctor --project MyApp.xcodeproj --target MyApp --configuration Release --format sarif > doctor.sarif
              wakeful doctor --plist "$SRCROOT/MyApp/Info.plist" --sources "$SRCROOT/MyApp" --format xcode --strict
              wakeful doctor --plist MyApp/Info.plist --config wakeful.json --bundle-id com.example.app
              wakeful doctor --plist build/MyApp.app --format json > doctor.json
            """
    )

    @Argument(
        help: ArgumentHelp(
            "An Xcode project (App.xcodeproj) or an Info.plist or built .app, as --project or --plist would take it. With no path and neither option, the one .xcodeproj in the current folder.",
            valueName: "path"))
    var path: String?

    @Option(
        help: ArgumentHelp(
            "The Info.plist to check (XML, binary or old-style), a built .app folder, or - for standard input.",
            valueName: "file"))
    var plist: String?

    @Option(
        help: ArgumentHelp(
            "An Xcode project: its target's build settings and Info.plist, merged as Xcode builds them.",
            valueName: "App.xcodeproj"))
    var project: String?

    @Option(help: ArgumentHelp("The project's target (default: its only application target).", valueName: "name"))
    var target: String?

    @Option(
        help: ArgumentHelp(
            "The build configuration (default: Release, what an archive builds, else the target's default).",
            valueName: "name"))
    var configuration: String?

    @Option(
        name: .customLong("sources"),
        help: ArgumentHelp(
            "A folder (or file) of the app's Swift and Objective-C sources; repeatable.", valueName: "dir"))
    var sources: [String] = []

    @Option(
        help: ArgumentHelp(
            "The app's Wakeful configuration: a scenario file or built-in name, its strategies and app sections, or its app section.",
            valueName: "file"))
    var config: String?

    @Option(
        help: ArgumentHelp(
            "Which of the configuration's strategy setups the app runs, or strategy names joined by +. Needed when it lists several.",
            valueName: "name"))
    var setup: String?

    @Option(
        name: .customLong("bundle-id"),
        help: ArgumentHelp("Substituted for $(PRODUCT_BUNDLE_IDENTIFIER) in permitted identifiers.", valueName: "id"))
    var bundleID: String?

    @Option(
        help: ArgumentHelp(
            "The baseline of accepted findings (default: .wakeful-doctor.json in the file's folder or above).",
            valueName: "file"))
    var baseline: String?

    @Option(
        name: .customLong("write-baseline"),
        help: ArgumentHelp(
            "Write the current errors and warnings to this baseline file, each with an empty reason to fill in, and exit.",
            valueName: "file"))
    var writeBaseline: String?

    @Flag(help: "Warnings fail too (exit status 1).")
    var strict = false

    @Flag(help: "Print every note in full, with the suggested reviewer notes.")
    var explain = false

    @Option(help: "Output format: text, json, xcode or sarif.")
    var format: DoctorRequest.Format = .text

    mutating func validate() throws {
        if let path {
            guard plist == nil, project == nil else {
                throw ValidationError("Name the app once: as the path argument, or with --plist or --project.")
            }
            if Self.isProject(path) { project = path } else { plist = path }
        } else if plist == nil, project == nil {
            project = try Self.onlyProject(in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        }
        if plist != nil, project != nil {
            throw ValidationError(
                "Pass either --plist or --project: with --project, doctor reads the Info.plist the target's INFOPLIST_FILE names."
            )
        }
        if project == nil, target != nil || configuration != nil {
            throw ValidationError(
                "--target and --configuration choose within an Xcode project: pass --project App.xcodeproj too.")
        }
        if let bundleID, bundleID.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError(
                "--bundle-id is empty; pass the app's bundle identifier, e.g. --bundle-id com.example.myapp, or leave the option out."
            )
        }
        if ([plist, baseline, writeBaseline, config, setup, target, configuration].compactMap { $0 } + sources)
            .contains(where: \.isEmpty)
        {
            throw ValidationError(
                "An option was given an empty value; each of --plist, --sources, --baseline, --write-baseline, --config, --setup, --target and --configuration needs one."
            )
        }
    }

    /// Whether a path names an Xcode project (`App.xcodeproj`, `App.xcodeproj/`).
    static func isProject(_ path: String) -> Bool {
        var trimmed = Substring(path)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed.hasSuffix(".xcodeproj")
    }

    /// The one `.xcodeproj` in `directory`, as a path relative to it; a usage error naming what
    /// was found otherwise.
    static func onlyProject(in directory: URL) throws -> String {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let projects = entries.filter { $0.hasSuffix(".xcodeproj") }.sorted()
        guard projects.count == 1 else {
            throw ValidationError(
                projects.isEmpty
                    ? "No .xcodeproj in \(directory.path): pass the app as a path (App.xcodeproj or its Info.plist), --project App.xcodeproj, or --plist FILE (an Info.plist, a built .app folder, or - for standard input)."
                    : "\(projects.count) projects in \(directory.path) (\(projects.joined(separator: ", "))): pass the one to check, e.g. wakeful doctor \(projects[0])."
            )
        }
        return projects[0]
    }

    /// The request the options describe.
    var request: DoctorRequest {
        DoctorRequest(
            plist: plist, project: project, target: target, configuration: configuration, sources: sources,
            config: config, setup: setup,
            bundleIdentifier: bundleID, strict: strict, format: format, explain: explain, baseline: baseline,
            writeBaseline: writeBaseline)
    }

    func run() throws {
        let outcome = request.run()
        if outcome.isError, format == .text {
            FileHandle.standardError.write(Data((outcome.output + "\n").utf8))
        } else if !outcome.output.isEmpty {
            print(outcome.output)
        }
        if outcome.status != 0 { throw ExitCode(outcome.status) }
    }
}

extension DoctorRequest.Format: ExpressibleByArgument {}
