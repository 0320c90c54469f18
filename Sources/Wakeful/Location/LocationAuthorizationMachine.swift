import Foundation

/// How iOS answers an app's location authorization requests and the user's choices: the
/// prompts, Settings and the temporary grants of AUTH-1 to AUTH-7, as a pure state machine.
///
/// The simulator runs one per device; its decisions go to the timeline with their rules. Each
/// function returns an ``Outcome`` (a decision name, rules and fields); whether the permission
/// changed is for the caller to compare, and to report through `locationManagerDidChangeAuthorization`
/// (AUTH-5).
///
/// ```swift
/// var machine = LocationAuthorizationMachine(rules: .init(version: (17, 0)))
/// machine.request(.whenInUse, inForeground: true)   // authorizationPromptShown (AUTH-1)
/// machine.answer(.allowWhileUsing)                  // status whenInUse
/// machine.request(.always, inForeground: true)      // the one Always prompt (AUTH-2)
/// machine.answer(.changeToAlways)                   // status always
/// machine.request(.always, inForeground: true)      // ignored: once only (AUTH-2)
/// ```
public struct LocationAuthorizationMachine: Sendable, Hashable {
    /// Which of the version-dependent rules hold.
    public struct Rules: Sendable, Hashable {
        /// The first prompt of an Always request offers Always (before 13; AUTH-3).
        public var firstPromptOffersAlways: Bool
        /// Answering While Using to an Always request gives provisional Always (13+; AUTH-3).
        public var provisionalAlways: Bool
        /// An Always request from When-In-Use goes provisional instead of prompting (13.0–13.3; AUTH-3).
        public var provisionalFromWhenInUse: Bool
        /// Allow Once exists (13+; AUTH-4).
        public var allowOnce: Bool
        /// Precise Location and temporary full accuracy exist (14+; AUTH-6, AUTH-7).
        public var accuracyAuthorization: Bool

        /// The rules of an iOS version, given as major and minor.
        public init(version: (major: Int, minor: Int)) {
            let (major, minor) = version
            firstPromptOffersAlways = major < 13
            provisionalAlways = major >= 13
            provisionalFromWhenInUse = major == 13 && minor < 4
            allowOnce = major >= 13
            accuracyAuthorization = major >= 14
        }
    }

