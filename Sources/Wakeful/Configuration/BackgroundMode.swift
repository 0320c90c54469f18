import Foundation

/// A value of `UIBackgroundModes` in Info.plist.
public enum BackgroundMode: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case audio
    case location
    case voip
    case fetch
    case remoteNotification = "remote-notification"
    case processing
    case bluetoothCentral = "bluetooth-central"
    case bluetoothPeripheral = "bluetooth-peripheral"
    case externalAccessory = "external-accessory"
    case newsstandContent = "newsstand-content"
    case nearbyInteraction = "nearby-interaction"
    case pushToTalk = "push-to-talk"

    public static func < (lhs: BackgroundMode, rhs: BackgroundMode) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a strategy needs from the app's configuration.
public struct Requirements: Sendable, Hashable, Codable {
    /// `UIBackgroundModes` values the strategy relies on.
    public var backgroundModes: [BackgroundMode]
    /// The weakest location authorization under which it works, or nil when it needs none.
    public var locationAuthorization: LocationAuthorization?
    /// `BGTaskSchedulerPermittedIdentifiers` the strategy submits requests under (BGT-9). Scheduler slice.
    public var taskIdentifiers: [String] = []

    /// Creates requirements.
    public init(backgroundModes: [BackgroundMode] = [], locationAuthorization: LocationAuthorization? = nil) {
        self.backgroundModes = backgroundModes
        self.locationAuthorization = locationAuthorization
    }

    /// Creates requirements that include `BGTaskSchedulerPermittedIdentifiers` (BGT-9).
    public init(backgroundModes: [BackgroundMode], locationAuthorization: LocationAuthorization? = nil, taskIdentifiers: [String]) {
        self.init(backgroundModes: backgroundModes, locationAuthorization: locationAuthorization)
        self.taskIdentifiers = taskIdentifiers
    }

    /// The union of several requirements: every mode once, in a stable order, and the strongest authorization.
    public static func combined(_ all: [Requirements]) -> Requirements {
        let modes = Array(Set(all.flatMap(\.backgroundModes))).sorted()
        let authorizations = all.compactMap(\.locationAuthorization)
        let strongest: LocationAuthorization? =
            authorizations.contains(.always) ? .always : authorizations.contains(.whenInUse) ? .whenInUse : nil
        var identifiers: [String] = []
        for identifier in all.flatMap(\.taskIdentifiers) where !identifiers.contains(identifier) {
            identifiers.append(identifier)
        }
        return Requirements(backgroundModes: modes, locationAuthorization: strongest, taskIdentifiers: identifiers)
    }
}
