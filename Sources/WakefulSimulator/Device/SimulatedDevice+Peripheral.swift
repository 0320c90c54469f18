import Foundation
import Wakeful

// Accessories: the app as a Bluetooth LE peripheral (BLE-1, BLE-3, BLE-4), seed 003's
// "acts as a Bluetooth LE accessory" mode. Centrals are world accessories with `role` `central`.

/// One world central's link to the app's advertised service.
struct CentralLink {
    var connecting = false
    var connected = false
    /// Invalidates scheduled connects and writes when the link changes.
    var generation = 0
}

/// `CBPeripheralManager`'s state on the device: what the app advertises and who is connected.
struct PeripheralState {
    /// The app asked to advertise (`startAdvertising`) and has not stopped.
    var advertising = false
    var localName: String?
    var services: [String] = []
    /// The advertisement's form last reported, to record only changes.
    var form = AdvertisementForm.off
    /// By accessory index; only centrals are used.
    var centrals: [CentralLink] = []
    /// Set while a peripheral-manager event wakes the app: the `bluetooth-peripheral` mode gates it (BLE-1).
    var waking = false
    /// How long a background advertisement lasts in this run (BLE-3), drawn per run.
    var backgroundLifetime: TimeInterval = .infinity
    /// Counts background advertisements, so that an earlier one's end does not stop a later one.
    var backgroundGeneration = 0
    /// The background advertisement outlived its lifetime; cleared when the app is on screen again.
    var backgroundExpired = false

    /// Bytes of a foreground advertisement (BLE-3).
    static let foregroundBytes = 28
    /// Bytes of an AD structure's header: length and type (assumption, as in the Bluetooth core spec).
    static let headerBytes = 2
}

/// How the advertisement goes out.
enum AdvertisementForm: String {
    /// Not advertising (never started, stopped, Bluetooth off, or dropped with the process).
    case off
    /// In the foreground: the local name and services in the 28-byte packet (BLE-3).
    case foreground
    /// In the background with the `bluetooth-peripheral` mode: best effort, no local name, services
    /// in the overflow area only (BLE-3).
    case background
    /// In the background without the `bluetooth-peripheral` mode (BLE-1), or with it once the
    /// background advertisement's lifetime is up (BLE-3): it does not continue.
    case paused
}

extension SimulatedDevice {
    /// Bytes one service UUID takes: 2 for a 16-bit UUID such as "FFE0", 16 otherwise (assumption).
    private static func uuidBytes(_ service: String) -> Int { service.count == 4 ? 2 : 16 }

    /// The foreground packet: services while they fit in 28 bytes, the rest in the overflow area,
    /// then the local name shortened to what is left (BLE-3; the order is an assumption).
    func foregroundPacket() -> (main: [String], overflow: [String], name: String?, bytes: Int) {
        var bytes = 0
        var main: [String] = []
        var overflow: [String] = []
        for service in peripheral.services {
            let cost = Self.uuidBytes(service) + (main.isEmpty ? PeripheralState.headerBytes : 0)
            if overflow.isEmpty && bytes + cost <= PeripheralState.foregroundBytes {
                main.append(service)
                bytes += cost
            } else {
                overflow.append(service)
            }
        }
        var name: String?
        if let localName = peripheral.localName {
            let room = PeripheralState.foregroundBytes - bytes - PeripheralState.headerBytes
            if room > 0 {
                var shortened = ""
                for character in localName where shortened.utf8.count + String(character).utf8.count <= room {
                    shortened.append(character)
                }
                if !shortened.isEmpty {
                    name = shortened
                    bytes += shortened.utf8.count + PeripheralState.headerBytes
                }
            }
        }
        return (main, overflow, name, bytes)
    }

    private var currentAdvertisementForm: AdvertisementForm {
        guard peripheral.advertising, bluetooth.poweredOn else { return .off }
        if state.isForeground { return .foreground }
        return backgroundModes.contains(.bluetoothPeripheral) && !peripheral.backgroundExpired ? .background : .paused
    }

