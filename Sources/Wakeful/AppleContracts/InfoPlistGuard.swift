import Foundation

/// What the app's Info.plist allows at run time, for the calls that terminate an app whose plist
/// lacks a key (`wakeful doctor` checks the same at build time; a build that skipped it must not crash),
/// and the keys that change when Core Bluetooth may be used.
///
/// - CLLocationManager.h, `allowsBackgroundLocationUpdates`: "Setting this property to YES when
///   UIBackgroundModes does not include "location" is a fatal error."
/// - NSMotionUsageDescription: "If you don’t include this key, your app will crash when it attempts
///   to access motion data."
/// - CoreBluetooth: "State restoration of CBCentralManager is only allowed for applications that
///   have specified the bluetooth-central background mode" (the exception's text), and
///   NSBluetoothAlwaysUsageDescription is "required if your app uses the device’s Bluetooth interface".
///
/// ```swift
/// let plist = InfoPlistGuard(Bundle.main.infoDictionary ?? [:])
/// manager.allowsBackgroundLocationUpdates = plist.allowsBackgroundLocationUpdates(request.allowsBackgroundUpdates)
/// ```
public struct InfoPlistGuard: Sendable, Hashable {
    /// `UIBackgroundModes`.
    public var backgroundModes: Set<String>
    /// Every top-level key present.
    public var keys: Set<String>
    /// `BGTaskSchedulerPermittedIdentifiers`.
    public var permittedTaskIdentifiers: [String]
    /// The technologies AccessorySetupKit sets up (`Bluetooth`, `WiFi`): `NSAccessorySetupKitSupports`,
    /// or `NSAccessorySetupSupports`, the name Apple's pages also give.
    public var accessorySetupTechnologies: Set<String>

    /// Reads them from an Info.plist dictionary (`Bundle.main.infoDictionary`).
    public init(_ infoDictionary: [String: Any]) {
        backgroundModes = Set(infoDictionary["UIBackgroundModes"] as? [String] ?? [])
        keys = Set(infoDictionary.keys)
        permittedTaskIdentifiers = infoDictionary["BGTaskSchedulerPermittedIdentifiers"] as? [String] ?? []
        accessorySetupTechnologies = Set(
            ["NSAccessorySetupKitSupports", "NSAccessorySetupSupports"].flatMap {
                infoDictionary[$0] as? [String] ?? []
            })
    }

    /// Creates a guard from its parts.
    public init(
        backgroundModes: Set<String>, keys: Set<String> = [], permittedTaskIdentifiers: [String] = [],
        accessorySetupTechnologies: Set<String> = []
    ) {
        self.backgroundModes = backgroundModes
        self.keys = keys
        self.permittedTaskIdentifiers = permittedTaskIdentifiers
        self.accessorySetupTechnologies = accessorySetupTechnologies
    }

    /// Whether a mode is declared.
    public func declares(_ mode: BackgroundMode) -> Bool { backgroundModes.contains(mode.rawValue) }

    /// The value to give `allowsBackgroundLocationUpdates`: what the request asks, but never `true`
    /// without the `location` mode (LOC-1).
    public func allowsBackgroundLocationUpdates(_ requested: Bool) -> Bool {
        requested && declares(.location)
    }

    /// Whether Core Motion may be called: the usage description is present (MOTION-2).
    public var allowsMotion: Bool { keys.contains("NSMotionUsageDescription") }

    /// Whether a central manager with a restoration identifier may be created (BLE-4): the
    /// `bluetooth-central` mode and the usage description are both present.
    public var allowsBluetoothCentralRestoration: Bool {
        declares(.bluetoothCentral) && keys.contains("NSBluetoothAlwaysUsageDescription")
    }

    /// Whether the app sets up Bluetooth accessories with AccessorySetupKit (iOS 18+), which changes
    /// when its central may be created and, from iOS 26, whether it is relaunched after a force-quit
    /// (``BluetoothCentralPolicy``).
    public var setsUpBluetoothAccessoriesWithAccessorySetupKit: Bool {
        accessorySetupTechnologies.contains("Bluetooth")
    }

    /// Whether to call `registerForRemoteNotifications()` at launch: "At launch time, your app
    /// communicates with APNs and receives its device token" (Registering your app with APNs), so
    /// every launch of an app that declares `remote-notification` or whose strategies rely on it.
    public func registersForRemoteNotificationsAtLaunch(_ requirements: Requirements) -> Bool {
        declares(.remoteNotification) || requirements.backgroundModes.contains(.remoteNotification)
    }
}
