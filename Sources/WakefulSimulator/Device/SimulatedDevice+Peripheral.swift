import Foundation
import Wakeful

/// The app as a Bluetooth LE peripheral as the device carries it out: its advertising commands
/// and the app's state reach the ``BluetoothSystem``, and a central's write wakes the app
/// (BLE-1) or relaunches it for state restoration (BLE-4).
extension SimulatedDevice {
    /// Records the advertisement's form when it changes (foreground, background, paused) and
    /// settles the centrals (BLE-1, BLE-3).
    mutating func advertisementChanged() {
        let conditions = bluetoothConditions
        var effects: [DeviceEffect] = []
        bluetooth.advertisementChanged(conditions, into: &effects)
        carryOut(effects)
    }

    /// A central's connection completes if it still finds the app (BLE-3).
    mutating func centralConnect(index: Int, generation: Int) {
        let conditions = bluetoothConditions
        var effects: [DeviceEffect] = []
        bluetooth.centralConnects(index, generation: generation, conditions, into: &effects)
        carryOut(effects)
    }

    /// A connected central writes to the app's characteristic: a delegate event, a wake of ≈10 s
    /// for a suspended app with the `bluetooth-peripheral` mode (BLE-1), a restoration relaunch
    /// for one the system removed (BLE-4).
    mutating func centralWrite(index: Int, generation: Int) {
        var effects: [DeviceEffect] = []
        let event = bluetooth.centralWrites(index, generation: generation, now: now, into: &effects)
        carryOut(effects)
        guard let event else { return }
        bluetooth.beginPeripheralWake()
        systemWake(.bluetooth, events: [.bluetooth(event)], rules: hasProcess ? ["BLE-1"] : ["BLE-1", "BLE-4"])
        bluetooth.endPeripheralWake()
    }

    mutating func startAdvertising(localName: String?, services: [String]) {
        let conditions = bluetoothConditions
        var effects: [DeviceEffect] = []
        bluetooth.startAdvertising(localName: localName, services: services, conditions, into: &effects)
        carryOut(effects)
    }

    mutating func stopAdvertising() {
        let conditions = bluetoothConditions
        var effects: [DeviceEffect] = []
        bluetooth.stopAdvertising(conditions, into: &effects)
        carryOut(effects)
    }

    /// The advertisement outlives the process only under state restoration (BLE-4).
    mutating func peripheralProcessEnded(_ reason: TerminationReason) {
        let conditions = bluetoothConditions
        var effects: [DeviceEffect] = []
        bluetooth.peripheralProcessEnded(reason, conditions, into: &effects)
        carryOut(effects)
    }

    /// The background advertisement's lifetime is up: it stops until the app is on screen again (BLE-3).
    mutating func advertisingLifetimeEnds(generation: Int) {
        let conditions = bluetoothConditions
        var effects: [DeviceEffect] = []
        bluetooth.advertisingLifetimeEnds(generation: generation, conditions, into: &effects)
        carryOut(effects)
    }
}
