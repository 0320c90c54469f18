import Foundation
import Wakeful

/// Core Bluetooth as the device carries it out: the app's central commands and the world's
/// accessories reach the ``BluetoothSystem``, and the delegate events it delivers wake the app
/// (BLE-1) or relaunch it for state restoration (BLE-4).
extension SimulatedDevice {
    // MARK: Accessories

    /// Every accessory starts awake, with its idle timer running.
    mutating func startAccessories() {
        var effects: [DeviceEffect] = []
        bluetooth.startAccessories(now: now, into: &effects)
        carryOut(effects)
    }

    /// No poll for `sleepsAfterIdle` seconds: the accessory sleeps and drops its connection (seed 003).
    mutating func accessorySleep(index: Int, generation: Int) {
        let conditions = bluetoothConditions
        var effects: [DeviceEffect] = []
        bluetooth.accessorySleeps(index, generation: generation, conditions, into: &effects)
        carryOut(effects)
    }

    /// The scenario wakes an accessory (the engine starts): it advertises again.
    mutating func wakeAccessory(_ id: String) {
        let conditions = bluetoothConditions
        var effects: [DeviceEffect] = []
        bluetooth.wakeAccessory(id, conditions, into: &effects)
        carryOut(effects)
    }

    /// Control Center's switch (BLE-4); the advertisement follows (BLE-3).
    mutating func setBluetooth(_ on: Bool) {
        let conditions = bluetoothConditions
        var effects: [DeviceEffect] = []
        bluetooth.setPower(on, conditions, into: &effects)
        carryOut(effects)
    }

    /// Settles connections, pending connects, scans and centrals against the accessories and the
    /// user's position (BLE-2, BLE-3, BLE-4).
    mutating func bluetoothCheck() {
        let conditions = bluetoothConditions
        var effects: [DeviceEffect] = []
        bluetooth.check(conditions, into: &effects)
        carryOut(effects)
    }

    /// A background scan window opens: the accessories are looked at again (BLE-2).
    mutating func bluetoothScanWindowOpens() {
        let conditions = bluetoothConditions
        var effects: [DeviceEffect] = []
        bluetooth.scanWindowOpens(conditions, into: &effects)
        carryOut(effects)
    }

    /// A queued delivery is due: a connection completes, a value or an event reaches the app.
    mutating func bluetoothDelivery(serial: Int) {
        let conditions = bluetoothConditions
        var effects: [DeviceEffect] = []
        let event = bluetooth.deliver(serial: serial, conditions, into: &effects)
        carryOut(effects)
        guard let event else { return }
        // A delegate event: delivered to a running app, a wake of ≈10 s for a suspended one
        // (BLE-1), a state-restoration relaunch of a terminated one (BLE-4).
        if hasProcess {
            systemWake(.bluetooth, events: [.bluetooth(event)], rules: ["BLE-1"])
        } else {
            systemWake(
                .bluetooth,
                events: [.bluetooth(.willRestoreState(peripherals: bluetooth.restoredPeripherals)), .bluetooth(event)],
                rules: ["BLE-1", "BLE-4"])
        }
    }

    // MARK: Gates

    /// BLE-1: only apps with the role's background mode are woken for Core Bluetooth events.
    func bluetoothWakeBlocker() -> (why: String, rules: [String])? {
        bluetooth.wakeBlocker()
    }

    /// BLE-4: when state restoration does not relaunch the app.
    func bluetoothRelaunchBlocker() -> (why: String, rules: [String])? {
        bluetooth.relaunchBlocker(forceQuit: lifecycle.forceQuitFlag, firstUnlockDone: screen.firstUnlockDone)
    }

    // MARK: Commands

    mutating func scanForPeripherals(services: [String]?) {
        let conditions = bluetoothConditions
        var effects: [DeviceEffect] = []
        bluetooth.scan(services: services, conditions, into: &effects)
        carryOut(effects)
    }

    mutating func stopScan() {
        var effects: [DeviceEffect] = []
        bluetooth.stopScan(now: now, into: &effects)
        carryOut(effects)
    }

    /// `connect`: pending until the peripheral is connectable, with no timeout (BLE-4).
    mutating func connect(_ peripheral: String) {
        let conditions = bluetoothConditions
        var effects: [DeviceEffect] = []
        bluetooth.connect(peripheral, conditions, into: &effects)
        carryOut(effects)
    }

    mutating func cancelConnection(_ peripheral: String) {
        var effects: [DeviceEffect] = []
        bluetooth.cancelConnection(peripheral, now: now, into: &effects)
        carryOut(effects)
    }

    /// A poll: it resets the accessory's idle timer, and the accessory answers on a subscribed characteristic.
    mutating func writeValue(_ peripheral: String, characteristic: String, bytes: Int) {
        var effects: [DeviceEffect] = []
        bluetooth.writeValue(peripheral, characteristic: characteristic, now: now, into: &effects)
        carryOut(effects)
    }

    mutating func subscribe(_ peripheral: String, characteristic: String) {
        var effects: [DeviceEffect] = []
        bluetooth.subscribe(peripheral, characteristic: characteristic, into: &effects)
        carryOut(effects)
    }

    // MARK: The process

    /// What the app had outstanding as a central survives its end only under state restoration (BLE-4).
    mutating func bluetoothProcessEnded(_ reason: TerminationReason) {
        var effects: [DeviceEffect] = []
        bluetooth.centralProcessEnded(reason, now: now, into: &effects)
        carryOut(effects)
    }

    /// Closes the books at the end of the run: scan and connection time.
    mutating func closeBluetoothBooks() {
        var effects: [DeviceEffect] = []
        bluetooth.closeBooks(now: now, into: &effects)
        carryOut(effects)
    }
}
