import Foundation
import Wakeful

/// The link between the app's central and one world accessory.
struct AccessoryLink {
    /// The accessory advertises and accepts connections.
    var awake = true
    /// When it last started advertising (the run's start, or a `wakeAccessory`).
    var awakeSince: TimeInterval = 0
    var idleGeneration = 0
    /// The app asked to connect; it stays pending with no timeout (BLE-4), unless a variant gives
    /// pending connects a lifetime (CONF-BLE-4).
    var pendingConnect = false
    /// When the pending connect was made (for ``BluetoothRules/pendingConnectLifetime``).
    var pendingSince: TimeInterval = 0
    /// A connection is being set up.
    var connecting = false
    var connected = false
    var connectedSince: TimeInterval = 0
    var everConnected = false
    /// Characteristics the app subscribed to in this connection.
    var subscriptions: [String] = []
    /// Already reported by the current scan (BLE-2: repeated discoveries are merged).
    var discovered = false

    /// Makes a connect pending from `time` on; one already pending keeps its start.
    mutating func armConnect(at time: TimeInterval) {
        if !pendingConnect { pendingSince = time }
        pendingConnect = true
    }
}

/// Core Bluetooth's state on the device (it outlives a process the system removes, BLE-4) and
/// the accessories' own state.
struct BluetoothState {
    var poweredOn = true
    var links: [AccessoryLink] = []
    var scanning = false
    var scanServices: [String]?
    var scanSince: TimeInterval = 0
    /// Events and connection completions on their way, by serial.
    var deliveries: [(serial: Int, accessory: Int, kind: Delivery)] = []
    var serial = 0
    /// Where in its period the background scan's window opens, 0…1, drawn per run (BLE-2).
    var scanPhase = 0.0
    /// A look at the accessories is due when the next background scan window opens.
    var scanWindowPending = false
    /// The background scan listens until then (the window opened by the agenda, whose times are
    /// whole milliseconds, so the phase arithmetic alone could miss it).
    var scanWindowOpenUntil = -Double.infinity

    enum Delivery {
        case connect
        case value(characteristic: String, bytes: Int)
        case event(BluetoothEvent)
    }

    /// Time to set up a connection to a connectable peripheral with the display lit (cfg,
    /// assumption: 0.1 s); with it off, ``BluetoothRules/screenOffConnectLatency`` (BLE-4).
    static let connectLatency: TimeInterval = 0.1
    /// Time for the accessory to answer a poll (cfg, assumption: 0.05 s).
    static let responseLatency: TimeInterval = 0.05
    /// Bytes in one answer (cfg, assumption: 20, one default ATT payload).
    static let answerBytes = 20
}

extension SimulatedDevice {
    // MARK: Accessories

    /// Every accessory starts awake, with its idle timer running.
    mutating func startAccessories() {
        bluetooth.links = scenario.world.accessories.map { _ in AccessoryLink() }
        for index in bluetooth.links.indices { restartIdleTimer(index) }
    }

    private mutating func restartIdleTimer(_ index: Int) {
        guard let idle = scenario.world.accessories[index].sleepsAfterIdle else { return }
        bluetooth.links[index].idleGeneration += 1
        schedule(.accessorySleep(accessory: index, generation: bluetooth.links[index].idleGeneration), at: now + idle)
    }

    /// No poll for `sleepsAfterIdle` seconds: the accessory sleeps and drops its connection (seed 003).
    mutating func accessorySleep(index: Int, generation: Int) {
        guard bluetooth.links.indices.contains(index), bluetooth.links[index].idleGeneration == generation,
            bluetooth.links[index].awake
        else { return }
        bluetooth.links[index].awake = false
        let accessory = scenario.world.accessories[index]
        decide(
            "accessoryAsleep", rules: [],
            [Field("accessory", .string(accessory.id)), Field("idleFor", .double(accessory.sleepsAfterIdle ?? 0))])
        bluetoothCheck()
    }

