import Foundation

/// An app feature that asks for location access the way Apple advises: When-In-Use when the app
/// is first opened; Always on a later opening, once When-In-Use has shown its worth, because iOS
/// honours the Always request only once (AUTH-2); and temporary full accuracy, with a purpose key,
/// whenever the app is opened with Precise Location off (AUTH-7).
///
/// It reads the permission from ``Context/locationPermission`` and records every change it hears
/// (AUTH-5) as `locationPermission` with `status` and `accuracy`, so a timeline shows what the app
/// knew. Prompts show only in the foreground (AUTH-1), so it asks only on `didBecomeActive`.
///
/// ```swift
/// LocationPermissionRequest(options: .init(level: .always, temporaryFullAccuracyPurposeKey: "Trip"))
/// ```
public struct LocationPermissionRequest: Strategy {
    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// The authorization the app wants: `whenInUse` or `always`.
        public var level: LocationAuthorization
        /// The key of `NSLocationTemporaryUsageDescriptionDictionary` to ask for full accuracy
        /// with; nil never asks.
        public var temporaryFullAccuracyPurposeKey: String?

        /// Creates options.
        public init(level: LocationAuthorization = .always, temporaryFullAccuracyPurposeKey: String? = nil) {
            self.level = level
            self.temporaryFullAccuracyPurposeKey = temporaryFullAccuracyPurposeKey
        }
    }

    /// The record kind of a change it heard.
    public static let recordKind = "locationPermission"

    /// The configuration.
    public var options: Options
    /// Whether When-In-Use was granted while the app has been in front this time: Always waits for
    /// a later opening.
    private var grantedThisVisit = false
    /// The permission last recorded by this process: iOS reports status and accuracy in one
    /// callback, which the adapters deliver as two events (AUTH-5), so a change is recorded once.
    private var recorded: LocationPermission?

    /// Creates the feature.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "LocationPermissionRequest" }
    public var requirements: Requirements { Requirements(locationAuthorization: options.level) }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        let permission = context.locationPermission
        switch event {
        case .didBecomeActive:
            if permission.status == .notDetermined { return [.requestWhenInUseAuthorization] }
            var commands: [Command] = []
            if options.level == .always, permission.status == .whenInUse, !grantedThisVisit {
                // AUTH-2: once, so on a later opening. After Allow Once, which the app cannot
                // tell apart, iOS ignores the request (AUTH-4).
                commands.append(.requestAlwaysAuthorization)
            }
            if permission.accuracy == .reduced, let key = options.temporaryFullAccuracyPurposeKey {
                commands.append(.requestTemporaryFullAccuracy(purposeKey: key))  // AUTH-7
            }
            return commands
        case .didEnterBackground:
            grantedThisVisit = false
            return []
        case .authorizationChanged(let status):
            if status == .whenInUse, context.appState == .active { grantedThisVisit = true }
            return record(permission)
        case .accuracyAuthorizationChanged:
            return record(permission)
        default:
            return []
        }
    }

    /// The record of a permission this process has not recorded yet; nothing for the same one again.
    private mutating func record(_ permission: LocationPermission) -> [Command] {
        guard recorded?.status != permission.status || recorded?.accuracy != permission.accuracy else { return [] }
        recorded = permission
        return [
            .record(
                Record(
                    kind: Self.recordKind,
                    fields: [
                        Field("status", .string(permission.status.rawValue)),
                        Field("accuracy", .string(permission.accuracy.rawValue)),
                    ]))
        ]
    }
}