    /// Records the advertisement's form when it changes (foreground, background, paused) and settles the centrals.
    mutating func advertisementChanged() {
        if state.isForeground { peripheral.backgroundExpired = false }
        let form = currentAdvertisementForm
        if form != peripheral.form {
            peripheral.form = form
            if form == .background {
                peripheral.backgroundGeneration += 1
                schedule(
                    .advertisingLifetimeEnds(generation: peripheral.backgroundGeneration),
                    at: now + peripheral.backgroundLifetime)
            }
            switch form {
            case .off:
                decide("advertising", rules: ["BLE-3"], [Field("form", "off")])
            case .foreground:
                let packet = foregroundPacket()
                var fields = [
                    Field("form", "foreground"), Field("bytes", .int(packet.bytes)),
                    Field("services", .string(packet.main.joined(separator: ","))),
                ]
                if !packet.overflow.isEmpty {
                    fields.append(Field("overflow", .string(packet.overflow.joined(separator: ","))))
                }
                if let name = packet.name { fields.append(Field("localName", .string(name))) }
                decide("advertising", rules: ["BLE-3"], fields)
            case .background:
                decide(
                    "advertising", rules: ["BLE-1", "BLE-3"],
                    [
                        Field("form", "background"),
                        Field("overflow", .string(peripheral.services.joined(separator: ","))),
                        Field("why", "best effort: no local name, service UUIDs only in the overflow area"),
                    ])
            case .paused where peripheral.backgroundExpired:
                decide(
                    "advertising", rules: ["BLE-3"],
                    [
                        Field("form", "paused"),
                        Field(
                            "why",
                            .string(
                                "background advertising stopped after \(Format.duration(peripheral.backgroundLifetime))"
                            )),
                    ])
            case .paused:
                decide(
                    "advertising", rules: ["BLE-1"],
                    [Field("form", "paused"), Field("why", "no bluetooth-peripheral background mode")])
            }
        }
        peripheralCheck()
    }

    /// Whether a central that looks for `service` finds the advertisement now (BLE-3).
    private func centralFinds(_ accessory: WorldAccessory) -> Bool {
        switch peripheral.form {
        case .off, .paused: return false
        case .foreground:
            let packet = foregroundPacket()
            return packet.main.contains(accessory.service)
                || (accessory.readsOverflowArea && packet.overflow.contains(accessory.service))
        case .background:
            return accessory.readsOverflowArea && peripheral.services.contains(accessory.service)
        }
    }

    private func centralInRange(_ index: Int) -> Bool {
        let accessory = scenario.world.accessories[index]
        return bluetooth.poweredOn && world.position.distance(to: accessory.position) <= accessory.range
    }

    /// Settles the world's centrals: drops links out of range, starts connections for centrals
    /// that find the advertised service.
    mutating func peripheralCheck() {
        let accessories = scenario.world.accessories
        guard accessories.contains(where: { $0.role == .central }) else { return }
        if peripheral.centrals.count != accessories.count {
            peripheral.centrals = accessories.map { _ in CentralLink() }
        }
        for index in accessories.indices where accessories[index].role == .central {
            let inRange = centralInRange(index)
            if peripheral.centrals[index].connected && !inRange {
                dropCentral(index, why: bluetooth.poweredOn ? "out of range" : "Bluetooth off")
            }
            if !peripheral.centrals[index].connected && !peripheral.centrals[index].connecting && inRange
                && centralFinds(accessories[index])
            {
                peripheral.centrals[index].connecting = true
                peripheral.centrals[index].generation += 1
                schedule(
                    .centralConnect(accessory: index, generation: peripheral.centrals[index].generation),
                    at: now + BluetoothState.connectLatency)
            }
        }
    }

    private mutating func dropCentral(_ index: Int, why: String) {
        guard peripheral.centrals.indices.contains(index),
            peripheral.centrals[index].connected || peripheral.centrals[index].connecting
        else { return }
        peripheral.centrals[index].connected = false
        peripheral.centrals[index].connecting = false
        peripheral.centrals[index].generation += 1
        decide(
            "centralDisconnected", rules: ["BLE-1"],
            [Field("central", .string(scenario.world.accessories[index].id)), Field("why", .string(why))])
    }

