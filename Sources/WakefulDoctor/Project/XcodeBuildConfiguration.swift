import Foundation

/// One `XCBuildConfiguration`: a name, the settings written in `project.pbxproj`, and the
/// `.xcconfig` it is based on.
public struct XcodeBuildConfiguration: Sendable, Hashable {
    /// `Debug`, `Release` …
    public var name: String
    /// The `buildSettings` dictionary in the order it takes effect (sorted by key, as swift-build
    /// pushes a dictionary's settings), each with its line in `project.pbxproj`.
    public var settings: [BuildSettingAssignment]
    /// The base `.xcconfig`, relative to the project's folder (or absolute); nil when there is none.
    public var baseConfiguration: String?

    /// Creates a configuration.
    public init(name: String, settings: [BuildSettingAssignment], baseConfiguration: String?) {
        self.name = name
        self.settings = settings
        self.baseConfiguration = baseConfiguration
    }

    /// Reads a configuration object. Array values (`OTHER_LDFLAGS = ( "-ObjC", "$(inherited)" );`)
    /// become the space-separated string list Xcode makes of them.
    init(_ object: OpenStepDictionary, baseConfiguration: String?, file: String) {
        var settings: [BuildSettingAssignment] = []
        let dictionary = object["buildSettings"]?.dictionary ?? OpenStepDictionary()
        for key in dictionary.keys.sorted() {
            let location = Finding.Location(file: file, line: dictionary.lines[key])
            let value: String
            switch dictionary[key] {
            case .string(let text): value = text
            case .array(let items, _):
                value = items.compactMap(\.string).map(Self.quotedListItem).joined(separator: " ")
            default: continue
            }
            if let assignment = BuildSettingAssignment(key: key, value: value, location: location) {
                settings.append(assignment)
            }
        }
        self.init(name: object.string("name") ?? "", settings: settings, baseConfiguration: baseConfiguration)
    }

    /// An item of a string list as Xcode writes it: quoted when it holds spaces.
    private static func quotedListItem(_ item: String) -> String {
        guard item.contains(" ") || item.contains("\t") || item.isEmpty else { return item }
        return "\"" + item.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}
