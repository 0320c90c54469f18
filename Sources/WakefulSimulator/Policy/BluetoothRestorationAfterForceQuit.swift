/// Which apps Core Bluetooth state restoration relaunches after a user force-quit or after Bluetooth
/// was switched off (BLE-4).
public enum BluetoothRestorationAfterForceQuit: String, Sendable, Hashable, Codable {
    /// No app is relaunched (7–18, QA1962).
    case never
    /// Only apps using AccessorySetupKit are relaunched (26+, TN3115).
    case accessorySetupKitOnly
}
