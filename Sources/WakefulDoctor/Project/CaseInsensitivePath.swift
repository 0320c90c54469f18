import Foundation

/// Finds a file the way macOS's default (case-insensitive) file system does, so that a project
/// written on a Mac, whose `INFOPLIST_FILE` says `MyApp/Info.plist` while the folder is `myapp`,
/// reads the same on Linux.
enum CaseInsensitivePath {
    /// `url` itself when it exists; otherwise the path whose components match its components
    /// ignoring case, each the only such entry of its folder; `url` when there is none.
    static func resolve(_ url: URL) -> URL {
        let manager = FileManager.default
        guard !manager.fileExists(atPath: url.path) else { return url }
        var resolved = URL(fileURLWithPath: "/")
        for component in url.standardizedFileURL.pathComponents.dropFirst() {
            let exact = resolved.appendingPathComponent(component)
            if manager.fileExists(atPath: exact.path) {
                resolved = exact
                continue
            }
            let entries = (try? manager.contentsOfDirectory(atPath: resolved.path)) ?? []
            let matches = entries.filter { $0.compare(component, options: .caseInsensitive) == .orderedSame }
            // Two entries that differ only in case cannot exist on the Mac the project came from.
            guard matches.count == 1 else { return url }
            resolved = resolved.appendingPathComponent(matches[0])
        }
        return resolved
    }
}
