import Foundation

extension Finding.Check {
    /// What a check looks for, as SARIF's rule metadata shows it (GitHub code scanning puts the
    /// short description at the top of an alert and the help under "Show more").
    ///
    /// The switch is exhaustive on purpose: a new check does not compile until it is described.
    public var rule: (short: String, full: String, help: String, level: Finding.Severity) {
        switch self {
        case .wrongType:
            (
                "A key holds the wrong type",
                "An Info.plist key holds a value of a type iOS does not read for it, such as UIBackgroundModes as a string; iOS then ignores the key.",
                "Give the key the type iOS expects: UIBackgroundModes and BGTaskSchedulerPermittedIdentifiers are arrays of strings, purpose strings are strings.",
                .error
            )
        case .unknownMode:
            (
                "Unknown background mode",
                "A UIBackgroundModes value iOS does not know (a typo, or Xcode's display name instead of the value); iOS ignores it.",
                "Replace the value with the mode iOS knows (the message suggests one), or remove it.",
                .error
            )
        case .whitespace:
            (
                "Value with surrounding spaces",
                "A value with spaces around it; iOS compares values exactly, so it does not match.",
                "Remove the spaces around the value.",
                .error
            )
        case .duplicate:
            (
                "Value listed twice",
                "A value appears more than once in the same array.",
                "Remove the repeated value.",
                .warning
            )
        case .modeNotDeclared:
            (
                "Needed background mode not declared",
                "A background mode the app's strategies need is missing from UIBackgroundModes, so iOS does not give the app that background time.",
                "Add the mode to UIBackgroundModes (Xcode: Signing & Capabilities, Background Modes).",
                .error
            )
        case .modeUnused:
            (
                "Declared background mode unused",
                "A declared background mode nothing in the configuration uses; App Review rejects modes it cannot see in use (guideline 2.5.4).",
                "Remove the mode, or keep it for a feature of the app's own and describe that feature in the reviewer note.",
                .warning
            )
        case .deprecatedMode:
            (
                "Obsolete background mode",
                "A background mode iOS no longer honours.",
                "Remove the mode and move to its replacement.",
                .warning
            )
        case .identifierNotPermitted:
            (
                "Task identifier not permitted",
                "A BGTaskScheduler identifier the configuration submits is missing from BGTaskSchedulerPermittedIdentifiers, so submit fails with notPermitted (BGT-9).",
                "Add the identifier to BGTaskSchedulerPermittedIdentifiers.",
                .error
            )
        case .identifierUnused:
            (
                "Permitted task identifier unused",
                "A permitted identifier the configuration never submits; every permitted identifier needs a registered launch handler.",
                "Remove the identifier, or register and submit a task for it.",
                .warning
            )
        case .identifierPattern:
            (
                "Identifier matches only through a build setting",
                "A permitted identifier matches a submitted one only through an unexpanded build setting such as $(PRODUCT_BUNDLE_IDENTIFIER).",
                "Pass --bundle-id, or check the built app's Info.plist, to confirm the identifier expands as expected.",
                .note
            )
        case .taskModes:
            (
                "Task modes and permitted identifiers disagree",
                "fetch / processing and BGTaskSchedulerPermittedIdentifiers disagree: identifiers without either mode make every submit fail; processing without identifiers is refused by App Store Connect (ITMS-90771).",
                "Declare the mode the tasks need, or permit the identifiers the mode needs.",
                .error
            )
        case .usageDescriptionMissing:
            (
                "Purpose string missing",
                "A purpose string a declared mode or the configuration needs is missing, so the permission prompt never appears.",
                "Add the purpose string, saying why the app needs the permission.",
                .error
            )
        case .usageDescriptionEmpty:
            (
                "Purpose string empty",
                "A purpose string is empty or only whitespace, so the permission prompt explains nothing.",
                "Write why the app needs the permission.",
                .error
            )
        case .usageDescriptionPlaceholder:
            (
                "Purpose string is a placeholder",
                "A purpose string is still the placeholder wakeful plist wrote.",
                "Replace the placeholder with why the app needs the permission.",
                .warning
            )
        case .reviewRisk:
            (
                "App Review's view of a background mode",
                "How App Review treats a declared background mode, with the guideline and a suggested reviewer note.",
                "Fill in the suggested reviewer note and put it under App Review Information in App Store Connect; accept the finding in .wakeful-doctor.json with the reason once it is.",
                .note
            )
        case .techniqueReview:
            (
                "Technique App Review dislikes",
                "A technique the configuration uses that App Review may object to, such as task chaining (REVIEW-5).",
                "Prefer a technique App Review accepts, or be ready to justify it in the reviewer note.",
                .warning
            )
        case .modeUnusedInSource:
            (
                "Declared mode unused in the sources",
                "A declared background mode no code in the app's sources uses.",
                "Remove the mode, or point doctor at the sources that use it.",
                .warning
            )
        case .modeUsedNotDeclared:
            (
                "API used without its background mode",
                "An API the sources call needs a background mode the Info.plist does not declare.",
                "Declare the mode in UIBackgroundModes, or stop calling the API in the background.",
                .error
            )
        case .registeredNotPermitted:
            (
                "Registered identifier not permitted",
                "The sources register a launch handler for an identifier BGTaskSchedulerPermittedIdentifiers does not list (BGT-9).",
                "Add the identifier to BGTaskSchedulerPermittedIdentifiers.",
                .error
            )
        case .permittedNotRegistered:
            (
                "Permitted identifier never registered",
                "A permitted identifier no code registers a launch handler for.",
                "Register a launch handler for it before the app finishes launching, or remove it.",
                .warning
            )
        case .submittedNotRegistered:
            (
                "Submitted identifier never registered",
                "The sources submit a request for an identifier no code registers a launch handler for.",
                "Register a launch handler for the identifier.",
                .error
            )
        case .registrationNotFollowed:
            (
                "Registration doctor cannot follow",
                "A launch handler is registered for an identifier the code builds in a way doctor cannot follow, so whether each permitted or submitted identifier has a handler was not checked.",
                "Register with a string literal or a constant, or check on a device that every permitted identifier is registered.",
                .note
            )
        case .legacyFetchNoInterval:
            (
                "Legacy background fetch never runs",
                "A legacy background-fetch handler with no minimum interval set, so iOS never runs it (BGT-1).",
                "Set a minimum background fetch interval, or move to BGAppRefreshTask.",
                .warning
            )
        case .usageDescriptionRetired:
            (
                "Purpose string only under a retired key",
                "A purpose string appears only under a key current iOS versions ignore.",
                "Add the purpose string under the key current iOS reads.",
                .warning
            )
        case .duplicateKey:
            (
                "Key written twice",
                "A key written twice in one file, as a merge conflict leaves it; the last one wins.",
                "Keep one copy of the key, with the value the app needs.",
                .warning
            )
        case .unexpandedSetting:
            (
                "Unexpanded build setting",
                "A value is a build setting doctor could not expand ($(VAR)).",
                "Pass the setting's value, or check the built app's Info.plist.",
                .note
            )
        case .sourceUnreadable:
            (
                "Source file unreadable",
                "A source file doctor could not read or tokenize; its checks were skipped for that file.",
                "Check the file's encoding and permissions.",
                .note
            )
        case .settingConflict:
            (
                "Info.plist and build setting disagree",
                "The Info.plist file and an INFOPLIST_KEY_ build setting give one key different values; Xcode's build takes the build setting's.",
                "Keep the value in one place: delete the other.",
                .warning
            )
        case .settingsFileMissing:
            (
                "Build settings file missing",
                "A base .xcconfig the project names does not exist, so the build settings it holds were not read.",
                "Create the file (for CocoaPods, run pod install), then check again.",
                .warning
            )
        case .settingIgnored:
            (
                "Build setting Xcode ignores",
                "An INFOPLIST_KEY_ build setting that puts nothing in the app's Info.plist.",
                "Move the key into the Info.plist file, or turn GENERATE_INFOPLIST_FILE on.",
                .warning
            )
        case .reducedAccuracyLosses:
            (
                "Approximate location by default, with regions or beacons",
                "NSLocationDefaultAccuracyReduced asks for approximate location by default, and with reduced accuracy iOS monitors no region or beacon and ranges no beacon.",
                "Remove NSLocationDefaultAccuracyReduced, or ask for temporary full accuracy before relying on regions or beacons.",
                .warning
            )
        }
    }
}
