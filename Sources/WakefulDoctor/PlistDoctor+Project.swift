import Foundation

extension PlistDoctor {
    /// Keys doctor checks: a build setting left unexpanded in one of them hides what it says.
    private static func isChecked(_ key: String) -> Bool {
        key == identifiersKey || key == "CFBundleIdentifier"
            || (key.hasPrefix("NS") && key.hasSuffix("UsageDescription"))
    }

    /// What the Xcode project adds: the file and a build setting disagreeing, `INFOPLIST_KEY_`
    /// settings the build ignores, and build settings left unexpanded in the keys doctor checks.
    static func projectFindings(_ project: ProjectInfoPlist) -> [Finding] {
        var findings: [Finding] = []
        for conflict in project.conflicts {
            let setting = "INFOPLIST_KEY_\(conflict.key)"
            let file = describe(conflict.fileValue), built = describe(conflict.settingValue)
            switch conflict.outcome {
            case .buildSettingWins:
                findings.append(
                    Finding(
                        .warning, .settingConflict, key: conflict.key,
                        message:
                            "is \(file) in the Info.plist file (\(place(conflict.fileLocation))) and \(built) in the build setting \(setting) (\(place(conflict.settingLocation))); Xcode's build uses the build setting, so the file's value never reaches the app. Keep the value in one place.",
                        location: conflict.settingLocation, related: [conflict.fileLocation]))
            case .combined:
                findings.append(
                    Finding(
                        .note, .settingConflict, key: conflict.key,
                        message:
                            "is given both in the Info.plist file (\(place(conflict.fileLocation))) and by \(setting) (\(place(conflict.settingLocation))); Xcode's build combines them, and doctor checked the combination.",
                        location: conflict.settingLocation, related: [conflict.fileLocation]))
            case .typeMismatch:
                findings.append(
                    Finding(
                        .error, .settingConflict, key: conflict.key,
                        message:
                            "is \(conflict.fileValue.typeDescription) in the Info.plist file (\(place(conflict.fileLocation))) but \(conflict.settingValue.typeDescription) in \(setting) (\(place(conflict.settingLocation))): Xcode stops the build when it cannot merge the two. Keep one.",
                        location: conflict.settingLocation, related: [conflict.fileLocation]))
            }
        }
        for ignored in project.ignoredSettings {
            let why =
                switch ignored.reason {
                case .unknownKey:
                    "Xcode generates only the Info.plist keys it has a build setting for, and this is not one of them, so the value never reaches the app. Write the key in the Info.plist file instead"
                case .notGenerated:
                    "GENERATE_INFOPLIST_FILE is not YES for \(project.target.name), so Xcode ignores every INFOPLIST_KEY_ setting and the value never reaches the app. Write the key in the Info.plist file, or set GENERATE_INFOPLIST_FILE = YES"
                case .expansionOff:
                    "INFOPLIST_EXPAND_BUILD_SETTINGS = NO turns generated content off too, so the value never reaches the app. Write the key in the Info.plist file"
                }
            // The file may already hold what the setting says (a project mid-migration): then
            // nothing is lost, and --strict should not fail on it.
            let key = String(ignored.name.dropFirst("INFOPLIST_KEY_".count))
            if let value = project.settings.value(of: ignored.name), let held = project.plist[key],
                Self.holds(held, value)
            {
                findings.append(
                    Finding(
                        .note, .settingIgnored, key: ignored.name,
                        message:
                            "puts nothing in the app's Info.plist, but the Info.plist file already gives \(key) the same value, so nothing is lost; remove the setting so that nobody edits it expecting an effect.",
                        location: ignored.location))
                continue
            }
            findings.append(
                Finding(
                    .warning, .settingIgnored, key: ignored.name,
                    message: "puts nothing in the app's Info.plist: \(why).", location: ignored.location))
        }
        for file in project.settings.missingFiles {
            let pods =
                file.file.contains("Pods/")
                ? " (CocoaPods writes it at pod install: run pod install first, or accept that its settings are not checked)"
                : ""
            findings.append(
                Finding(
                    .warning, .settingsFileMissing, key: file.file,
                    message:
                        "is a base configuration of \(project.target.name) (\(project.configuration)) that does not exist\(pods), so the build settings it holds were not read: a purpose string or identifier set there would be reported as missing. Pass the project after the file exists.",
                    location: file))
        }
        // The modes list reports its own unexpanded values (`declaredModes`).
        for value in project.unexpanded where value.key != modesKey && isChecked(value.key) {
            // Xcode expands a setting nobody defines to nothing; doctor cannot tell such a setting
            // from one Xcode defines itself (DEVELOPMENT_TEAM …), so it says both and does not warn.
            let empty = IdentifierPattern(value.value).emptied
            let path = value.path == value.key ? "" : "\(value.path) "
            findings.append(
                Finding(
                    .note, .unexpandedSetting, key: value.key, value: value.value,
                    message:
                        "\(path)refers to \(list(value.names.map { "$(\($0))" })), which no build setting of \(project.target.name) (\(project.configuration)) that doctor read defines. Xcode expands a setting nobody defines to nothing, giving \"\(empty)\"; if Xcode defines it itself, the value depends on the build. Check the built app's Info.plist, or pass --bundle-id.",
                    location: value.location))
        }
        return findings
    }

    /// A value as a message quotes it.
    private static func describe(_ value: PlistValue) -> String {
        if let text = value.string { return "\"\(text)\"" }
        return value.typeDescription
    }

    /// `project.pbxproj:42`.
    private static func place(_ location: Finding.Location) -> String {
        location.line.map { "\(location.file):\($0)" } ?? location.file
    }

    /// Whether an Info.plist value is what a build setting's text says: the same string, or an
    /// array of its space-separated words (how list settings are written).
    static func holds(_ value: PlistValue, _ setting: String) -> Bool {
        switch value {
        case .string(let text): text == setting
        case .array(let items):
            items == setting.split(whereSeparator: \.isWhitespace).map { PlistValue.string(String($0)) }
        default: false
        }
    }
}
