import Foundation

/// An `INFOPLIST_KEY_…` build setting that puts nothing in the app's Info.plist.
public struct IgnoredInfoPlistSetting: Sendable, Hashable {
    /// Why the build does not use it.
    public enum Reason: String, Sendable, Hashable {
        /// Xcode generates no such key (`INFOPLIST_KEY_UIBackgroundModes`): only the keys in
        /// swift-build's `defaultInfoPlistContent` are generated.
        case unknownKey = "unknown-key"
        /// `GENERATE_INFOPLIST_FILE` is not YES for the target.
        case notGenerated = "not-generated"
        /// `INFOPLIST_EXPAND_BUILD_SETTINGS = NO`, which also turns generated content off.
        case expansionOff = "expansion-off"
    }

    /// The setting's name.
    public var name: String
    /// Where it is written.
    public var location: Finding.Location?
    /// Why it is ignored.
    public var reason: Reason

    /// Creates a record.
    public init(name: String, location: Finding.Location?, reason: Reason) {
        self.name = name
        self.location = location
        self.reason = reason
    }
}
