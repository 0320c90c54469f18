import Foundation

/// The `INFOPLIST_KEY_<Key>` build settings Xcode turns into Info.plist keys when
/// `GENERATE_INFOPLIST_FILE = YES`, with the type each becomes.
///
/// Source: swift-build, `Sources/SWBTaskExecution/TaskActions/InfoPlistProcessorTaskAction.swift`
/// (`defaultInfoPlistContent`: `generatedInfoPlistKeys` + `usageDescriptionStringKeys`) and the
/// macro types in `Sources/SWBCore/Settings/BuiltinMacros.swift`. Only these keys are generated:
/// the setting is looked up among the declared macros, so `INFOPLIST_KEY_UIBackgroundModes` or
/// `INFOPLIST_KEY_BGTaskSchedulerPermittedIdentifiers` is silently ignored. Boolean macros become
/// `<true/>`/`<false/>` (YES/NO read by `String.boolValue`), string-list macros become arrays split
/// at spaces, string and enumeration macros stay strings — so a `YES` purpose string stays the
/// string "YES".
enum InfoPlistKeySetting {
    /// What an `INFOPLIST_KEY_` setting becomes in the Info.plist.
    enum Kind: Sendable, Hashable {
        case string, boolean, stringList
    }

    /// The settings' prefix.
    static let prefix = "INFOPLIST_KEY_"

    /// Info.plist keys with a boolean macro.
    static let booleanKeys: Set<String> = [
        "ITSAppUsesNonExemptEncryption", "LSBackgroundOnly", "LSUIElement", "NSViewGestureRecognizerIsExclusive",
        "LSSupportsOpeningDocumentsInPlace", "NSSupportsLiveActivities", "NSSupportsLiveActivitiesFrequentUpdates",
        "UIApplicationSupportsIndirectInputEvents", "UIRequiresFullScreen", "UIStatusBarHidden",
        "UISupportsDocumentBrowser",
        "WKApplication", "WKRunsIndependentlyOfCompanionApp", "WKWatchOnly", "MetalCaptureEnabled",
        "GCSupportsControllerUserInteraction", "GCSupportsGameMode",
    ]

    /// Info.plist keys with a string-list macro.
    static let stringListKeys: Set<String> = [
        "UIRequiredDeviceCapabilities", "UISupportedInterfaceOrientations", "UISupportedInterfaceOrientations~ipad",
        "UISupportedInterfaceOrientations~iphone", "WKSupportsLiveActivityLaunchAttributeTypes",
    ]

    /// Info.plist keys with a string (or enumeration) macro.
    static let stringKeys: Set<String> = [
        "CFBundleDisplayName", "LSApplicationCategoryType", "NSHumanReadableCopyright", "NSPrincipalClass",
        "ITSEncryptionExportComplianceCode", "NSMainNibFile", "NSMainStoryboardFile", "UILaunchStoryboardName",
        "UIMainStoryboardFile",
        "UIUserInterfaceStyle", "NSSensorKitPrivacyPolicyURL", "UIStatusBarStyle", "CLKComplicationPrincipalClass",
        "WKCompanionAppBundleIdentifier", "WKExtensionDelegateClassName", "NSStickerSharingLevel",
        // usageDescriptionStringKeys
        "NFCReaderUsageDescription", "NSAccessoryTrackingUsageDescription", "NSAppDataUsageDescription",
        "NSAppleEventsUsageDescription",
        "NSAppleMusicUsageDescription", "NSBluetoothAlwaysUsageDescription", "NSBluetoothPeripheralUsageDescription",
        "NSBluetoothWhileInUseUsageDescription", "NSCalendarsUsageDescription", "NSCalendarsFullAccessUsageDescription",
        "NSCalendarsWriteOnlyAccessUsageDescription", "NSCameraUsageDescription", "NSContactsUsageDescription",
        "NSCriticalMessagingUsageDescription", "NSDesktopFolderUsageDescription", "NSDocumentsFolderUsageDescription",
        "NSDownloadsFolderUsageDescription", "NSFaceIDUsageDescription", "NSFallDetectionUsageDescription",
        "NSFileProviderDomainUsageDescription", "NSFileProviderPresenceUsageDescription",
        "NSFinancialDataUsageDescription",
        "NSFocusStatusUsageDescription", "NSGKFriendListUsageDescription", "NSHandsTrackingUsageDescription",
        "NSHealthClinicalHealthRecordsShareUsageDescription", "NSHealthShareUsageDescription",
        "NSHealthUpdateUsageDescription",
        "NSHomeKitUsageDescription", "NSIdentityUsageDescription", "NSLocalNetworkUsageDescription",
        "NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationAlwaysUsageDescription",
        "NSLocationUsageDescription",
        "NSLocationWhenInUseUsageDescription", "NSMicrophoneUsageDescription", "NSMotionUsageDescription",
        "NSNearbyInteractionAllowOnceUsageDescription", "NSNearbyInteractionUsageDescription",
        "NSNetworkVolumesUsageDescription",
        "NSPhotoLibraryAddUsageDescription", "NSPhotoLibraryUsageDescription", "NSRemindersUsageDescription",
        "NSRemindersFullAccessUsageDescription", "NSRemovableVolumesUsageDescription", "NSSensorKitUsageDescription",
        "NSSiriUsageDescription", "NSSpeechRecognitionUsageDescription", "NSSystemAdministrationUsageDescription",
        "NSSystemExtensionUsageDescription", "NSUserTrackingUsageDescription",
        "NSVideoSubscriberAccountUsageDescription",
        "NSVoIPUsageDescription", "NSWorldSensingUsageDescription", "OSBundleUsageDescription",
    ]

    /// Settings that are not keys themselves but switch generated content on.
    static let generationSwitches: Set<String> = ["UILaunchScreen_Generation", "UIApplicationSceneManifest_Generation"]

    /// What the key's setting becomes, or nil when Xcode generates no such key.
    static func kind(of key: String) -> Kind? {
        if booleanKeys.contains(key) { return .boolean }
        if stringListKeys.contains(key) { return .stringList }
        if stringKeys.contains(key) { return .string }
        return nil
    }

    /// Every key Xcode generates, in a stable order.
    static var allKeys: [String] { (booleanKeys.union(stringListKeys).union(stringKeys)).sorted() }

    /// The setting for an Info.plist key: `~iphone` and `~ipad` are written `_iPhone` and `_iPad`
    /// (`macroNameForInfoPlistKey`).
    static func settingName(for key: String) -> String {
        prefix
            + key.replacingOccurrences(of: "~iphone", with: "_iPhone").replacingOccurrences(of: "~ipad", with: "_iPad")
    }

    /// Whether Xcode reads this `INFOPLIST_KEY_` setting at all.
    static func isKnownSetting(_ name: String) -> Bool {
        guard name.hasPrefix(prefix) else { return false }
        let key = String(name.dropFirst(prefix.count))
        if generationSwitches.contains(key) { return true }
        return allKeys.contains { settingName(for: $0) == name }
    }

    /// Splits a string-list value as Xcode does: at unquoted whitespace, with `"…"`, `'…'` and
    /// backslash escapes.
    static func splitList(_ text: String) -> [String] {
        var items: [String] = []
        var current = ""
        var hasItem = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
                hasItem = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                hasItem = true
            } else if character == " " || character == "\t" || character == "\n" {
                if hasItem || !current.isEmpty { items.append(current) }
                current = ""
                hasItem = false
            } else {
                current.append(character)
            }
        }
        if hasItem || !current.isEmpty { items.append(current) }
        return items
    }
}
