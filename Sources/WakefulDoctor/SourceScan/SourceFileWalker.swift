import Foundation

/// Lists the source files under a directory in a deterministic order.
///
/// Entries are visited sorted by name. Hidden entries (`.git`, `.build` …), `DerivedData`,
/// `*.xcodeproj` and `*.xcworkspace` are skipped: they hold build products and project metadata,
/// not the app's code. `Pods` and other vendored code are read, since it is linked into the app
/// and its background APIs are the app's. Symbolic links are followed, but a directory or file
/// already visited (by its resolved path) is not visited again, so link loops end.
struct SourceFileWalker {
    /// A source file found: where it is, its path below the directory, and its language.
    struct Entry {
        var url: URL
        var relativePath: String
        var language: SourceLanguage
    }

    private static let skippedDirectoryNames: Set<String> = ["DerivedData"]
    private static let skippedDirectoryExtensions: Set<String> = ["xcodeproj", "xcworkspace"]

    private var visited: Set<String> = []
    private(set) var entries: [Entry] = []
    /// Directories that could not be listed, by path below the root ("" for the root).
    private(set) var unreadable: [(relativePath: String, message: String)] = []

    /// The source files under `directory`.
    static func walk(_ directory: URL) -> SourceFileWalker {
        var walker = SourceFileWalker()
        walker.visit(directory, relativePath: "")
        return walker
    }

    private mutating func visit(_ directory: URL, relativePath: String) {
        guard visited.insert(directory.resolvingSymlinksInPath().path).inserted else { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        } catch {
            unreadable.append((relativePath, "could not be listed: \(error.localizedDescription)"))
            return
        }
        for name in names where !name.hasPrefix(".") {
            let url = directory.appendingPathComponent(name)
            let path = relativePath.isEmpty ? name : "\(relativePath)/\(name)"
            var isDirectory: ObjCBool = false
            // `fileExists` follows a symbolic link to what it points at; a dangling link is skipped.
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                guard !Self.skippedDirectoryNames.contains(name),
                    !Self.skippedDirectoryExtensions.contains(url.pathExtension.lowercased())
                else { continue }
                visit(url, relativePath: path)
            } else if let language = SourceLanguage(pathExtension: url.pathExtension),
                visited.insert(url.resolvingSymlinksInPath().path).inserted
            {
                entries.append(Entry(url: url, relativePath: path, language: language))
            }
        }
    }
}
