import Foundation

/// What one doctor run reads: the Info.plist (from a file, a built app, standard input or an
/// Xcode project), the project when there is one, and what the app's sources use.
struct DoctorInput: Sendable {
    /// The Info.plist as the app gets it.
    var plist: InfoPlist
    /// The project it was built from; nil for `--plist`.
    var project: ProjectInfoPlist?
    /// What the sources use; nil when doctor read none.
    var code: SourceEvidence?
    /// Where a baseline is looked for: the Info.plist's or the project's folder.
    var folder: String

    /// Reads what the request names; `-` (or no --plist and no --project) reads `standardInput`.
    static func load(_ request: DoctorRequest, standardInput: FileHandle) throws(DoctorInputError) -> DoctorInput {
        var sources = request.sources
        var excluded: [URL] = []
        let plist: InfoPlist, project: ProjectInfoPlist?, folder: String
        if let path = request.project {
            let built = try ProjectInfoPlist.load(
                project: path, target: request.target, configuration: request.configuration)
            (plist, project) = (built.plist, built)
            folder = Self.folder(of: path)
            // With a project and no --sources, the folder that holds the project is the app's code,
            // less what only its tests, extensions and other apps compile.
            if sources.isEmpty {
                sources = [folder]
                excluded = built.otherProductsCode
            }
        } else {
            let path = request.plist ?? "-"
            (plist, project) = (try InfoPlist.load(path: path, standardInput: standardInput), nil)
            folder = path == "-" ? "." : Self.folder(of: path)
        }
        let code = sources.isEmpty ? nil : try scan(sources, excluding: excluded)
        return DoctorInput(plist: plist, project: project, code: code, folder: folder)
    }

    /// Scans the folders (or files) given, each file named by the path as given plus its path
    /// below, so `--sources MyApp` gives `MyApp/AppDelegate.swift`, a path Xcode and a terminal open.
    private static func scan(_ paths: [String], excluding excluded: [URL]) throws(DoctorInputError) -> SourceEvidence {
        // Each path as given, by the URL the scanner hands back, looked up once per path.
        var given: [URL: (name: String, isFolder: Bool)] = [:]
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw DoctorInputError(
                    file: path,
                    message:
                        "does not exist; expected --sources to name a folder (or file) of the app's Swift and Objective-C sources"
                )
            }
            given[URL(fileURLWithPath: path).standardizedFileURL] = (path, isDirectory.boolValue)
        }
        return SourceScanner.scan(directories: paths.map { URL(fileURLWithPath: $0) }, excluding: excluded) {
            directory, relative in
            guard let (name, isFolder) = given[directory.standardizedFileURL] else { return relative }
            // A file given on its own is shown as given; a folder's files below the folder's path.
            if !isFolder || relative.isEmpty { return name }
            return name == "." ? relative : InfoPlist.join(name, relative)
        }
    }

    /// The folder a path is in, as the user wrote it (`.` for a bare name).
    private static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }
}
