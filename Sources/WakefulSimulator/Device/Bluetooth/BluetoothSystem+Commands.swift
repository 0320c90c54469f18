import Foundation
import Wakeful

/// The app's `CBCentralManager` commands and Control Center's switch.
extension BluetoothSystem {
    /// Control Center's switch. Off drops every connection; what the app had outstanding is kept
    /// only for AccessorySetupKit apps on 26 (BLE-4), so no restoration relaunch follows otherwise.
    /// Either way the advertisement follows (BLE-3).
    mutating func setPower(_ on: Bool, _ conditions: BluetoothConditions, into effects: inout [DeviceEffect]) {
        poweredOn = on
        if on {
            check(conditions, into: &effects)
        } else {
            let keep = accessorySetupKitException
            for index in links.indices where links[index].connected {
                dropConnection(
                    index, error: "poweredOff", notify: conditions.appState.isExecuting, now: conditions.now,
                    into: &effects)
                if keep { links[index].armConnect(at: conditions.now) }
            }
            if !keep { clearOutstanding(now: conditions.now, into: &effects) }
            effects.append(.decide("bluetoothOff", rules: ["BLE-4"], fields: [Field("outstandingKept", .bool(keep))]))
        }
        advertisementChanged(conditions, into: &effects)
    }

    mutating func scan(services: [String]?, _ conditions: BluetoothConditions, into effects: inout [DeviceEffect]) {
        if scanning { effects.append(.bluetoothScanned(seconds: conditions.now - scanSince)) }
        scanning = true
        scanServices = services
        scanSince = conditions.now
        for index in links.indices { links[index].discovered = false }
        if services == nil && !conditions.appState.isForeground && rules.backgroundScanNeedsServiceUUIDs {
            effects.append(
                .decide(
                    "scanRestricted", rules: ["BLE-2"],
                    fields: [Field("why", "a background scan must name service UUIDs")]
                ))
        }
        check(conditions, into: &effects)
    }

    mutating func stopScan(now: TimeInterval, into effects: inout [DeviceEffect]) {
        guard scanning else { return }
        effects.append(.bluetoothScanned(seconds: now - scanSince))
        scanning = false
    }

    private func accessoryIndex(_ peripheral: String, command: String, into effects: inout [DeviceEffect]) -> Int? {
        guard let index = accessories.firstIndex(where: { $0.id == peripheral }) else {
            effects.append(.refusal(command, "no peripheral \(peripheral)", rules: ["BLE-1"]))
            return nil
        }
        return index
    }

    /// `connect`: pending until the peripheral is connectable, with no timeout (BLE-4).
    mutating func connect(_ peripheral: String, _ conditions: BluetoothConditions, into effects: inout [DeviceEffect]) {
        guard let index = accessoryIndex(peripheral, command: "connect", into: &effects), !links[index].connected else {
            return
        }
        links[index].armConnect(at: conditions.now)
        if !connectable(index, conditions) {
            effects.append(
                .decide("connectPending", rules: ["BLE-4"], fields: [Field("peripheral", .string(peripheral))]))
        }
        check(conditions, into: &effects)
    }

    mutating func cancelConnection(_ peripheral: String, now: TimeInterval, into effects: inout [DeviceEffect]) {
        guard let index = accessoryIndex(peripheral, command: "cancelConnection", into: &effects) else { return }
        links[index].pendingConnect = false
        dropConnection(index, error: nil, notify: true, now: now, into: &effects)
    }

    /// A poll: it resets the accessory's idle timer, and the accessory answers on a subscribed characteristic.
    mutating func writeValue(
        _ peripheral: String, characteristic: String, now: TimeInterval, into effects: inout [DeviceEffect]
    ) {
        guard let index = accessoryIndex(peripheral, command: "writeValue", into: &effects) else { return }
        guard links[index].connected else {
            effects.append(.refusal("writeValue", "\(peripheral) is not connected", rules: ["BLE-1"]))
            return
        }
        restartIdleTimer(index, now: now, into: &effects)
        if links[index].subscriptions.contains(characteristic) {
            queue(
                .value(characteristic: characteristic, bytes: Self.answerBytes), accessory: index,
                at: now + Self.responseLatency, into: &effects)
        }
    }

    mutating func subscribe(_ peripheral: String, characteristic: String, into effects: inout [DeviceEffect]) {
        guard let index = accessoryIndex(peripheral, command: "subscribe", into: &effects) else { return }
        guard links[index].connected else {
            effects.append(.refusal("subscribe", "\(peripheral) is not connected", rules: ["BLE-1"]))
            return
        }
        if !links[index].subscriptions.contains(characteristic) { links[index].subscriptions.append(characteristic) }
    }
}
