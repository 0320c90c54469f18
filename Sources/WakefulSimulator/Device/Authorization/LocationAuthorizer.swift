import Foundation
import Wakeful

/// The app's location authorization as the system keeps it, outliving the app's process: the
/// user's choice and accuracy, the prompts on screen and what was asked before
/// (``LocationAuthorizationMachine``, AUTH-1 to AUTH-7), the permission the run started with and
/// the purpose keys the app declares for temporary full accuracy (AUTH-7).
///
/// It reads whether the app is in the foreground when the app asks, and returns the machine's
/// ``LocationAuthorizationMachine/Outcome``, which the device records as a decision before it
/// carries out what a changed permission means for the app (`SimulatedDevice+Authorization.swift`).
struct LocationAuthorizer {
    /// The prompts, Settings and temporary grants (AUTH-1 to AUTH-7).
    private var machine: LocationAuthorizationMachine
    /// The permission the run started with, as the machine settled it (accuracy is full before 14).
    let initialPermission: LocationPermission
    /// The keys of the app's `NSLocationTemporaryUsageDescriptionDictionary` (AUTH-7).
    private let purposeKeys: [String]

    /// The authorization the scenario's app starts with, under the rules of `version`.
    init(app: AppConfiguration, version: IOSVersion) {
        machine = LocationAuthorizationMachine(
            permission: LocationPermission(
                status: app.locationAuthorization, accuracy: app.preciseLocation ? .full : .reduced),
            rules: .init(version: (version.major, version.minor)))
        initialPermission = machine.permission
        purposeKeys = app.temporaryFullAccuracyPurposeKeys
    }

    /// What the user lets the app do with location now.
    var permission: LocationPermission { machine.permission }

    /// Whether the release has accuracy authorization, which a new location manager reports too
    /// (14+, AUTH-6).
    var reportsAccuracy: Bool { machine.rules.accuracyAuthorization }

    /// The app asks for authorization or temporary full accuracy (AUTH-1, AUTH-2, AUTH-7).
    mutating func request(
        _ request: LocationAuthorizationMachine.Request, inForeground: Bool
    ) -> LocationAuthorizationMachine.Outcome {
        machine.request(request, inForeground: inForeground, purposeKeys: purposeKeys)
    }

    /// The user answers a prompt or changes Settings; nil for an action that is neither.
    mutating func perform(_ action: UserAction.Kind) -> LocationAuthorizationMachine.Outcome? {
        switch action {
        case .grantWhenInUse: machine.answer(.allowWhileUsing)
        case .grantAlways: machine.answer(.allowAlways)
        case .allowOnce: machine.answer(.allowOnce)
        case .deny: machine.answer(.dontAllow)
        case .answerAlwaysPrompt(let changeToAlways): machine.answer(changeToAlways ? .allowAlways : .keepWhileUsing)
        case .answerTemporaryFullAccuracy(let allow): machine.answer(allow ? .allowFullAccuracy : .keepReduced)
        case .setAuthorization(let choice): machine.settings(choice)
        case .setPreciseLocation(let on): machine.setPreciseLocation(on)
        default: nil
        }
    }

    /// An event that needs Always was held back under a provisional Always: the second prompt,
    /// unless it was shown already (AUTH-3).
    mutating func eventNeedingAlways() -> LocationAuthorizationMachine.Outcome? {
        machine.eventNeedingAlways()
    }

    /// The app is no longer in use: Allow Once and a temporary full-accuracy grant end (AUTH-4, AUTH-7).
    mutating func noLongerInUse() -> LocationAuthorizationMachine.Outcome? {
        machine.noLongerInUse()
    }
}
