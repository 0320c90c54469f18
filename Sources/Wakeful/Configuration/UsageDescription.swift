import Foundation

/// An Info.plist purpose string: the text iOS shows when the app asks the user for a permission.
///
/// Without it the request fails (location: the prompt never appears and the status stays
/// `notDetermined`) or the app is terminated when it touches the framework (Bluetooth from iOS 13).
/// An empty string is as bad as none, and App Review rejects vague ones (guideline 5.1.1).
public struct UsageDescription: Sendable, Hashable, Codable {
    /// The Info.plist key, e.g. `NSLocationAlwaysAndWhenInUseUsageDescription`.
    public var key: String
    /// The permission it explains, in a few words.
    public var permission: String
    /// What goes wrong without it.
    public var withoutIt: String
    /// Older keys this one replaces; having only those is not enough on current iOS.
    public var replaces: [String]
    /// Policy rule IDs behind the need.
    public var rules: [String]

    /// Creates a usage description requirement.
    public init(key: String, permission: String, withoutIt: String, replaces: [String] = [], rules: [String]) {
        self.key = key
        self.permission = permission
        self.withoutIt = withoutIt
        self.replaces = replaces
        self.rules = rules
    }

    /// Location while the app is in use: every location request needs it (iOS 11+), including Always.
    public static let locationWhenInUse = UsageDescription(
        key: "NSLocationWhenInUseUsageDescription", permission: "location while the app is in use",
        withoutIt: "iOS ignores every location authorization request and the app never receives a location",
        replaces: ["NSLocationUsageDescription"], rules: ["LOC-4"])

    /// Location always: background monitoring, relaunches and beacon regions need it (LOC-16, BEACON-1).
    public static let locationAlways = UsageDescription(
        key: "NSLocationAlwaysAndWhenInUseUsageDescription", permission: "location always",
        withoutIt:
            "iOS ignores the request for Always authorization, so region, visit and beacon events never relaunch the app",
        replaces: ["NSLocationAlwaysUsageDescription"], rules: ["LOC-16", "BEACON-1"])

    /// Bluetooth (iOS 13+): Core Bluetooth apps, in particular with the bluetooth background modes (BLE-1).
    public static let bluetoothAlways = UsageDescription(
        key: "NSBluetoothAlwaysUsageDescription", permission: "Bluetooth",
        withoutIt: "the app is terminated when it first uses Core Bluetooth on iOS 13 and later",
        replaces: ["NSBluetoothPeripheralUsageDescription"], rules: ["BLE-1"])

    /// Nearby Interaction sessions (iOS 15+), which the `nearby-interaction` mode keeps running.
    public static let nearbyInteraction = UsageDescription(
        key: "NSNearbyInteractionUsageDescription", permission: "Nearby Interaction",
        withoutIt: "iOS cannot ask to share distance and direction with nearby devices, so no session starts",
        replaces: ["NSNearbyInteractionAllowOnceUsageDescription"], rules: [])

    /// The microphone, which a Push to Talk app transmits from.
    public static let microphone = UsageDescription(
        key: "NSMicrophoneUsageDescription", permission: "the microphone",
        withoutIt: "the app is terminated when it starts recording to transmit", rules: [])

    /// Motion & Fitness (`CMMotionActivityManager`, `CMPedometer`): a missing key crashes the app on
    /// first use (MOTION-2).
    public static let motion = UsageDescription(
        key: "NSMotionUsageDescription", permission: "motion and fitness activity",
        withoutIt: "the app crashes the first time it queries Core Motion's activity or pedometer", rules: ["MOTION-2"])

    /// Reading HealthKit (``HealthSync``): without the key, asking for permission to read raises an
    /// exception (HK-1).
    public static let healthShare = UsageDescription(
        key: "NSHealthShareUsageDescription", permission: "reading health data",
        withoutIt: "the app crashes when it asks for permission to read HealthKit samples", rules: ["HK-1"])

    /// Every purpose string Wakeful knows what to say about.
    public static let known: [UsageDescription] = [
        .locationWhenInUse, .locationAlways, .bluetoothAlways, .nearbyInteraction, .microphone, .motion, .healthShare,
    ]

    /// The descriptions a location authorization needs: When In Use for both, plus Always for Always.
    public static func required(for authorization: LocationAuthorization?) -> [UsageDescription] {
        switch authorization {
        case .whenInUse: [.locationWhenInUse]
        case .always: [.locationWhenInUse, .locationAlways]
        case .notDetermined, .denied, nil: []
        }
    }

    /// The descriptions a set of requirements needs: those of its location authorization, then
    /// those of its background modes, then those it names itself (Motion & Fitness), each once.
    public static func required(for requirements: Requirements) -> [UsageDescription] {
        var all = required(for: requirements.locationAuthorization)
        for description in requirements.backgroundModes.flatMap(\.profile.usageDescriptions)
            + requirements.usageDescriptions
        where !all.contains(description) {
            all.append(description)
        }
        return all
    }
}
