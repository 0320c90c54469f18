import Foundation
import Wakeful

/// The Info.plist entries an app's Wakeful configuration needs, as `wakeful plist` prints them:
/// `UIBackgroundModes`, `BGTaskSchedulerPermittedIdentifiers` and the purpose strings, each with a
/// comment naming the strategies that need it and the rules behind it.
///
/// Built from the same ``AppRequirements`` that ``PlistDoctor`` checks a file against, so a file
/// made from this fragment passes doctor's configuration checks and the two cannot drift. Purpose
/// strings are placeholders (``placeholderPrefix``) for the app's own sentence; doctor warns about
/// any left in.
public struct InfoPlistFragment: Sendable, Hashable {
    /// One purpose string: its key, the text to put there and who needs it.
    public struct PurposeString: Sendable, Hashable {
        /// The Info.plist key.
        public var key: String
        /// The placeholder text, to replace with the app's own sentence.
        public var placeholder: String
        /// The strategies (or declared modes) that need it.
        public var neededBy: [String]
        /// The rules behind the need.
        public var rules: [String]
    }

    /// One `UIBackgroundModes` value and the strategies that need it.
    public struct Mode: Sendable, Hashable {
        /// The mode.
        public var mode: BackgroundMode
        /// The strategies that need it.
        public var neededBy: [String]
    }

    /// One permitted task identifier and the strategies that submit it.
    public struct TaskIdentifier: Sendable, Hashable {
        /// The identifier, as the strategies submit it.
        public var identifier: String
        /// The strategies that submit it.
        public var neededBy: [String]
    }

    /// What every purpose-string placeholder starts with; doctor warns about a value that still does.
    public static let placeholderPrefix = "TODO: say why the app needs"

    /// Where the requirements came from (`gas-station.json, setup TaskExtension`).
    public var source: String
    /// `UIBackgroundModes`, in Info.plist order (sorted by name).
    public var modes: [Mode]
    /// `BGTaskSchedulerPermittedIdentifiers`, in the order the strategies submit them.
    public var taskIdentifiers: [TaskIdentifier]
    /// The purpose strings: those of the location authorization first, then those of the modes.
    public var purposeStrings: [PurposeString]

    /// The entries `requirements` needs.
    public init(requirements: AppRequirements) {
        let combined = requirements.combined
        source = requirements.source
        modes = combined.backgroundModes.map { Mode(mode: $0, neededBy: requirements.users(of: $0)) }
        taskIdentifiers = combined.taskIdentifiers.map {
            TaskIdentifier(identifier: $0, neededBy: requirements.users(ofIdentifier: $0))
        }
        purposeStrings = UsageDescription.required(for: combined).map { description in
            let users = requirements.users(of: description)
            let modeUsers = combined.backgroundModes.filter { $0.profile.usageDescriptions.contains(description) }
                .map { "the \($0.rawValue) mode" }
            return PurposeString(
                key: description.key, placeholder: "\(Self.placeholderPrefix) \(description.permission).",
                neededBy: users.isEmpty ? modeUsers : users, rules: description.rules)
        }
    }

    /// Whether the configuration needs nothing in Info.plist.
    public var isEmpty: Bool { modes.isEmpty && taskIdentifiers.isEmpty && purposeStrings.isEmpty }

    /// The entries as XML to paste inside the top-level `<dict>` of Info.plist (tab-indented, as
    /// Xcode writes it), with a comment before each key.
    public var xml: String {
        var lines = ["<!-- What Wakeful needs for \(escaped(source)); made by wakeful plist. -->"]
        if !modes.isEmpty {
            let why = modes.map {
                "\($0.mode.rawValue): \(PlistDoctor.list($0.neededBy))\(rules($0.mode.profile.rules))"
            }
            lines.append("<!-- " + escaped(why.joined(separator: "; ")) + ". -->")
            lines.append("<key>UIBackgroundModes</key>")
            lines.append("<array>")
            lines += modes.map { "\t<string>\($0.mode.rawValue)</string>" }
            lines.append("</array>")
        }
        if !taskIdentifiers.isEmpty {
            let users = PlistDoctor.list(Array(Set(taskIdentifiers.flatMap(\.neededBy))).sorted())
            lines.append(
                "<!-- Submitted by \(escaped(users)); submit(_:) throws notPermitted for any identifier missing here (BGT-9). -->"
            )
            lines.append("<key>BGTaskSchedulerPermittedIdentifiers</key>")
            lines.append("<array>")
            lines += taskIdentifiers.map { "\t<string>\(escaped($0.identifier))</string>" }
            lines.append("</array>")
        }
        for purpose in purposeStrings {
            lines.append("<!-- Needed by \(escaped(PlistDoctor.list(purpose.neededBy)))\(rules(purpose.rules)). -->")
            lines.append("<key>\(purpose.key)</key>")
            lines.append("<string>\(escaped(purpose.placeholder))</string>")
        }
        if lines.count == 1 { lines.append("<!-- Nothing: the configuration needs no Info.plist entries. -->") }
        return lines.map { "\t" + $0 }.joined(separator: "\n")
    }

    /// A whole Info.plist holding only these entries (for `PlistBuddy -c "Merge …"` or a new target).
    public var document: String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(xml)
        </dict>
        </plist>

        """
    }

    private func rules(_ ids: [String]) -> String { ids.isEmpty ? "" : " (\(ids.joined(separator: ", ")))" }

    /// Text escaped for XML; in a comment `--` is not allowed either.
    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "--", with: "- -")
    }
}