    /// The scenario wakes an accessory (the engine starts): it advertises again.
    mutating func wakeAccessory(_ id: String) {
        guard let index = scenario.world.accessories.firstIndex(where: { $0.id == id }) else { return }
        if !bluetooth.links[index].awake { bluetooth.links[index].awakeSince = now }
        bluetooth.links[index].awake = true
        restartIdleTimer(index)
        bluetoothCheck()
    }

    /// Control Center's switch. Off drops every connection; what the app had outstanding is kept
    /// only for AccessorySetupKit apps on 26 (BLE-4), so no restoration relaunch follows otherwise.
    mutating func setBluetooth(_ on: Bool) {
        bluetooth.poweredOn = on
        defer { advertisementChanged() }  // BLE-3
        guard !on else {
            bluetoothCheck()
            return
        }
        let keep = accessorySetupKitException
        for index in bluetooth.links.indices where bluetooth.links[index].connected {
            dropConnection(index, error: "poweredOff", notify: state.isExecuting)
            if keep { bluetooth.links[index].armConnect(at: now) }
        }
        if !keep { clearOutstandingBluetooth() }
        decide("bluetoothOff", rules: ["BLE-4"], [Field("outstandingKept", .bool(keep))])
    }

    /// On 26 an AccessorySetupKit app is still restored after a force-quit or Bluetooth off (BLE-4).
    var accessorySetupKitException: Bool {
        policy.bluetooth.restorationAfterForceQuit == .accessorySetupKitOnly && scenario.app.accessorySetupKit
    }

    private func connectable(_ index: Int) -> Bool {
        let accessory = scenario.world.accessories[index]
        return accessory.role == .peripheral && bluetooth.poweredOn && bluetooth.links[index].awake
            && position.distance(to: accessory.position) <= accessory.range
    }

    private func rssi(_ index: Int) -> Int {
        let distance = max(1, position.distance(to: scenario.world.accessories[index].position))
        return Int((-59 - 20 * log10(distance)).rounded())
    }

    /// Settles connections, pending connects and scans against the accessories and the user's
    /// position: drops what is no longer reachable, completes pending connects that became
    /// possible (BLE-4), reports new discoveries (BLE-2).
    mutating func bluetoothCheck() {
        for index in bluetooth.links.indices {
            let reachable = connectable(index)
            let id = scenario.world.accessories[index].id
            if bluetooth.links[index].connected && !reachable {
                dropConnection(index, error: bluetooth.poweredOn ? "connectionTimeout" : "poweredOff", notify: true)
            }
            // BLE-4: a not-running app's restoration waits for the first unlock after a reboot.
            let waitsForUnlock = !hasProcess && !firstUnlockDone && policy.bluetooth.restorationWaitsForFirstUnlock
            if bluetooth.links[index].pendingConnect && !bluetooth.links[index].connected
                && !bluetooth.links[index].connecting
                && reachable && !waitsForUnlock && !pendingConnectLapsed(index)
            {
                bluetooth.links[index].connecting = true
                queueBluetooth(.connect, accessory: index, at: now + connectLatency(index))
            }
            // A connected peripheral no longer advertises (assumption), so a scan does not report it.
            if bluetooth.scanning && !bluetooth.links[index].discovered && !bluetooth.links[index].connected
                && reachable && scanMatches(index)
            {
                if let opens = nextScanWindow() {
                    // BLE-2: out of the foreground the scan listens only in its windows.
                    if !bluetooth.scanWindowPending {
                        bluetooth.scanWindowPending = true
                        schedule(.bluetoothScanWindow, at: opens)
                    }
                } else {
                    bluetooth.links[index].discovered = true
                    queueBluetooth(.event(.discovered(peripheral: id, rssi: rssi(index))), accessory: index, at: now)
                }
            }
        }
        peripheralCheck()  // centrals in or out of range
    }

    /// BLE-4, BLE-2: with the display off a pending connect completes only after the controller's
    /// slow look for the peripheral (ble-pending-connect-completes-20s), unless the peripheral
    /// started advertising in the last ``BluetoothRules/fastAdvertisingAfterWake`` seconds, when an
    /// accessory advertises at its fastest (Apple's accessory guidelines) and is found at once.
    private func connectLatency(_ index: Int) -> TimeInterval {
        let fast = now - bluetooth.links[index].awakeSince < policy.bluetooth.fastAdvertisingAfterWake
        return screenOn || fast ? BluetoothState.connectLatency : policy.bluetooth.screenOffConnectLatency
    }

