import Foundation
import Wakeful

/// The app as a central: links settled against the accessories and the user's position, pending
/// connects completing when the peripheral is back (BLE-4), the scan's discoveries in its windows
/// (BLE-2), and the events on their way to the app.
extension BluetoothSystem {
    // MARK: Accessories

    /// Every accessory starts awake, with its idle timer running.
    mutating func startAccessories(now: TimeInterval, into effects: inout [DeviceEffect]) {
        links = accessories.map { _ in AccessoryLink() }
        for index in links.indices { restartIdleTimer(index, now: now, into: &effects) }
    }

    mutating func restartIdleTimer(_ index: Int, now: TimeInterval, into effects: inout [DeviceEffect]) {
        guard let idle = accessories[index].sleepsAfterIdle else { return }
        links[index].idleGeneration += 1
        effects.append(
            .schedule(.accessorySleep(accessory: index, generation: links[index].idleGeneration), at: now + idle))
    }

    /// No poll for `sleepsAfterIdle` seconds: the accessory sleeps and drops its connection (seed 003).
    mutating func accessorySleeps(
        _ index: Int, generation: Int, _ conditions: BluetoothConditions, into effects: inout [DeviceEffect]
    ) {
        guard links.indices.contains(index), links[index].idleGeneration == generation, links[index].awake else {
            return
        }
        links[index].awake = false
        let accessory = accessories[index]
        effects.append(
            .decide(
                "accessoryAsleep", rules: [],
                fields: [
                    Field("accessory", .string(accessory.id)),
                    Field("idleFor", .double(accessory.sleepsAfterIdle ?? 0)),
                ]))
        check(conditions, into: &effects)
    }

    /// The scenario wakes an accessory (the engine starts): it advertises again.
    mutating func wakeAccessory(_ id: String, _ conditions: BluetoothConditions, into effects: inout [DeviceEffect]) {
        guard let index = accessories.firstIndex(where: { $0.id == id }) else { return }
        if !links[index].awake { links[index].awakeSince = conditions.now }
        links[index].awake = true
        restartIdleTimer(index, now: conditions.now, into: &effects)
        check(conditions, into: &effects)
    }

    // MARK: Settling

    func connectable(_ index: Int, _ conditions: BluetoothConditions) -> Bool {
        let accessory = accessories[index]
        return accessory.role == .peripheral && poweredOn && links[index].awake
            && conditions.position.distance(to: accessory.position) <= accessory.range
    }

    private func rssi(_ index: Int, _ conditions: BluetoothConditions) -> Int {
        let distance = max(1, conditions.position.distance(to: accessories[index].position))
        return Int((-59 - 20 * log10(distance)).rounded())
    }

    /// Settles connections, pending connects and scans against the accessories and the user's
    /// position: drops what is no longer reachable, completes pending connects that became
    /// possible (BLE-4), reports new discoveries (BLE-2); then the centrals (``checkCentrals(_:into:)``).
    mutating func check(_ conditions: BluetoothConditions, into effects: inout [DeviceEffect]) {
        let now = conditions.now
        for index in links.indices {
            let reachable = connectable(index, conditions)
            let id = accessories[index].id
            if links[index].connected && !reachable {
                dropConnection(
                    index, error: poweredOn ? "connectionTimeout" : "poweredOff", notify: true, now: now, into: &effects
                )
            }
            // BLE-4: a not-running app's restoration waits for the first unlock after a reboot.
            let waitsForUnlock =
                !conditions.hasProcess && !conditions.firstUnlockDone && rules.restorationWaitsForFirstUnlock
            if links[index].pendingConnect && !links[index].connected && !links[index].connecting && reachable
                && !waitsForUnlock && !pendingConnectLapsed(index, now: now, into: &effects)
            {
                links[index].connecting = true
                queue(.connect, accessory: index, at: now + connectDelay(index, conditions), into: &effects)
            }
            // A connected peripheral no longer advertises (assumption), so a scan does not report it.
            if scanning && !links[index].discovered && !links[index].connected && reachable
                && scanMatches(index, conditions)
            {
                if let opens = nextScanWindow(conditions) {
                    // BLE-2: out of the foreground the scan listens only in its windows.
                    if !scanWindowPending {
                        scanWindowPending = true
                        effects.append(.schedule(.bluetoothScanWindow, at: opens))
                    }
                } else {
                    links[index].discovered = true
                    queue(
                        .event(.discovered(peripheral: id, rssi: rssi(index, conditions))), accessory: index, at: now,
                        into: &effects)
                }
            }
        }
        checkCentrals(conditions, into: &effects)  // centrals in or out of range
    }

