import Foundation

/// The Info.plist an Xcode target's app gets, made from the project as Xcode makes it: the
/// `INFOPLIST_FILE` (if any) merged with the content generated from `INFOPLIST_KEY_…` build
/// settings (if `GENERATE_INFOPLIST_FILE = YES`), then build settings expanded in every value.
///
/// Merge rules, from swift-build's `InfoPlistProcessorTaskAction.swift` (`addAdditionalContent`,
/// called with the generated content after the input file is read): for a key in both, two scalars
/// → the build setting's value replaces the file's; two arrays → the setting's items are appended
/// when not already present; two dictionaries → shallow merge, the setting's entries replacing the
/// file's; different types → the build fails. Generated content and expansion both happen only when
/// `INFOPLIST_EXPAND_BUILD_SETTINGS` is not NO (`if expandBuildSettings { … }`). `$(CFBundleIdentifier)`
/// in a value means the Info.plist's own `CFBundleIdentifier`, as in swift-build.
public struct ProjectInfoPlist: Sendable {
    /// The merged, expanded Info.plist. Its `file` is the `INFOPLIST_FILE` (or `project.pbxproj`
    /// when everything is generated); each key's location is where its winning value is written.
    public var plist: InfoPlist
    /// The `.xcodeproj` folder, as the user named it.
    public var projectPath: String
    /// The target read.
    public var target: XcodeTarget
    /// The configuration read.
    public var configuration: String
    /// The target's resolved build settings.
    public var settings: BuildSettings
    /// `PRODUCT_BUNDLE_IDENTIFIER`, expanded; nil when unset or empty.
    public var bundleIdentifier: String?
    /// The `INFOPLIST_FILE` read, as messages name it; nil when none.
    public var infoPlistFile: String?
    /// Folders and files (absolute) that only other products compile: test bundles, extensions,
    /// other apps. Their code is not the app's, so doctor leaves them out of the project's folder.
    public var otherProductsCode: [URL]
    /// Whether content was generated from `INFOPLIST_KEY_…` settings.
    public var isGenerated: Bool
    /// Keys the file and the build settings both give, with different (expanded) values.
    public var conflicts: [InfoPlistConflict]
    /// Strings that refer to build settings with no value, left as written.
    public var unexpanded: [UnexpandedValue]
    /// `INFOPLIST_KEY_…` settings that put nothing in the Info.plist.
    public var ignoredSettings: [IgnoredInfoPlistSetting]

    /// Opens a project and makes the Info.plist of one of its targets.
    ///
    /// - Parameters:
    ///   - project: The `.xcodeproj` folder as the user named it.
    ///   - target: The target; nil for the project's only application target.
    ///   - configuration: The configuration; nil for `Release` (what an archive builds), else the
    ///     target's default.
    /// - Throws: ``DoctorInputError`` naming the file (and line) for a missing or malformed project,
    ///   `.xcconfig` or Info.plist, an ambiguous or unknown target or configuration, or a target
    ///   with no Info.plist at all.
    public static func load(project: String, target: String? = nil, configuration: String? = nil)
        throws(DoctorInputError) -> ProjectInfoPlist
    {
        let xcodeProject = try XcodeProject.open(project)
        let chosenTarget = try xcodeProject.target(named: target)
        let chosenConfiguration = try xcodeProject.configuration(named: configuration, of: chosenTarget)
        let settings = try xcodeProject.buildSettings(for: chosenTarget, configuration: chosenConfiguration)
        return try ProjectInfoPlist(
            project: xcodeProject, target: chosenTarget, configuration: chosenConfiguration.name, settings: settings)
    }

    /// Makes the Info.plist of a target from settings already resolved.
    public init(project: XcodeProject, target: XcodeTarget, configuration: String, settings: BuildSettings)
        throws(DoctorInputError)
    {
        let generate = settings.bool("GENERATE_INFOPLIST_FILE") ?? false
        let expand = settings.bool("INFOPLIST_EXPAND_BUILD_SETTINGS") ?? true
        var base: InfoPlist
        var infoPlistFile: String?
        if let relative = settings.value(of: "INFOPLIST_FILE"), !relative.isEmpty {
            let name = project.displayName(of: relative)
            do {
                base = try InfoPlist.load(path: project.url(of: relative).path, file: name)
            } catch {
                let setting =
                    settings.location(of: "INFOPLIST_FILE").map { " (INFOPLIST_FILE at \(Self.describe($0)))" } ?? ""
                throw DoctorInputError(file: error.file, line: error.line, message: error.message + setting)
            }
            infoPlistFile = name
        } else if generate {
            base = InfoPlist(file: project.pbxprojFile, format: .openStep, entries: [:])
        } else {
            throw DoctorInputError(
                file: project.path,
                message:
                    "target \(target.name) (\(configuration)) sets neither INFOPLIST_FILE nor GENERATE_INFOPLIST_FILE = YES; expected one of them, as Xcode builds no Info.plist otherwise"
            )
        }
        var merge = InfoPlistMerge(base: base)
        if generate && expand {
            merge.add(GeneratedInfoPlist(settings: settings, target: target, projectFile: project.pbxprojFile))
        }
        var unexpanded: [UnexpandedValue] = []
        var conflicts = merge.conflicts
        if expand {
            var scope = settings
            if case .string(let identifier) = merge.entries["CFBundleIdentifier"] {
                scope = settings.adding([BuildSettingAssignment(name: "CFBundleIdentifier", value: identifier)])
            }
            merge.expand(with: scope, into: &unexpanded)
            conflicts = conflicts.compactMap { $0.expanded(with: scope) }
        }
        self.plist = InfoPlist(file: base.file, format: base.format, entries: merge.entries, locations: merge.locations)
        self.projectPath = project.path
        self.target = target
        let mine = Set(target.synchronizedGroups + target.sourceFiles)
        self.otherProductsCode = project.targets.filter { $0.id != target.id && $0.isSeparateProduct }
            .flatMap { $0.synchronizedGroups + $0.sourceFiles }
            .filter { !mine.contains($0) }
            .map { project.url(of: $0).standardizedFileURL }
        self.configuration = configuration
        self.settings = settings
        self.bundleIdentifier = settings.value(of: "PRODUCT_BUNDLE_IDENTIFIER").flatMap { $0.isEmpty ? nil : $0 }
        self.infoPlistFile = infoPlistFile
        self.isGenerated = generate && expand
        self.conflicts = conflicts
        self.unexpanded = unexpanded
        self.ignoredSettings = Self.ignored(settings, generate: generate, expand: expand)
    }

    /// Every assigned `INFOPLIST_KEY_…` setting the build does not use, sorted by name.
    private static func ignored(_ settings: BuildSettings, generate: Bool, expand: Bool) -> [IgnoredInfoPlistSetting] {
        settings.names.filter { $0.hasPrefix(InfoPlistKeySetting.prefix) }.compactMap { name in
            let location = settings.location(of: name) ?? settings.assignments[name]?.last?.location
            if !InfoPlistKeySetting.isKnownSetting(name) {
                return IgnoredInfoPlistSetting(name: name, location: location, reason: .unknownKey)
            }
            if !generate { return IgnoredInfoPlistSetting(name: name, location: location, reason: .notGenerated) }
            if !expand { return IgnoredInfoPlistSetting(name: name, location: location, reason: .expansionOff) }
            return nil
        }
    }

    /// `file:line` for a message.
    static func describe(_ location: Finding.Location) -> String {
        location.line.map { "\(location.file):\($0)" } ?? location.file
    }
}