    /// CONF-BLE-4: a pending connect older than the variant's lifetime lapses unannounced when
    /// the peripheral comes back (ble-bg-reconnect-expires-90min); by default it never does (BLE-4).
    private mutating func pendingConnectLapsed(_ index: Int) -> Bool {
        guard let lifetime = policy.bluetooth.pendingConnectLifetime,
            now - bluetooth.links[index].pendingSince >= lifetime
        else { return false }
        bluetooth.links[index].pendingConnect = false
        decide(
            "connectLapsed", rules: ["BLE-4", "CONF-BLE-4"],
            [
                Field("peripheral", .string(scenario.world.accessories[index].id)),
                Field("pendingFor", .double(now - bluetooth.links[index].pendingSince)),
            ])
        return true
    }

    /// When the background scan next listens: nil when it listens now (in the foreground, or inside
    /// a window), else the opening of the next window (BLE-2).
    private func nextScanWindow() -> TimeInterval? {
        guard !state.isForeground, now >= bluetooth.scanWindowOpenUntil else { return nil }
        let period = policy.bluetooth.backgroundScanPeriod
        let offset = bluetooth.scanPhase * period
        let into = (now - offset).truncatingRemainder(dividingBy: period)
        let position = into < 0 ? into + period : into
        return position < policy.bluetooth.backgroundScanWindow ? nil : max(now + period - position, now + 0.001)
    }

    /// A background scan window opens: the accessories are looked at again.
    mutating func bluetoothScanWindowOpens() {
        bluetooth.scanWindowPending = false
        bluetooth.scanWindowOpenUntil = now + policy.bluetooth.backgroundScanWindow
        bluetoothCheck()
    }

    /// BLE-2: a scan for every service (nil) finds nothing outside the foreground.
    private func scanMatches(_ index: Int) -> Bool {
        guard let services = bluetooth.scanServices else {
            return state.isForeground || !policy.bluetooth.backgroundScanNeedsServiceUUIDs
        }
        return services.contains(scenario.world.accessories[index].service)
    }

    private mutating func queueBluetooth(_ kind: BluetoothState.Delivery, accessory: Int, at time: TimeInterval) {
        bluetooth.serial += 1
        bluetooth.deliveries.append((bluetooth.serial, accessory, kind))
        schedule(.bluetoothDelivery(serial: bluetooth.serial), at: time)
    }

    private mutating func dropConnection(_ index: Int, error: String?, notify: Bool) {
        guard bluetooth.links[index].connected else { return }
        bluetooth.links[index].connected = false
        bluetooth.links[index].subscriptions = []
        tally.closeConnection(
            scenario.world.accessories[index].id, since: bluetooth.links[index].connectedSince, at: now)
        if notify {
            queueBluetooth(
                .event(.disconnected(peripheral: scenario.world.accessories[index].id, error: error)), accessory: index,
                at: now)
        }
    }

    /// A queued delivery is due.
    mutating func bluetoothDelivery(serial: Int) {
        guard let position = bluetooth.deliveries.firstIndex(where: { $0.serial == serial }) else { return }
        let delivery = bluetooth.deliveries.remove(at: position)
        let index = delivery.accessory
        let id = scenario.world.accessories[index].id
        switch delivery.kind {
        case .connect:
            bluetooth.links[index].connecting = false
            guard bluetooth.links[index].pendingConnect, !bluetooth.links[index].connected, connectable(index) else {
                bluetoothCheck()
                return
            }
            bluetooth.links[index].pendingConnect = false
            bluetooth.links[index].connected = true
            bluetooth.links[index].connectedSince = now
            tally.bluetoothConnections += 1
            if bluetooth.links[index].everConnected { tally.bluetoothReconnections += 1 }
            bluetooth.links[index].everConnected = true
            bluetoothEvent(.connected(peripheral: id))
        case .value(let characteristic, let bytes):
            guard bluetooth.links[index].connected, bluetooth.links[index].subscriptions.contains(characteristic) else {
                return
            }
            bluetoothEvent(.valueUpdated(peripheral: id, characteristic: characteristic, bytes: bytes))
        case .event(let event):
            if case .discovered = event, !bluetooth.scanning { return }
            bluetoothEvent(event)
        }
    }

