import Foundation
import Wakeful

/// The app as a Bluetooth LE peripheral (BLE-1, BLE-3, BLE-4), seed 003's "acts as a Bluetooth LE
/// accessory" mode: the advertisement's form as the app's state changes, and the world's centrals
/// (accessories with `role` `central`) that find it, connect and write.
extension BluetoothSystem {
    /// The characteristic a central writes (cfg, assumption: "FFE1").
    static var writtenCharacteristic: String { "FFE1" }

    /// Whether the advertisement may change with the app's state: it runs, or its last form is
    /// still to be reported as off.
    var advertisementMayChange: Bool { advertising || form != .off }

    private func currentForm(_ conditions: BluetoothConditions) -> AdvertisementForm {
        guard advertising, poweredOn else { return .off }
        if conditions.appState.isForeground { return .foreground }
        return peripheralDeclared && !backgroundExpired ? .background : .paused
    }

    /// Records the advertisement's form when it changes (foreground, background, paused) and settles the centrals.
    mutating func advertisementChanged(_ conditions: BluetoothConditions, into effects: inout [DeviceEffect]) {
        if conditions.appState.isForeground { backgroundExpired = false }
        let current = currentForm(conditions)
        if current != form {
            form = current
            if current == .background {
                backgroundGeneration += 1
                effects.append(
                    .schedule(
                        .advertisingLifetimeEnds(generation: backgroundGeneration),
                        at: conditions.now + backgroundLifetime))
            }
            effects.append(formDecision())
        }
        checkCentrals(conditions, into: &effects)
    }

    /// The decision that reports the advertisement's new form (BLE-1, BLE-3).
    private func formDecision() -> DeviceEffect {
        switch form {
        case .off:
            return .decide("advertising", rules: ["BLE-3"], fields: [Field("form", "off")])
        case .foreground:
            let packet = ForegroundPacket(services: services, localName: localName)
            var fields = [
                Field("form", "foreground"), Field("bytes", .int(packet.bytes)),
                Field("services", .string(packet.main.joined(separator: ","))),
            ]
            if !packet.overflow.isEmpty {
                fields.append(Field("overflow", .string(packet.overflow.joined(separator: ","))))
            }
            if let name = packet.name { fields.append(Field("localName", .string(name))) }
            return .decide("advertising", rules: ["BLE-3"], fields: fields)
        case .background:
            return .decide(
                "advertising", rules: ["BLE-1", "BLE-3"],
                fields: [
                    Field("form", "background"), Field("overflow", .string(services.joined(separator: ","))),
                    Field("why", "best effort: no local name, service UUIDs only in the overflow area"),
                ])
        case .paused where backgroundExpired:
            let why = "background advertising stopped after \(Format.duration(backgroundLifetime))"
            return .decide(
                "advertising", rules: ["BLE-3"], fields: [Field("form", "paused"), Field("why", .string(why))])
        case .paused:
            return .decide(
                "advertising", rules: ["BLE-1"],
                fields: [Field("form", "paused"), Field("why", "no bluetooth-peripheral background mode")])
        }
    }

    /// Whether a central that looks for its service finds the advertisement now (BLE-3).
    private func centralFinds(_ accessory: WorldAccessory) -> Bool {
        switch form {
        case .off, .paused: return false
        case .foreground:
            let packet = ForegroundPacket(services: services, localName: localName)
            return packet.main.contains(accessory.service)
                || (accessory.readsOverflowArea && packet.overflow.contains(accessory.service))
        case .background:
            return accessory.readsOverflowArea && services.contains(accessory.service)
        }
    }

    private func centralInRange(_ index: Int, _ conditions: BluetoothConditions) -> Bool {
        poweredOn && conditions.position.distance(to: accessories[index].position) <= accessories[index].range
    }

    /// Settles the world's centrals: drops links out of range, starts connections for centrals
    /// that find the advertised service.
    mutating func checkCentrals(_ conditions: BluetoothConditions, into effects: inout [DeviceEffect]) {
        guard accessories.contains(where: { $0.role == .central }) else { return }
        if centrals.count != accessories.count { centrals = accessories.map { _ in CentralLink() } }
        for index in accessories.indices where accessories[index].role == .central {
            let inRange = centralInRange(index, conditions)
            if centrals[index].connected && !inRange {
                dropCentral(index, why: poweredOn ? "out of range" : "Bluetooth off", into: &effects)
            }
            if !centrals[index].connected && !centrals[index].connecting && inRange && centralFinds(accessories[index])
            {
                centrals[index].connecting = true
                centrals[index].generation += 1
                effects.append(
                    .schedule(
                        .centralConnect(accessory: index, generation: centrals[index].generation),
                        at: conditions.now + Self.connectLatency))
            }
        }
    }

