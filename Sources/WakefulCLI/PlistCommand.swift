import ArgumentParser
import Foundation
import WakefulDoctor

/// `wakeful plist`: the Info.plist entries a configuration needs, from the requirements doctor checks.
struct PlistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plist",
        abstract:
            "Print the Info.plist entries your Wakeful configuration needs: background modes, task identifiers, purpose strings.",
        discussion: """
            Reads the configuration as doctor --config does (a scenario file or built-in scenario name, a file with its "strategies" and "app" sections, or an "app" section alone) and prints the UIBackgroundModes, BGTaskSchedulerPermittedIdentifiers and purpose-string keys its strategies need, each with a comment naming the strategies and the rules behind it. Paste the entries inside the top-level <dict> of the app's Info.plist (in Xcode: right-click Info.plist, Open As, Source Code), then replace each purpose string's "TODO: say why the app needs …" with a sentence for the user: wakeful doctor reports any placeholder left in.

            The entries come from the same requirements wakeful doctor checks the file against, so a file made from them passes doctor's configuration checks.

            Exit status: 0, or 2 for a configuration that cannot be read (the message names the file, the field and the expected form).

            Examples:
              wakeful plist --config gas-station --setup TaskExtension
              wakeful plist --config wakeful.json
              wakeful plist --config wakeful.json --document > Wakeful-Info.plist
              /usr/libexec/PlistBuddy -c "Merge Wakeful-Info.plist" MyApp/Info.plist    (macOS)
            """
    )

    @Option(
        help: ArgumentHelp(
            "The app's Wakeful configuration: a scenario file or built-in name, its strategies and app sections, or its app section.",
            valueName: "file"))
    var config: String

    @Option(
        help: ArgumentHelp(
            "Which of the configuration's strategy setups the app runs, or strategy names joined by +. Needed when it lists several.",
            valueName: "name"))
    var setup: String?

    @Flag(help: "Print a whole Info.plist holding only these entries, instead of the entries to paste.")
    var document = false

    func run() throws {
        let requirements: AppRequirements
        do {
            requirements = try ConfigurationFile.resolve(config, setup: setup)
        } catch {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode(DoctorRequest.badInputStatus)
        }
        let fragment = InfoPlistFragment(requirements: requirements)
        print(document ? fragment.document : fragment.xml, terminator: document ? "" : "\n")
    }
}
