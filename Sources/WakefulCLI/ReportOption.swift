import ArgumentParser
import Foundation
import WakefulSimulator

/// `--report FILE.html`, shared by `simulate` and `compare`.
struct ReportOption: ParsableArguments {
    @Option(
        name: .customLong("report"),
        help: ArgumentHelp(
            "Also write an HTML report to this file: the table, then every run as swimlanes on one time axis per scenario (app state, wakes, tasks and budgets, the wanted work and its gap, the walk to the beacon, pushes, uploads, energy). One self-contained file: open it in any browser, offline.",
            valueName: "file.html"))
    var path: String?

    /// A report into a folder that does not exist is refused before anything runs.
    func validate() throws {
        guard let path else { return }
        try Self.checkFolder(of: path)
    }

    /// Refuses a report path whose folder does not exist.
    static func checkFolder(of path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError(
                "--report \(path): the folder \(folder) does not exist; create it or choose another path")
        }
    }

    /// Writes the page to the file, when one was given, or says why it could not.
    func write(_ html: @autoclosure () -> String) throws {
        guard let path else { return }
        try Self.write(html(), to: path)
    }

    /// Writes a page to a file, or says why it could not.
    static func write(_ html: String, to path: String) throws {
        do {
            try Data(html.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw ValidationError(
                "--report \(path): cannot write the file (\(error.localizedDescription)); check that its folder exists and is writable"
            )
        }
    }
}