    /// A Core Bluetooth delegate event: delivered to a running app, a wake of ≈10 s for a
    /// suspended one (BLE-1), a state-restoration relaunch of a terminated one (BLE-4).
    private mutating func bluetoothEvent(_ event: BluetoothEvent) {
        if hasProcess {
            systemWake(.bluetooth, events: [.bluetooth(event)], rules: ["BLE-1"])
        } else {
            let restored = scenario.world.accessories.indices.filter {
                bluetooth.links[$0].connected || bluetooth.links[$0].pendingConnect
            }
            .map { scenario.world.accessories[$0].id }
            systemWake(
                .bluetooth, events: [.bluetooth(.willRestoreState(peripherals: restored)), .bluetooth(event)],
                rules: ["BLE-1", "BLE-4"])
        }
    }

    // MARK: Gates

    /// BLE-1: only apps with the `bluetooth-central` mode are woken for Core Bluetooth events
    /// (`bluetooth-peripheral` for peripheral-manager events).
    func bluetoothWakeBlocker() -> (why: String, rules: [String])? {
        if peripheral.waking {
            return backgroundModes.contains(.bluetoothPeripheral)
                ? nil : ("no bluetooth-peripheral background mode", ["BLE-1"])
        }
        return backgroundModes.contains(.bluetoothCentral) ? nil : ("no bluetooth-central background mode", ["BLE-1"])
    }

    /// BLE-4: state restoration relaunches after jetsam or a crash, from iOS 7; not after a
    /// force-quit (26: unless AccessorySetupKit); not before the first unlock after a reboot.
    func bluetoothRelaunchBlocker() -> (why: String, rules: [String])? {
        if !policy.bluetooth.stateRestoration { return ("no Core Bluetooth state restoration before iOS 7", ["BLE-4"]) }
        if lifecycle.forceQuitFlag && policy.termination.forceQuitBlocks.contains(.bluetoothRestoration)
            && !accessorySetupKitException
        {
            return ("force-quit by the user", ["BLE-4", "TERM-1"])
        }
        if !firstUnlockDone && policy.bluetooth.restorationWaitsForFirstUnlock {
            return ("waiting for the first unlock", ["BLE-4"])
        }
        return nil
    }

    // MARK: Commands

    mutating func scanForPeripherals(services: [String]?) {
        if bluetooth.scanning { tally.bluetoothScanSeconds += now - bluetooth.scanSince }
        bluetooth.scanning = true
        bluetooth.scanServices = services
        bluetooth.scanSince = now
        for index in bluetooth.links.indices { bluetooth.links[index].discovered = false }
        if services == nil && !state.isForeground && policy.bluetooth.backgroundScanNeedsServiceUUIDs {
            decide("scanRestricted", rules: ["BLE-2"], [Field("why", "a background scan must name service UUIDs")])
        }
        bluetoothCheck()
    }

    mutating func stopScan() {
        guard bluetooth.scanning else { return }
        tally.bluetoothScanSeconds += now - bluetooth.scanSince
        bluetooth.scanning = false
    }

    private mutating func accessoryIndex(_ peripheral: String, command: String) -> Int? {
        guard let index = scenario.world.accessories.firstIndex(where: { $0.id == peripheral }) else {
            refuse(command, "no peripheral \(peripheral)", rules: ["BLE-1"])
            return nil
        }
        return index
    }