    private mutating func dropCentral(_ index: Int, why: String, into effects: inout [DeviceEffect]) {
        guard centrals.indices.contains(index), centrals[index].connected || centrals[index].connecting else { return }
        centrals[index].connected = false
        centrals[index].connecting = false
        centrals[index].generation += 1
        effects.append(
            .decide(
                "centralDisconnected", rules: ["BLE-1"],
                fields: [Field("central", .string(accessories[index].id)), Field("why", .string(why))]))
    }

    /// A central's connection completes if it still finds the app; it writes every `writeEvery` s.
    mutating func centralConnects(
        _ index: Int, generation: Int, _ conditions: BluetoothConditions, into effects: inout [DeviceEffect]
    ) {
        guard centrals.indices.contains(index), centrals[index].generation == generation else { return }
        centrals[index].connecting = false
        let accessory = accessories[index]
        guard centralInRange(index, conditions), centralFinds(accessory) else {
            checkCentrals(conditions, into: &effects)
            return
        }
        centrals[index].connected = true
        effects.append(
            .decide(
                "centralConnected", rules: ["BLE-3"],
                fields: [
                    Field("central", .string(accessory.id)), Field("service", .string(accessory.service)),
                    Field("form", .string(form.rawValue)),
                ]))
        effects.append(
            .schedule(
                .centralWrite(accessory: index, generation: generation), at: conditions.now + accessory.writeEvery))
    }

    /// A connected central writes to the app's characteristic, and again `writeEvery` s later:
    /// the delegate event, for the device to wake the app with (BLE-1, BLE-4), or nil when the
    /// link changed since.
    mutating func centralWrites(
        _ index: Int, generation: Int, now: TimeInterval, into effects: inout [DeviceEffect]
    ) -> BluetoothEvent? {
        guard centrals.indices.contains(index), centrals[index].generation == generation, centrals[index].connected
        else { return nil }
        let accessory = accessories[index]
        effects.append(
            .schedule(.centralWrite(accessory: index, generation: generation), at: now + accessory.writeEvery))
        return .centralWrote(central: accessory.id, characteristic: Self.writtenCharacteristic, bytes: Self.answerBytes)
    }

    /// A peripheral-manager event wakes the app: the `bluetooth-peripheral` mode gates it (BLE-1)
    /// until ``endPeripheralWake()``.
    mutating func beginPeripheralWake() { waking = true }

    mutating func endPeripheralWake() { waking = false }

    // MARK: Commands

    mutating func startAdvertising(
        localName: String?, services: [String], _ conditions: BluetoothConditions, into effects: inout [DeviceEffect]
    ) {
        advertising = true
        self.localName = localName
        self.services = services
        form = .off
        advertisementChanged(conditions, into: &effects)
    }

    mutating func stopAdvertising(_ conditions: BluetoothConditions, into effects: inout [DeviceEffect]) {
        guard advertising else { return }
        advertising = false
        advertisementChanged(conditions, into: &effects)
    }

    // MARK: The process

    /// The advertisement outlives the process only under state restoration (BLE-4): with the
    /// `bluetooth-peripheral` mode, from iOS 7, not after a force-quit (26: unless
    /// AccessorySetupKit). Otherwise it stops and the centrals lose the app.
    mutating func peripheralProcessEnded(
        _ reason: TerminationReason, _ conditions: BluetoothConditions, into effects: inout [DeviceEffect]
    ) {
        let linked = centrals.contains { $0.connected || $0.connecting }
        guard advertising || linked else { return }
        let (keep, cited) = restorationKeeps(declared: peripheralDeclared, after: reason)
        if !keep || reason == .reboot {
            for index in centrals.indices { dropCentral(index, why: "app ended (\(reason.rawValue))", into: &effects) }
        }
        if !keep { advertising = false }
        effects.append(
            .decide(
                "peripheralStateRestoration", rules: cited,
                fields: [Field("kept", .bool(keep)), Field("after", .string(reason.rawValue))]))
        advertisementChanged(conditions, into: &effects)
    }

    /// The background advertisement's lifetime is up: it stops until the app is on screen again (BLE-3).
    mutating func advertisingLifetimeEnds(
        generation: Int, _ conditions: BluetoothConditions, into effects: inout [DeviceEffect]
    ) {
        guard generation == backgroundGeneration, form == .background else { return }
        backgroundExpired = true
        advertisementChanged(conditions, into: &effects)
    }
}
