import ArgumentParser
import Foundation
import WakefulDoctor

/// `wakeful doctor`: check an Info.plist against the app's Wakeful configuration before App Review does.
struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check an app's Info.plist: background modes, task identifiers, purpose strings and App Review risks.",
        discussion: """
            Reads an Info.plist (XML or binary; layout, key order and comments do not matter) and reports what iOS or App Review will object to. With --config it compares the file with what your strategies need: modes declared but unused and used but not declared, BGTaskSchedulerPermittedIdentifiers against the identifiers submitted, and the purpose strings for the authorizations requested. Without --config it checks the file on its own. Every declared mode gets App Review's view, with the guideline and a reviewer note to fill in.

            --config takes a scenario file or built-in scenario name (as simulate --scenario does), a file with just its "strategies" and "app" sections, or an "app" section alone. Placeholders such as $(PRODUCT_BUNDLE_IDENTIFIER).refresh match as patterns unless --bundle-id (or a literal CFBundleIdentifier) expands them.

            Exit status: 0 clean, 1 errors found (or warnings with --strict), 2 input that cannot be checked (missing file, not a property list, a bad configuration).

            Examples:
              wakeful doctor --plist MyApp/Info.plist
              wakeful doctor --plist MyApp/Info.plist --config wakeful.json
              wakeful doctor --plist Info.plist --config gas-station --setup TaskExtension
              wakeful doctor --plist Info.plist --bundle-id com.example.app --strict
              wakeful doctor --plist MyApp.app/Info.plist --format json > doctor.json
            """
    )

    @Option(help: ArgumentHelp("The Info.plist to check (XML or binary).", valueName: "file"))
    var plist: String

    @Option(help: ArgumentHelp("The app's Wakeful configuration: a scenario file or built-in name, its strategies and app sections, or its app section.", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("Which of the configuration's strategy setups the app runs, or strategy names joined by +. Needed when it lists several.", valueName: "name"))
    var setup: String?

    @Option(name: .customLong("bundle-id"), help: ArgumentHelp("Substituted for $(PRODUCT_BUNDLE_IDENTIFIER) in permitted identifiers.", valueName: "id"))
    var bundleID: String?

    @Flag(help: "Warnings fail too (exit status 1).")
    var strict = false

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    /// The request the options describe.
    var request: DoctorRequest {
        DoctorRequest(
            plist: plist, config: config, setup: setup, bundleIdentifier: bundleID, strict: strict,
            format: format == .json ? .json : .text)
    }

    func run() throws {
        let outcome = request.run()
        if outcome.isError, format == .text {
            FileHandle.standardError.write(Data((outcome.output + "\n").utf8))
        } else {
            print(outcome.output)
        }
        if outcome.status != 0 { throw ExitCode(outcome.status) }
    }
}