    /// BLE-4, BLE-2: with the display off a pending connect completes only after the controller's
    /// slow look for the peripheral (ble-pending-connect-completes-20s), unless the peripheral
    /// started advertising in the last ``BluetoothRules/fastAdvertisingAfterWake`` seconds, when an
    /// accessory advertises at its fastest (Apple's accessory guidelines) and is found at once.
    private func connectDelay(_ index: Int, _ conditions: BluetoothConditions) -> TimeInterval {
        let fast = conditions.now - links[index].awakeSince < rules.fastAdvertisingAfterWake
        return conditions.screenLit || fast ? Self.connectLatency : rules.screenOffConnectLatency
    }

    /// CONF-BLE-4: a pending connect older than the variant's lifetime lapses unannounced when
    /// the peripheral comes back (ble-bg-reconnect-expires-90min); by default it never does (BLE-4).
    private mutating func pendingConnectLapsed(
        _ index: Int, now: TimeInterval, into effects: inout [DeviceEffect]
    ) -> Bool {
        guard let lifetime = rules.pendingConnectLifetime, now - links[index].pendingSince >= lifetime else {
            return false
        }
        links[index].pendingConnect = false
        effects.append(
            .decide(
                "connectLapsed", rules: ["BLE-4", "CONF-BLE-4"],
                fields: [
                    Field("peripheral", .string(accessories[index].id)),
                    Field("pendingFor", .double(now - links[index].pendingSince)),
                ]))
        return true
    }

    /// When the background scan next listens: nil when it listens now (in the foreground, or inside
    /// a window), else the opening of the next window (BLE-2).
    private func nextScanWindow(_ conditions: BluetoothConditions) -> TimeInterval? {
        let now = conditions.now
        guard !conditions.appState.isForeground, now >= scanWindowOpenUntil else { return nil }
        let period = rules.backgroundScanPeriod
        let offset = scanPhase * period
        let into = (now - offset).truncatingRemainder(dividingBy: period)
        let position = into < 0 ? into + period : into
        return position < rules.backgroundScanWindow ? nil : max(now + period - position, now + 0.001)
    }

    /// A background scan window opens: the accessories are looked at again.
    mutating func scanWindowOpens(_ conditions: BluetoothConditions, into effects: inout [DeviceEffect]) {
        scanWindowPending = false
        scanWindowOpenUntil = conditions.now + rules.backgroundScanWindow
        check(conditions, into: &effects)
    }

    /// BLE-2: a scan for every service (nil) finds nothing outside the foreground.
    private func scanMatches(_ index: Int, _ conditions: BluetoothConditions) -> Bool {
        guard let services = scanServices else {
            return conditions.appState.isForeground || !rules.backgroundScanNeedsServiceUUIDs
        }
        return services.contains(accessories[index].service)
    }

    // MARK: Deliveries

    mutating func queue(_ kind: Delivery, accessory: Int, at time: TimeInterval, into effects: inout [DeviceEffect]) {
        serial += 1
        deliveries.append((serial, accessory, kind))
        effects.append(.schedule(.bluetoothDelivery(serial: serial), at: time))
    }

    mutating func dropConnection(
        _ index: Int, error: String?, notify: Bool, now: TimeInterval, into effects: inout [DeviceEffect]
    ) {
        guard links[index].connected else { return }
        links[index].connected = false
        links[index].subscriptions = []
        effects.append(.bluetoothConnectionClosed(accessory: accessories[index].id, since: links[index].connectedSince))
        if notify {
            queue(
                .event(.disconnected(peripheral: accessories[index].id, error: error)), accessory: index, at: now,
                into: &effects)
        }
    }

    /// The queued delivery `serial` is due: the delegate event it brings the app, if any. A
    /// connect completes if the peripheral is still there; else the links are settled again.
    mutating func deliver(
        serial: Int, _ conditions: BluetoothConditions, into effects: inout [DeviceEffect]
    ) -> BluetoothEvent? {
        guard let slot = deliveries.firstIndex(where: { $0.serial == serial }) else { return nil }
        let delivery = deliveries.remove(at: slot)
        let index = delivery.accessory
        let id = accessories[index].id
        switch delivery.kind {
        case .connect:
            links[index].connecting = false
            guard links[index].pendingConnect, !links[index].connected, connectable(index, conditions) else {
                check(conditions, into: &effects)
                return nil
            }
            links[index].pendingConnect = false
            links[index].connected = true
            links[index].connectedSince = conditions.now
            effects.append(.bluetoothConnected(reconnection: links[index].everConnected))
            links[index].everConnected = true
            return .connected(peripheral: id)
        case .value(let characteristic, let bytes):
            guard links[index].connected, links[index].subscriptions.contains(characteristic) else { return nil }
            return .valueUpdated(peripheral: id, characteristic: characteristic, bytes: bytes)
        case .event(let event):
            if case .discovered = event, !scanning { return nil }
            return event
        }
    }

    /// The peripherals a relaunch for state restoration hands back: connected or with a connect
    /// pending (BLE-4).
    var restoredPeripherals: [String] {
        accessories.indices.filter { links[$0].connected || links[$0].pendingConnect }.map { accessories[$0].id }
    }
}