    /// A central's connection completes if it still finds the app; it writes every `writeEvery` s.
    mutating func centralConnect(index: Int, generation: Int) {
        guard peripheral.centrals.indices.contains(index), peripheral.centrals[index].generation == generation else {
            return
        }
        peripheral.centrals[index].connecting = false
        let accessory = scenario.world.accessories[index]
        guard centralInRange(index), centralFinds(accessory) else {
            peripheralCheck()
            return
        }
        peripheral.centrals[index].connected = true
        decide(
            "centralConnected", rules: ["BLE-3"],
            [
                Field("central", .string(accessory.id)), Field("service", .string(accessory.service)),
                Field("form", .string(peripheral.form.rawValue)),
            ])
        schedule(.centralWrite(accessory: index, generation: generation), at: now + accessory.writeEvery)
    }

    /// A connected central writes to the app's characteristic: a delegate event, a wake of ≈10 s
    /// for a suspended app with the `bluetooth-peripheral` mode (BLE-1), a restoration relaunch
    /// for one the system removed (BLE-4).
    mutating func centralWrite(index: Int, generation: Int) {
        guard peripheral.centrals.indices.contains(index), peripheral.centrals[index].generation == generation,
            peripheral.centrals[index].connected
        else { return }
        let accessory = scenario.world.accessories[index]
        schedule(.centralWrite(accessory: index, generation: generation), at: now + accessory.writeEvery)
        let event = Event.bluetooth(
            .centralWrote(
                central: accessory.id, characteristic: Self.writtenCharacteristic, bytes: BluetoothState.answerBytes))
        peripheral.waking = true
        systemWake(.bluetooth, events: [event], rules: hasProcess ? ["BLE-1"] : ["BLE-1", "BLE-4"])
        peripheral.waking = false
    }

    /// The characteristic a central writes (cfg, assumption: "FFE1").
    static var writtenCharacteristic: String { "FFE1" }

    // MARK: Commands

    mutating func startAdvertising(localName: String?, services: [String]) {
        peripheral.advertising = true
        peripheral.localName = localName
        peripheral.services = services
        peripheral.form = .off
        advertisementChanged()
    }

    mutating func stopAdvertising() {
        guard peripheral.advertising else { return }
        peripheral.advertising = false
        advertisementChanged()
    }

    // MARK: The process

    /// The advertisement outlives the process only under state restoration (BLE-4): with the
    /// `bluetooth-peripheral` mode, from iOS 7, not after a force-quit (26: unless
    /// AccessorySetupKit). Otherwise it stops and the centrals lose the app.
    mutating func peripheralProcessEnded(_ reason: TerminationReason) {
        let linked = peripheral.centrals.contains { $0.connected || $0.connecting }
        guard peripheral.advertising || linked else { return }
        var keep = policy.bluetooth.stateRestoration && backgroundModes.contains(.bluetoothPeripheral)
        var rules = ["BLE-4"]
        if reason == .userForceQuit {
            rules.append("TERM-1")
            keep =
                keep
                && (!policy.termination.forceQuitBlocks.contains(.bluetoothRestoration) || accessorySetupKitException)
        }
        if !keep || reason == .reboot {
            for index in peripheral.centrals.indices { dropCentral(index, why: "app ended (\(reason.rawValue))") }
        }
        if !keep { peripheral.advertising = false }
        decide(
            "peripheralStateRestoration", rules: rules,
            [Field("kept", .bool(keep)), Field("after", .string(reason.rawValue))])
        advertisementChanged()
    }

    /// The background advertisement's lifetime is up: it stops until the app is on screen again (BLE-3).
    mutating func advertisingLifetimeEnds(generation: Int) {
        guard generation == peripheral.backgroundGeneration, peripheral.form == .background else { return }
        peripheral.backgroundExpired = true
        advertisementChanged()
    }
}
