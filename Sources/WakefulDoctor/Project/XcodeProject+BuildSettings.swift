import Foundation

extension XcodeProject {
    /// The platform doctor resolves settings for: `[sdk=…]` conditions are tested against it.
    public static let sdk = "iphoneos"
    /// The architecture doctor resolves settings for: `[arch=…]` conditions are tested against it.
    public static let architecture = "arm64"

    /// A target's build settings in one configuration, resolved as Xcode does, lowest precedence
    /// first: doctor's defaults, the project's `.xcconfig`, the project's settings, the target's
    /// `.xcconfig`, the target's settings. Conditions are tested for `sdk=iphoneos`, `arch=arm64`
    /// and `config=<configuration>`.
    ///
    /// - Throws: ``DoctorInputError`` when a base `.xcconfig` (or one it includes) is missing or malformed.
    public func buildSettings(for target: XcodeTarget, configuration: XcodeBuildConfiguration) throws(DoctorInputError)
        -> BuildSettings
    {
        let projectConfiguration = configurationList[configuration.name]
        var missing: [Finding.Location] = []
        let levels: [[BuildSettingAssignment]] = [
            defaults(for: target, configuration: configuration.name),
            try xcconfig(projectConfiguration?.baseConfiguration, missing: &missing),
            projectConfiguration?.settings ?? [],
            try xcconfig(configuration.baseConfiguration, missing: &missing),
            configuration.settings,
        ]
        return BuildSettings(
            levels: levels, parameters: ["sdk": Self.sdk, "arch": Self.architecture, "config": configuration.name],
            missingFiles: missing)
    }

    /// A base configuration's settings; a file that does not exist is noted, not fatal: projects
    /// on CocoaPods name `Pods/Target Support Files/…xcconfig`, which exists only after `pod install`,
    /// and the rest of the project can still be checked.
    private func xcconfig(_ relative: String?, missing: inout [Finding.Location]) throws(DoctorInputError)
        -> [BuildSettingAssignment]
    {
        guard let relative else { return [] }
        let file = displayName(of: relative)
        switch InputPathKind(path: url(of: relative).path) {
        case .missing, .danglingLink:
            missing.append(Finding.Location(file: file))
            return []
        default:
            return try XCConfigFile.load(url(of: relative), file: file)
        }
    }

    /// The settings Xcode always defines that Info.plist files commonly use. Everything else Xcode
    /// defines (build folders, SDK versions …) is unknown to doctor and reported as unexpanded.
    private func defaults(for target: XcodeTarget, configuration: String) -> [BuildSettingAssignment] {
        var values: [(String, String)] = [
            ("TARGET_NAME", target.name),
            ("TARGETNAME", "$(TARGET_NAME)"),
            ("PRODUCT_NAME", "$(TARGET_NAME)"),
            ("EXECUTABLE_NAME", "$(EXECUTABLE_PREFIX)$(PRODUCT_NAME)$(EXECUTABLE_SUFFIX)"),
            ("EXECUTABLE_PREFIX", ""),
            ("EXECUTABLE_SUFFIX", ""),
            ("PRODUCT_MODULE_NAME", "$(PRODUCT_NAME:c99extidentifier)"),
            ("PROJECT_NAME", name),
            ("PROJECT_DIR", sourceRoot.path),
            ("SRCROOT", sourceRoot.path),
            ("SOURCE_ROOT", sourceRoot.path),
            ("PROJECT_FILE_PATH", URL(fileURLWithPath: path).standardizedFileURL.path),
            ("CONFIGURATION", configuration),
            ("INFOPLIST_EXPAND_BUILD_SETTINGS", "YES"),
            ("SDKROOT", Self.sdk),
            ("PLATFORM_NAME", Self.sdk),
            ("EFFECTIVE_PLATFORM_NAME", "-\(Self.sdk)"),
            ("CURRENT_ARCH", Self.architecture),
            ("DEVELOPMENT_LANGUAGE", developmentRegion ?? "en"),
        ]
        if let packageType = target.bundlePackageType { values.append(("PRODUCT_BUNDLE_PACKAGE_TYPE", packageType)) }
        return values.map { BuildSettingAssignment(name: $0.0, value: $0.1) }
    }
}
