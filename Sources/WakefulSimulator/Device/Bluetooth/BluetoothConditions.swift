import Foundation
import Wakeful

/// What Core Bluetooth reads of the device when it settles links, scans and the advertisement.
struct BluetoothConditions {
    /// The current simulated time.
    var now: TimeInterval
    /// Where the user, and so the phone, is: what is in range.
    var position: LocalPoint
    var appState: AppState
    /// The app has a process: without one, an event relaunches it for state restoration (BLE-4).
    var hasProcess: Bool
    /// The display is lit: a pending connect completes fast (BLE-4).
    var screenLit: Bool
    /// The phone has been unlocked since it restarted: restoration waits for it (BLE-4).
    var firstUnlockDone: Bool
}

extension SimulatedDevice {
    /// Mutating, like the other getters a world tick reads, so that Swift does not copy the device.
    var bluetoothConditions: BluetoothConditions {
        mutating get {
            BluetoothConditions(
                now: now, position: world.position, appState: state, hasProcess: hasProcess, screenLit: screen.isLit,
                firstUnlockDone: screen.firstUnlockDone)
        }
    }
}
