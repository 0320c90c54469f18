import Foundation

/// The Info.plist keys a configuration needs: the background modes, the usage descriptions for the
/// authorization it asks for, and the task identifiers it schedules.
public struct InfoPlistRequirements: Sendable, Hashable, Codable {
    /// `UIBackgroundModes` values.
    public var backgroundModes: [String]
    /// Usage-description keys, each needing a user-facing string.
    public var usageDescriptionKeys: [String]
    /// `BGTaskSchedulerPermittedIdentifiers` values.
    public var permittedTaskIdentifiers: [String]

    /// Works the keys out from what the configuration needs (through ``UsageDescription``).
    ///
    /// Location needs `NSLocationWhenInUseUsageDescription`, and Always adds
    /// `NSLocationAlwaysAndWhenInUseUsageDescription` (iOS 11+); Bluetooth modes need
    /// `NSBluetoothAlwaysUsageDescription` (iOS 13+).
    public init(modes: [BackgroundMode], authorization: LocationAuthorization?, permittedTaskIdentifiers: [String] = [])
    {
        backgroundModes = Array(Set(modes)).sorted().map(\.rawValue)
        usageDescriptionKeys = UsageDescription.required(
            for: Requirements(backgroundModes: modes, locationAuthorization: authorization)
        )
        .map(\.key)
        self.permittedTaskIdentifiers = permittedTaskIdentifiers
    }
}
