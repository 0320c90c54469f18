import Foundation

/// Where an Info.plist's top-level keys and the items of its top-level arrays are written, so a
/// finding can be shown on its line (`Info.plist:12: warning: …`).
///
/// XML and OpenStep files have lines; binary ones do not (``InfoPlist/location(ofKey:item:)`` then names
/// only the file). Keys that came from build settings point at the setting's line in
/// `project.pbxproj` or the `.xcconfig`.
public struct InfoPlistLocations: Sendable, Hashable {
    /// Where each top-level key is; for a key written twice, the occurrence that counts (the last).
    public var keys: [String: Finding.Location]
    /// Where each item of each top-level array is, in order.
    public var items: [String: [Finding.Location]]
    /// Top-level keys written more than once (as a merge conflict leaves them), with every place;
    /// `PropertyListSerialization` silently keeps one value.
    public var duplicates: [String: [Finding.Location]]

    /// Creates locations.
    public init(
        keys: [String: Finding.Location] = [:], items: [String: [Finding.Location]] = [:],
        duplicates: [String: [Finding.Location]] = [:]
    ) {
        self.keys = keys
        self.items = items
        self.duplicates = duplicates
    }

    /// The locations in an OpenStep-form Info.plist, from the parsed top-level dictionary.
    init(openStep dictionary: OpenStepDictionary, file: String) {
        var keys: [String: Finding.Location] = [:]
        var items: [String: [Finding.Location]] = [:]
        for (key, line) in dictionary.lines {
            keys[key] = Finding.Location(file: file, line: line)
            if case .array(_, let lines) = dictionary.entries[key] {
                items[key] = lines.map { Finding.Location(file: file, line: $0) }
            }
        }
        let duplicates = dictionary.duplicates.mapValues { $0.map { Finding.Location(file: file, line: $0) } }
        self.init(keys: keys, items: items, duplicates: duplicates)
    }
}
