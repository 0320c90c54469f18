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
    /// Hotspot helpers (`NEHotspotHelper`); Xcode's "Network authentication".
    case networkAuthentication = "network-authentication"

    public static func < (lhs: BackgroundMode, rhs: BackgroundMode) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a strategy needs from the app's configuration.
public struct Requirements: Sendable, Hashable, Codable {
    /// `UIBackgroundModes` values the strategy relies on.
    public var backgroundModes: [BackgroundMode]
    /// The weakest location authorization under which it works, or nil when it needs none.
    public var locationAuthorization: LocationAuthorization?
    /// What App Review may object to in the technique itself, beyond its background modes.
    public var reviewFindings: [ReviewFinding]
    /// `BGTaskSchedulerPermittedIdentifiers` the strategy submits requests under (BGT-9).
    public var taskIdentifiers: [String]
    /// What the strategy gets from Core Location that a lesser permission withholds: what it loses
    /// under When-In-Use or with Precise Location off (``LocationPermission/losses(of:)``).
    public var locationCapabilities: [LocationCapability] = []
    /// Purpose strings for permissions other than location, e.g. Motion & Fitness (MOTION-2).
    public var usageDescriptions: [UsageDescription]

    /// Creates requirements.
    public init(
        backgroundModes: [BackgroundMode] = [], locationAuthorization: LocationAuthorization? = nil,
        reviewFindings: [ReviewFinding] = [], taskIdentifiers: [String] = [],
        locationCapabilities: [LocationCapability] = [], usageDescriptions: [UsageDescription] = []
    ) {
        self.backgroundModes = backgroundModes
        self.locationAuthorization = locationAuthorization
        self.reviewFindings = reviewFindings
        self.taskIdentifiers = taskIdentifiers
        self.locationCapabilities = locationCapabilities
        self.usageDescriptions = usageDescriptions
    }

    /// The union of several requirements: every mode once, in a stable order, and the strongest authorization.
    public static func combined(_ all: [Requirements]) -> Requirements {
        let modes = Array(Set(all.flatMap(\.backgroundModes))).sorted()
        let authorizations = all.compactMap(\.locationAuthorization)
        let strongest: LocationAuthorization? =
            authorizations.contains(.always) ? .always : authorizations.contains(.whenInUse) ? .whenInUse : nil
        var findings: [ReviewFinding] = []
        for finding in all.flatMap(\.reviewFindings) where !findings.contains(where: { $0.subject == finding.subject })
        {
            findings.append(finding)
        }
        var identifiers: [String] = []
        for identifier in all.flatMap(\.taskIdentifiers) where !identifiers.contains(identifier) {
            identifiers.append(identifier)
        }
        var descriptions: [UsageDescription] = []
        for description in all.flatMap(\.usageDescriptions) where !descriptions.contains(description) {
            descriptions.append(description)
        }
        return Requirements(
            backgroundModes: modes, locationAuthorization: strongest, reviewFindings: findings,
            taskIdentifiers: identifiers,
            locationCapabilities: Array(Set(all.flatMap(\.locationCapabilities))).sorted(),
            usageDescriptions: descriptions)
    }
}
