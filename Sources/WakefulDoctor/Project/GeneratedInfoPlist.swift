import Foundation

/// The Info.plist content Xcode generates from build settings when `GENERATE_INFOPLIST_FILE = YES`,
/// with the setting each key comes from.
///
/// Mirrors swift-build's `defaultInfoPlistContent` in
/// `Sources/SWBTaskExecution/TaskActions/InfoPlistProcessorTaskAction.swift`: a key is generated when
/// its setting is assigned anywhere (even to an empty value) or has a non-empty value; the
/// `CFBundle…` keys come from `PRODUCT_NAME`, `EXECUTABLE_NAME`, `CURRENT_PROJECT_VERSION`,
/// `DEVELOPMENT_LANGUAGE`, `PRODUCT_BUNDLE_IDENTIFIER`, `PRODUCT_BUNDLE_PACKAGE_TYPE` and
/// `MARKETING_VERSION`; iOS apps get `LSRequiresIPhoneOS`. Strings are kept as references to their
/// settings (`$(INFOPLIST_KEY_NSCameraUsageDescription)`) so the one expansion pass over the merged
/// Info.plist expands them, `$(inherited)` included, and reports unknown settings once.
struct GeneratedInfoPlist {
    /// The generated keys and values.
    private(set) var entries: [String: PlistValue] = [:]
    /// Where each key's setting is written; the project file when doctor supplied the value.
    private(set) var locations: [String: Finding.Location] = [:]

    init(settings: BuildSettings, target: XcodeTarget, projectFile: String) {
        let fallback = Finding.Location(file: projectFile)
        func location(_ name: String) -> Finding.Location {
            settings.location(of: name) ?? settings.assignments[name]?.last?.location ?? fallback
        }
        func isSet(_ name: String) -> Bool {
            settings.isAssigned(name) || !(settings.value(of: name) ?? "").isEmpty
        }
        for key in InfoPlistKeySetting.allKeys {
            let name = InfoPlistKeySetting.settingName(for: key)
            guard isSet(name), let kind = InfoPlistKeySetting.kind(of: key) else { continue }
            switch kind {
            case .string:
                entries[key] = .string("$(\(name))")
            case .boolean:
                entries[key] = .boolean(BuildSettings.boolValue(settings.expand("$(\(name))").value))
            case .stringList:
                let items = InfoPlistKeySetting.splitList(settings.expand("$(\(name))", keepingUnknown: true).value)
                entries[key] = .array(items.map(PlistValue.string))
            }
            locations[key] = location(name)
        }
        let bundleKeys = [
            ("CFBundleName", "PRODUCT_NAME"), ("CFBundleExecutable", "EXECUTABLE_NAME"),
            ("CFBundleVersion", "CURRENT_PROJECT_VERSION"),
            ("CFBundleDevelopmentRegion", "DEVELOPMENT_LANGUAGE"), ("CFBundleIdentifier", "PRODUCT_BUNDLE_IDENTIFIER"),
            ("CFBundlePackageType", "PRODUCT_BUNDLE_PACKAGE_TYPE"), ("CFBundleShortVersionString", "MARKETING_VERSION"),
        ]
        for (key, name) in bundleKeys where isSet(name) {
            entries[key] = .string("$(\(name))")
            locations[key] = location(name)
        }
        entries["CFBundleInfoDictionaryVersion"] = .string("6.0")
        locations["CFBundleInfoDictionaryVersion"] = fallback
        if target.isApplication {
            entries["LSRequiresIPhoneOS"] = .boolean(true)
            locations["LSRequiresIPhoneOS"] = Finding.Location(file: projectFile, line: target.line)
        }
        if settings.bool("INFOPLIST_KEY_UILaunchScreen_Generation") == true {
            entries["UILaunchScreen"] = .dictionary([:])
            locations["UILaunchScreen"] = location("INFOPLIST_KEY_UILaunchScreen_Generation")
        }
        if settings.bool("INFOPLIST_KEY_UIApplicationSceneManifest_Generation") == true {
            entries["UIApplicationSceneManifest"] = .dictionary([
                "UIApplicationSupportsMultipleScenes": .boolean(true), "UISceneConfigurations": .dictionary([:]),
            ])
            locations["UIApplicationSceneManifest"] = location("INFOPLIST_KEY_UIApplicationSceneManifest_Generation")
        }
    }
}
