import Foundation

/// One thing `wakeful doctor` found in an Info.plist: what is wrong, where, what to change, and
/// the rules behind it.
public struct Finding: Sendable, Hashable, Codable {
    /// How much it matters for CI.
    public enum Severity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
        /// Something fails at run time or in review as the file stands: exit status 1.
        case error
        /// Likely a mistake or a review risk; exit status 1 only with `--strict`.
        case warning
        /// Information: App Review's view of a declared mode and a suggested reviewer note.
        case note

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// What kind of check produced it; stable, for scripts reading `--format json`.
    public enum Check: String, Sendable, Hashable, Codable, CaseIterable {
        /// A key holds the wrong type (`UIBackgroundModes` as a string …).
        case wrongType = "wrong-type"
        /// A `UIBackgroundModes` value iOS does not know.
        case unknownMode = "unknown-mode"
        /// A value with spaces around it, which iOS compares exactly.
        case whitespace
        /// A value listed twice.
        case duplicate
        /// A mode the configuration needs that the file does not declare.
        case modeNotDeclared = "mode-not-declared"
        /// A declared mode the configuration does not use.
        case modeUnused = "mode-unused"
        /// An obsolete mode.
        case deprecatedMode = "deprecated-mode"
        /// A task identifier the configuration submits that the file does not permit.
        case identifierNotPermitted = "identifier-not-permitted"
        /// A permitted identifier the configuration never submits.
        case identifierUnused = "identifier-unused"
        /// A permitted identifier that matches only through an unexpanded build setting.
        case identifierPattern = "identifier-pattern"
        /// `fetch` / `processing` and the permitted identifiers disagree.
        case taskModes = "task-modes"
        /// A purpose string the configuration or a declared mode needs is missing.
        case usageDescriptionMissing = "usage-description-missing"
        /// A purpose string is empty or only whitespace.
        case usageDescriptionEmpty = "usage-description-empty"
        /// A purpose string is still the placeholder `wakeful plist` wrote.
        case usageDescriptionPlaceholder = "usage-description-placeholder"
        /// App Review's view of a declared mode, with a suggested reviewer note.
        case reviewRisk = "review-risk"
        /// App Review's view of a technique the configuration uses.
        case techniqueReview = "technique-review"
        /// A declared mode no code in the app's sources uses.
        case modeUnusedInSource = "mode-unused-in-source"
        /// An API the sources call needs a mode the file does not declare.
        case modeUsedNotDeclared = "mode-used-not-declared"
        /// The sources register a launch handler for an identifier the file does not permit (BGT-9).
        case registeredNotPermitted = "registered-not-permitted"
        /// A permitted identifier no code registers a launch handler for.
        case permittedNotRegistered = "permitted-not-registered"
        /// The sources submit a request for an identifier no code registers.
        case submittedNotRegistered = "submitted-not-registered"
        /// A registration whose identifier the code builds in a way doctor cannot follow, so which
        /// identifiers have a handler is unknown and the "never registered" checks were not made.
        case registrationNotFollowed = "registration-not-followed"
        /// A legacy background-fetch handler with no minimum interval set, so it never runs (BGT-1).
        case legacyFetchNoInterval = "legacy-fetch-no-interval"
        /// A purpose string only under a key current iOS versions ignore.
        case usageDescriptionRetired = "usage-description-retired"
        /// A key written twice in one file (as a merge conflict leaves it); the last one wins.
        case duplicateKey = "duplicate-key"
        /// A value that is a build setting doctor could not expand (`$(VAR)`).
        case unexpandedSetting = "unexpanded-setting"
        /// A source file doctor could not read or tokenize: reported, never fatal.
        case sourceUnreadable = "source-unreadable"
        /// The Info.plist file and an `INFOPLIST_KEY_` build setting give one key different values.
        case settingConflict = "setting-conflict"
        /// An `INFOPLIST_KEY_` build setting that puts nothing in the app's Info.plist.
        case settingIgnored = "setting-ignored"
        /// A base `.xcconfig` the project names does not exist, so its settings were not read.
        case settingsFileMissing = "settings-file-missing"
        /// `NSLocationDefaultAccuracyReduced` on while the code monitors regions or ranges beacons,
        /// which reduced accuracy stops (AUTH-6).
        case reducedAccuracyLosses = "reduced-accuracy-losses"
    }

    /// Where a finding points: the line of the key in the plist, of the build setting in the
    /// project, or of the call in the source, for `--format xcode` and SARIF.
    public struct Location: Sendable, Hashable, Codable {
        /// The file, as the user named it or relative to the folder given.
        public var file: String
        /// The line, from 1; nil when only the file is known.
        public var line: Int?
        /// The column, from 1; nil when not known.
        public var column: Int?

        /// Creates a location.
        public init(file: String, line: Int? = nil, column: Int? = nil) {
            self.file = file
            self.line = line
            self.column = column
        }
    }

    /// How much it matters.
    public var severity: Severity
    /// The check.
    public var check: Check
    /// The Info.plist key it is about.
    public var key: String
    /// The value concerned (a mode, an identifier), if any.
    public var value: String?
    /// What is wrong and what to change in the file.
    public var message: String
    /// Policy rule IDs behind it.
    public var rules: [String]
    /// The App Store Review Guideline, for review findings.
    public var guideline: String?
    /// A suggested note for App Review, for review findings.
    public var reviewerNote: String?
    /// Where it is; nil when the finding is about something missing from the file as a whole.
    public var location: Location?
    /// Other places the same finding applies to (every call site of an API, every repeat of a value).
    public var related: [Location]

    /// Creates a finding.
    public init(
        _ severity: Severity, _ check: Check, key: String, value: String? = nil, message: String, rules: [String] = [],
        guideline: String? = nil, reviewerNote: String? = nil, location: Location? = nil, related: [Location] = []
    ) {
        self.severity = severity
        self.check = check
        self.key = key
        self.value = value
        self.message = message
        self.rules = rules
        self.guideline = guideline
        self.reviewerNote = reviewerNote
        self.location = location
        self.related = related
    }
}