    /// A request the app makes.
    public enum Request: Sendable, Hashable {
        /// `requestWhenInUseAuthorization()`.
        case whenInUse
        /// `requestAlwaysAuthorization()`.
        case always
        /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)`.
        case temporaryFullAccuracy(purposeKey: String)
    }

    /// A prompt on screen, waiting for the user.
    public enum Prompt: String, Sendable, Hashable, CaseIterable {
        /// The first prompt, for When-In-Use (AUTH-1).
        case whenInUse
        /// The first prompt of an Always request (AUTH-1; it offers Always only before 13, AUTH-3).
        case always
        /// Keep Only While Using or Change to Always Allow (AUTH-2).
        case alwaysUpgrade
        /// The second prompt of a provisional Always, when an event needs Always (AUTH-3).
        case provisionalAlways
        /// The temporary full-accuracy prompt (AUTH-7).
        case temporaryFullAccuracy
    }

    /// What the user taps.
    public enum Answer: String, Sendable, Hashable, CaseIterable {
        /// Allow While Using App (first prompt).
        case allowWhileUsing
        /// Allow Always: the first prompt before 13, or Change to Always Allow.
        case allowAlways
        /// Allow Once (13+, first prompt).
        case allowOnce
        /// Don't Allow (first prompt): final (AUTH-1).
        case dontAllow
        /// Keep Only While Using (an Always prompt).
        case keepWhileUsing
        /// Allow full accuracy for now (AUTH-7).
        case allowFullAccuracy
        /// Keep reduced accuracy (AUTH-7).
        case keepReduced
    }

    /// What the user picks in Settings ▸ Privacy ▸ Location Services.
    public enum SettingsChoice: String, Sendable, Hashable, CaseIterable {
        /// Never.
        case never
        /// Ask Next Time Or When I Share: not determined, so the app may prompt again.
        case askNextTime
        /// While Using the App.
        case whenInUse
        /// Always.
        case always
    }

    /// A decision for the timeline.
    public struct Outcome: Sendable, Hashable {
        /// The decision's name, e.g. `authorizationPromptShown`.
        public var name: String
        /// The rules behind it.
        public var rules: [String]
        /// Details: the prompt, the answer, the new status, why.
        public var fields: [Field]

        init(_ name: String, _ rules: [String], _ fields: [Field] = []) {
            self.name = name
            self.rules = rules
            self.fields = fields
        }
    }

    /// The permission now.
    public private(set) var permission: LocationPermission
    /// The prompt on screen, if any.
    public private(set) var pending: Prompt?
    /// Whether `requestAlwaysAuthorization()` was honoured once; later calls do nothing (AUTH-2).
    public private(set) var alwaysRequested = false
    /// Whether the provisional Always's second prompt has been shown (AUTH-3).
    public private(set) var provisionalPromptShown = false
    /// The version's rules.
    public var rules: Rules

    /// Creates the machine with the permission the user gave before. iOS stores an answer and does
    /// not prompt again (AUTH-1): a status other than not determined is one.
    public init(permission: LocationPermission = LocationPermission(), rules: Rules) {
        self.permission = permission
        self.rules = rules
        if !rules.accuracyAuthorization { self.permission.accuracy = .full }  // AUTH-6: 14+
    }

    // MARK: Requests

    /// The app asks; a prompt shows only in the foreground, once (AUTH-1, AUTH-2, AUTH-7).
    ///
    /// - Parameters:
    ///   - purposeKeys: The keys of `NSLocationTemporaryUsageDescriptionDictionary` (AUTH-7).
    public mutating func request(_ request: Request, inForeground: Bool, purposeKeys: [String] = []) -> Outcome {
        switch request {
        case .whenInUse:
            guard inForeground else { return notShown(.whenInUse, "the app is not in the foreground", ["AUTH-1"]) }
            guard pending == nil else { return notShown(.whenInUse, "a prompt is already showing", ["AUTH-1"]) }
            guard permission.status == .notDetermined else {
                return Outcome(
                    "authorizationRequestIgnored", ["AUTH-1"],
                    [Field("request", "whenInUse"), Field("why", "the answer is stored")])
            }
            return show(.whenInUse, ["AUTH-1"])
        case .always:
            return requestAlways(inForeground: inForeground)
        case .temporaryFullAccuracy(let key):
            return requestTemporaryFullAccuracy(key, inForeground: inForeground, purposeKeys: purposeKeys)
        }
    }

    private mutating func requestAlways(inForeground: Bool) -> Outcome {
        func ignored(_ why: String, _ rules: [String]) -> Outcome {
            Outcome("authorizationRequestIgnored", rules, [Field("request", "always"), Field("why", .string(why))])
        }
        guard inForeground else { return notShown(.always, "the app is not in the foreground", ["AUTH-1"]) }
        guard pending == nil else { return notShown(.always, "a prompt is already showing", ["AUTH-1"]) }
        if permission.allowOnce { return ignored("Allow Once holds", ["AUTH-4"]) }
        if alwaysRequested { return ignored("requestAlwaysAuthorization() works once", ["AUTH-2"]) }
        switch permission.status {
        case .notDetermined:
            alwaysRequested = true
            return show(.always, ["AUTH-1", "AUTH-3"])
        case .whenInUse:
            alwaysRequested = true
            if rules.provisionalFromWhenInUse {
                // AUTH-3: on 13.0–13.3 the upgrade went provisional; the prompt waited for an event.
                permission.status = .always
                permission.provisional = true
                return Outcome(
                    "provisionalAlwaysGranted", ["AUTH-3"], [Field("status", "always"), Field("provisional", true)])
            }
            return show(.alwaysUpgrade, ["AUTH-2"])
        case .denied, .always:
            return ignored("the answer is stored", ["AUTH-1", "AUTH-2"])
        }
    }

    private mutating func requestTemporaryFullAccuracy(
        _ key: String, inForeground: Bool, purposeKeys: [String]
    ) -> Outcome {
        func notShown(_ why: String) -> Outcome {
            Outcome(
                "authorizationPromptNotShown", ["AUTH-7"],
                [
                    Field("prompt", "temporaryFullAccuracy"), Field("purposeKey", .string(key)),
                    Field("why", .string(why)),
                ])
        }
        guard rules.accuracyAuthorization else { return notShown("accuracy authorization exists from iOS 14") }
        guard permission.allowsLocation else { return notShown("location is not authorized") }
        guard permission.accuracy == .reduced else { return notShown("full accuracy is already granted") }
        guard inForeground else { return notShown("the app is not in the foreground") }
        guard purposeKeys.contains(key) else {
            return notShown("no such key in NSLocationTemporaryUsageDescriptionDictionary")
        }
        guard pending == nil else { return notShown("a prompt is already showing") }
        return show(.temporaryFullAccuracy, ["AUTH-7"], [Field("purposeKey", .string(key))])
    }

    // MARK: The user

    /// The user answers the prompt on screen; an answer the prompt does not offer changes nothing.
    public mutating func answer(_ answer: Answer) -> Outcome {
        guard let prompt = pending else {
            return Outcome(
                "authorizationAnswerIgnored", ["AUTH-1"],
                [Field("answer", .string(answer.rawValue)), Field("why", "no prompt is showing")])
        }
        let before = permission
        switch (prompt, answer) {
        case (.whenInUse, .allowOnce) where rules.allowOnce, (.always, .allowOnce) where rules.allowOnce:
            permission.status = .whenInUse
            permission.allowOnce = true  // AUTH-4
        case (.always, .allowWhileUsing) where rules.provisionalAlways:
            permission.status = .always
            permission.provisional = true  // AUTH-3
        case (.whenInUse, .allowWhileUsing), (.always, .allowWhileUsing):
            permission.status = .whenInUse
        case (.always, .allowAlways) where rules.firstPromptOffersAlways:
            permission.status = .always
        case (.whenInUse, .dontAllow), (.always, .dontAllow):
            permission.status = .denied
        case (.alwaysUpgrade, .allowAlways), (.provisionalAlways, .allowAlways):
            permission.status = .always
            permission.provisional = false
        case (.alwaysUpgrade, .keepWhileUsing), (.provisionalAlways, .keepWhileUsing):
            permission.status = .whenInUse  // AUTH-3: the provisional Always falls back
            permission.provisional = false
        case (.temporaryFullAccuracy, .allowFullAccuracy):
            permission.accuracy = .full
            permission.temporaryFullAccuracy = true
        case (.temporaryFullAccuracy, .keepReduced):
            break
        default:
            return Outcome(
                "authorizationAnswerIgnored", ruleIDs(of: prompt),
                [
                    Field("prompt", .string(prompt.rawValue)), Field("answer", .string(answer.rawValue)),
                    Field("why", "the prompt does not offer it on this version"),
                ])
        }
        pending = nil
        return Outcome(
            "authorizationPromptAnswered",
            ruleIDs(of: prompt) + (permission.allowOnce && !before.allowOnce ? ["AUTH-4"] : []),
            [Field("prompt", .string(prompt.rawValue)), Field("answer", .string(answer.rawValue))] + stateFields)
    }

    /// An event that needs Always comes while Always is provisional: the second prompt shows,
    /// once (AUTH-3). Nil when nothing happens.
    public mutating func eventNeedingAlways() -> Outcome? {
        guard permission.provisional, !provisionalPromptShown, pending == nil else { return nil }
        provisionalPromptShown = true
        return show(.provisionalAlways, ["AUTH-3"])
    }

    /// The app is no longer in use: Allow Once and a temporary full-accuracy grant end
    /// (AUTH-4, AUTH-7). Nil when neither held.
    public mutating func noLongerInUse() -> Outcome? {
        var ended: [String] = []
        var rules: [String] = []
        if permission.allowOnce {
            permission.allowOnce = false
            permission.status = .notDetermined  // AUTH-4: so the app may prompt again
            alwaysRequested = false
            ended.append("allowOnce")
            rules.append("AUTH-4")
        }
        if permission.temporaryFullAccuracy {
            permission.temporaryFullAccuracy = false
            permission.accuracy = .reduced
            ended.append("temporaryFullAccuracy")
            rules.append("AUTH-7")
        }
        guard !ended.isEmpty else { return nil }
        return Outcome(
            "temporaryAuthorizationExpired", rules,
            [Field("ended", .string(ended.joined(separator: ",")))] + stateFields)
    }

    /// The user changes the app's location access in Settings (AUTH-5).
    public mutating func settings(_ choice: SettingsChoice) -> Outcome {
        switch choice {
        case .never: permission.status = .denied
        case .askNextTime: permission.status = .notDetermined
        case .whenInUse: permission.status = .whenInUse
        case .always: permission.status = .always
        }
        permission.provisional = false
        permission.allowOnce = false
        pending = nil
        return Outcome(
            "authorizationChangedInSettings", ["AUTH-5"], [Field("choice", .string(choice.rawValue))] + stateFields)
    }

    /// The user turns Precise Location on or off in Settings; it takes effect at once (AUTH-5, AUTH-6).
    public mutating func setPreciseLocation(_ on: Bool) -> Outcome {
        guard rules.accuracyAuthorization else {
            return Outcome(
                "preciseLocationUnavailable", ["AUTH-6"], [Field("why", "Precise Location exists from iOS 14")])
        }
        permission.accuracy = on ? .full : .reduced
        permission.temporaryFullAccuracy = false
        if pending == .temporaryFullAccuracy { pending = nil }
        return Outcome("preciseLocationChanged", ["AUTH-5", "AUTH-6"], [Field("on", .bool(on))] + stateFields)
    }

    // MARK: Helpers

    private mutating func show(_ prompt: Prompt, _ rules: [String], _ fields: [Field] = []) -> Outcome {
        pending = prompt
        return Outcome("authorizationPromptShown", rules, [Field("prompt", .string(prompt.rawValue))] + fields)
    }

    private func notShown(_ prompt: Prompt, _ why: String, _ rules: [String]) -> Outcome {
        Outcome(
            "authorizationPromptNotShown", rules,
            [Field("prompt", .string(prompt.rawValue)), Field("why", .string(why))])
    }

    private func ruleIDs(of prompt: Prompt) -> [String] {
        switch prompt {
        case .whenInUse: ["AUTH-1"]
        case .always: ["AUTH-1", "AUTH-3"]
        case .alwaysUpgrade: ["AUTH-2"]
        case .provisionalAlways: ["AUTH-3"]
        case .temporaryFullAccuracy: ["AUTH-7"]
        }
    }

    private var stateFields: [Field] {
        [
            Field("status", .string(permission.status.rawValue)),
            Field("accuracy", .string(permission.accuracy.rawValue)),
        ]
            + (permission.provisional ? [Field("provisional", true)] : [])
            + (permission.allowOnce ? [Field("allowOnce", true)] : [])
    }
}
