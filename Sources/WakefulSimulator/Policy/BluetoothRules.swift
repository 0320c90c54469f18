import Foundation

/// Core Bluetooth LE background rules (reference §8, BLE rules).
///
/// ```swift
/// BluetoothRules.defaults(for: IOSVersion(26)).restorationAfterForceQuit   // .accessorySetupKitOnly (BLE-4)
/// ```
public struct BluetoothRules: Sendable, Hashable {
    /// Run time per Core Bluetooth wake (BLE-1).
    public var wakeWindow: TimeInterval
    /// Whether state restoration relaunches an app the system removed or that crashed (BLE-4).
    public var stateRestoration: Bool
    /// Which apps state restoration relaunches after a force-quit or Bluetooth off (BLE-4).
    public var restorationAfterForceQuit: BluetoothRestorationAfterForceQuit
    /// Whether restoration after a reboot waits for the first unlock (BLE-4).
    public var restorationWaitsForFirstUnlock: Bool
    /// Whether background scans must name service UUIDs (BLE-2).
    public var backgroundScanNeedsServiceUUIDs: Bool

    /// The reference's defaults for `version`, by family and then by exact version.
    ///
    /// - Parameter version: The simulated iOS release.
    /// - Returns: The Bluetooth rules the default profile uses on that release.
    public static func defaults(for version: IOSVersion) -> BluetoothRules {
        BluetoothRules(
            // BLE-1: ≈10 s per wake (documented, 5+); iOS 4 has no BLE modes (inert); 26+ as 13–18 (assumption).
            wakeWindow: 10,
            // BLE-4: state restoration from 7.0 (documented); n/a on 6.
            stateRestoration: version >= IOSVersion(7),
            // BLE-4: never after force-quit (QA1962); 26+ AccessorySetupKit apps only (TN3115).
            restorationAfterForceQuit: version.family == .iOS26 ? .accessorySetupKitOnly : .never,
            // BLE-4: waits for the first unlock after a reboot (documented).
            restorationWaitsForFirstUnlock: true,
            // BLE-2: nil service list not allowed in the background (documented, 5+).
            backgroundScanNeedsServiceUUIDs: true
        )
    }
}