    /// `connect`: pending until the peripheral is connectable, with no timeout (BLE-4).
    mutating func connect(_ peripheral: String) {
        guard let index = accessoryIndex(peripheral, command: "connect"), !bluetooth.links[index].connected else {
            return
        }
        bluetooth.links[index].armConnect(at: now)
        if !connectable(index) {
            decide("connectPending", rules: ["BLE-4"], [Field("peripheral", .string(peripheral))])
        }
        bluetoothCheck()
    }

    mutating func cancelConnection(_ peripheral: String) {
        guard let index = accessoryIndex(peripheral, command: "cancelConnection") else { return }
        bluetooth.links[index].pendingConnect = false
        dropConnection(index, error: nil, notify: true)
    }

    /// A poll: it resets the accessory's idle timer, and the accessory answers on a subscribed characteristic.
    mutating func writeValue(_ peripheral: String, characteristic: String, bytes: Int) {
        guard let index = accessoryIndex(peripheral, command: "writeValue") else { return }
        guard bluetooth.links[index].connected else {
            refuse("writeValue", "\(peripheral) is not connected", rules: ["BLE-1"])
            return
        }
        restartIdleTimer(index)
        if bluetooth.links[index].subscriptions.contains(characteristic) {
            queueBluetooth(
                .value(characteristic: characteristic, bytes: BluetoothState.answerBytes), accessory: index,
                at: now + BluetoothState.responseLatency)
        }
    }

    mutating func subscribe(_ peripheral: String, characteristic: String) {
        guard let index = accessoryIndex(peripheral, command: "subscribe") else { return }
        guard bluetooth.links[index].connected else {
            refuse("subscribe", "\(peripheral) is not connected", rules: ["BLE-1"])
            return
        }
        if !bluetooth.links[index].subscriptions.contains(characteristic) {
            bluetooth.links[index].subscriptions.append(characteristic)
        }
    }

    // MARK: The process

    /// What the app had outstanding survives its end only under state restoration (BLE-4): with
    /// the `bluetooth-central` mode, from iOS 7, not after a force-quit (26: unless AccessorySetupKit),
    /// not after a reboot before iOS 11. A reboot drops connections; with restoration they become
    /// pending connects again.
    mutating func bluetoothProcessEnded(_ reason: TerminationReason) {
        let outstanding = bluetooth.scanning || bluetooth.links.contains { $0.connected || $0.pendingConnect }
        guard outstanding else { return }
        var keep = policy.bluetooth.stateRestoration && backgroundModes.contains(.bluetoothCentral)
        var rules = ["BLE-4"]
        if reason == .userForceQuit {
            rules.append("TERM-1")
            keep =
                keep
                && (!policy.termination.forceQuitBlocks.contains(.bluetoothRestoration) || accessorySetupKitException)
        }
        // BLE-4: up to iOS 10 a restart ends state restoration (QA1962); the user must open the app.
        if reason == .reboot && !policy.bluetooth.restorationAfterReboot { keep = false }
        if reason == .reboot {
            for index in bluetooth.links.indices where bluetooth.links[index].connected {
                dropConnection(index, error: nil, notify: false)
                if keep { bluetooth.links[index].armConnect(at: now) }
            }
        }
        if !keep {
            for index in bluetooth.links.indices { dropConnection(index, error: nil, notify: false) }
            clearOutstandingBluetooth()
        }
        decide(
            "bluetoothStateRestoration", rules: rules,
            [Field("kept", .bool(keep)), Field("after", .string(reason.rawValue))])
    }

    private mutating func clearOutstandingBluetooth() {
        for index in bluetooth.links.indices {
            bluetooth.links[index].pendingConnect = false
            bluetooth.links[index].subscriptions = []
        }
        stopScan()
    }

    /// Closes the books at the end of the run: scan and connection time.
    mutating func closeBluetoothBooks() {
        if bluetooth.scanning { tally.bluetoothScanSeconds += now - bluetooth.scanSince; bluetooth.scanSince = now }
        for index in bluetooth.links.indices where bluetooth.links[index].connected {
            tally.closeConnection(
                scenario.world.accessories[index].id, since: bluetooth.links[index].connectedSince, at: now)
            bluetooth.links[index].connectedSince = now
        }
    }
}
