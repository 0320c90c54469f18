import Foundation

/// A key both the Info.plist file and the build settings give, with different values.
public struct InfoPlistConflict: Sendable, Hashable {
    /// What the build made of the two, following swift-build's merge of generated content.
    public enum Outcome: String, Sendable, Hashable {
        /// Both are scalars (strings, booleans …): the build setting's value replaces the file's.
        case buildSettingWins = "build-setting-wins"
        /// Both are arrays (items added when not already there) or dictionaries (entries added,
        /// the setting's replacing the file's): the app gets both.
        case combined
        /// Different types: Xcode stops the build ("tried to merge … onto …"); doctor keeps the file's.
        case typeMismatch = "type-mismatch"
    }

    /// The Info.plist key.
    public var key: String
    /// The value in the Info.plist file, expanded.
    public var fileValue: PlistValue
    /// The value from the build settings, expanded.
    public var settingValue: PlistValue
    /// Where the key is in the Info.plist file.
    public var fileLocation: Finding.Location
    /// Where the build setting is (`INFOPLIST_KEY_…` in project.pbxproj or an .xcconfig).
    public var settingLocation: Finding.Location
    /// Which value the app ends up with.
    public var outcome: Outcome

    /// Creates a conflict.
    public init(
        key: String, fileValue: PlistValue, settingValue: PlistValue, fileLocation: Finding.Location,
        settingLocation: Finding.Location, outcome: Outcome
    ) {
        self.key = key
        self.fileValue = fileValue
        self.settingValue = settingValue
        self.fileLocation = fileLocation
        self.settingLocation = settingLocation
        self.outcome = outcome
    }
}
