#if canImport(CoreBluetooth) && canImport(UIKit)
    import CoreBluetooth
    import Foundation
    import Wakeful

    /// The central's and the peripherals' delegate: reports ``BluetoothEvent``s, remembers the
    /// peripherals and characteristics it has seen, and holds commands until they can run. What a
    /// power change or a restoration means for the links is ``BluetoothLink``'s decision.
    ///
    /// The central delivers on the main queue, so the `nonisolated` protocol methods assume the main
    /// actor; Core Bluetooth's objects are handed over with `nonisolated(unsafe)` because they are
    /// only ever touched on that queue.
    @MainActor
    final class BluetoothDelegateProxy: NSObject, CBCentralManagerDelegate, CBPeripheralDelegate {
        private let deliver: @MainActor @Sendable (Event) -> Void
        /// The links as the core knows them; the adapter records scans and connection attempts here.
        var link = BluetoothLink()
        private var waitingForPower: [() -> Void] = []
        private var peripherals: [String: CBPeripheral] = [:]
        private var characteristics: [String: [String: CBCharacteristic]] = [:]
        /// Writes without response kept until the peripheral has room for them, by peripheral.
        private var waitingForRoom: [String: [(characteristic: CBCharacteristic, data: Data)]] = [:]
        private var waitingForCharacteristic:
            [String: [(characteristic: String, run: (CBPeripheral, CBCharacteristic) -> Void)]] = [:]

        init(deliver: @escaping @MainActor @Sendable (Event) -> Void) {
            self.deliver = deliver
        }

        /// Runs `action` now if the radio is on, else when it turns on.
        func whenPoweredOn(_ action: @escaping () -> Void) {
            if link.power == .poweredOn { action() } else { waitingForPower.append(action) }
        }

        /// Runs `action` once the peripheral's characteristic has been discovered.
        func whenDiscovered(
            peripheral: String, characteristic: String, _ action: @escaping (CBPeripheral, CBCharacteristic) -> Void
        ) {
            if let target = peripherals[peripheral], let found = characteristics[peripheral]?[characteristic] {
                action(target, found)
            } else {
                waitingForCharacteristic[peripheral, default: []].append((characteristic, action))
            }
        }

        /// Writes a poll: with a response when the characteristic allows it, otherwise without one only
        /// while the peripheral has room. CBPeripheral.h:189–190: a write without response while
        /// `canSendWriteWithoutResponse` is false is "best-effort and may not be guaranteed".
        /// https://developer.apple.com/documentation/corebluetooth/cbperipheral/writevalue(_:for:type:)
        /// https://developer.apple.com/documentation/corebluetooth/cbperipheral/cansendwritewithoutresponse
        func write(_ data: Data, to characteristic: CBCharacteristic, of target: CBPeripheral) {
            switch BluetoothWritePlan.plan(
                allowsWriteWithResponse: characteristic.properties.contains(.write),
                canSendWriteWithoutResponse: target.canSendWriteWithoutResponse)
            {
            case .withResponse: target.writeValue(data, for: characteristic, type: .withResponse)
            case .withoutResponse: target.writeValue(data, for: characteristic, type: .withoutResponse)
            case .waitUntilReady:
                waitingForRoom[target.identifier.uuidString, default: []].append((characteristic, data))
            }
        }

        /// CBPeripheral.h:97–99: called once the writes without response have been flushed; the kept
        /// writes go out in order, each waiting again if the peripheral fills up.
        /// https://developer.apple.com/documentation/corebluetooth/cbperipheraldelegate/peripheralisready(tosendwritewithoutresponse:)
        nonisolated func peripheralIsReady(toSendWriteWithoutResponse peripheral: CBPeripheral) {
            nonisolated(unsafe) let target = peripheral
            MainActor.assumeIsolated {
                let waiting = waitingForRoom.removeValue(forKey: target.identifier.uuidString) ?? []
                for entry in waiting { write(entry.data, to: entry.characteristic, of: target) }
            }
        }

        /// A known peripheral, or one the system still knows by identifier (after a relaunch).
        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanager/retrieveperipherals(withidentifiers:)
        func peripheral(_ id: String, central: CBCentralManager) -> CBPeripheral? {
            if let known = peripherals[id] { return known }
            guard let uuid = UUID(uuidString: id),
                let found = central.retrievePeripherals(withIdentifiers: [uuid]).first
            else { return nil }
            remember(found)
            return found
        }

        private func remember(_ peripheral: CBPeripheral) {
            peripheral.delegate = self
            peripherals[peripheral.identifier.uuidString] = peripheral
        }

        // MARK: CBCentralManagerDelegate

        /// The one required method; commands wait for `.poweredOn`. CBCentralManager.h:262–266: below
        /// `poweredOn` "scanning has stopped and any connected peripherals have been disconnected";
        /// below `poweredOff` every `CBPeripheral` "must be retrieved or discovered again". The core
        /// hears of the disconnections, the stale objects are dropped, and at the next power-on the
        /// scan and the connection attempts the drop ended are issued again.
        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanagerdelegate/centralmanagerdidupdatestate(_:)
        nonisolated func centralManagerDidUpdateState(_ central: CBCentralManager) {
            let power = BluetoothLink.Power(central.state)
            nonisolated(unsafe) let central = central
            MainActor.assumeIsolated {
                let reaction = link.apply(power)
                if reaction.dropsCharacteristics {
                    characteristics = [:]
                    waitingForRoom = [:]
                }
                if reaction.dropsPeripherals { peripherals = [:] }
                for event in reaction.events { deliver(.bluetooth(event)) }
                guard power == .poweredOn else { return }
                if let services = reaction.rescan {
                    central.scanForPeripherals(withServices: services?.map(CBUUID.init(string:)))
                }
                for id in reaction.reconnect {
                    if let target = peripheral(id, central: central) { central.connect(target) }
                }
                let waiting = waitingForPower
                waitingForPower = []
                for action in waiting { action() }
            }
        }

        /// State restoration after a relaunch: the peripherals that were connected or pending (BLE-4).
        /// CBCentralManagerConstants.h:151–153: "all known information for each peripheral will be
        /// restored, including any discovered services, characteristics"; a restored connection gets no
        /// new `didConnect`, so it is reported connected here, its restored characteristics are cached
        /// (running the commands that waited for them) and its services are discovered if none came back.
        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanagerdelegate/centralmanager(_:willrestorestate:)
        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanagerrestoredstateperipheralskey
        nonisolated func centralManager(_ central: CBCentralManager, willRestoreState dict: [String: Any]) {
            nonisolated(unsafe) let restored =
                dict[CBCentralManagerRestoredStatePeripheralsKey] as? [CBPeripheral] ?? []
            MainActor.assumeIsolated {
                for peripheral in restored { remember(peripheral) }
                let restoration = link.restore(
                    restored.map {
                        BluetoothLink.RestoredPeripheral(
                            id: $0.identifier.uuidString, connected: $0.state == .connected,
                            hasServices: !($0.services ?? []).isEmpty)
                    })
                for event in restoration.events { deliver(.bluetooth(event)) }
                for peripheral in restored {
                    cache((peripheral.services ?? []).flatMap { $0.characteristics ?? [] }, of: peripheral)
                }
                for id in restoration.discoverServices { peripherals[id]?.discoverServices(nil) }
            }
        }

        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanagerdelegate/centralmanager(_:diddiscover:advertisementdata:rssi:)
        nonisolated func centralManager(
            _ central: CBCentralManager, didDiscover peripheral: CBPeripheral, advertisementData: [String: Any],
            rssi RSSI: NSNumber
        ) {
            nonisolated(unsafe) let found = peripheral
            let rssi = RSSI.intValue
            MainActor.assumeIsolated {
                remember(found)
                deliver(.bluetooth(.discovered(peripheral: found.identifier.uuidString, rssi: rssi)))
            }
        }

        /// Discovers services, then characteristics, so writes and subscriptions can run.
        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanagerdelegate/centralmanager(_:didconnect:)
        nonisolated func centralManager(_ central: CBCentralManager, didConnect peripheral: CBPeripheral) {
            nonisolated(unsafe) let connected = peripheral
            MainActor.assumeIsolated {
                remember(connected)
                link.didConnect(connected.identifier.uuidString)
                connected.discoverServices(nil)
                deliver(.bluetooth(.connected(peripheral: connected.identifier.uuidString)))
            }
        }

        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanagerdelegate/centralmanager(_:diddisconnectperipheral:error:)
        nonisolated func centralManager(
            _ central: CBCentralManager, didDisconnectPeripheral peripheral: CBPeripheral, error: (any Error)?
        ) {
            let id = peripheral.identifier.uuidString
            let reason = error.map { String(describing: $0) }
            MainActor.assumeIsolated {
                characteristics[id] = nil
                // Reported already if a power change ended it (BluetoothLink.apply).
                guard link.didDisconnect(id) else { return }
                deliver(.bluetooth(.disconnected(peripheral: id, error: reason)))
            }
        }

        /// A failed connect is reported as a disconnection with its error.
        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanagerdelegate/centralmanager(_:didfailtoconnect:error:)
        nonisolated func centralManager(
            _ central: CBCentralManager, didFailToConnect peripheral: CBPeripheral, error: (any Error)?
        ) {
            let id = peripheral.identifier.uuidString
            let reason = error.map { String(describing: $0) } ?? "failedToConnect"
            MainActor.assumeIsolated {
                _ = link.didDisconnect(id)
                deliver(.bluetooth(.disconnected(peripheral: id, error: reason)))
            }
        }

        // MARK: CBPeripheralDelegate

        /// https://developer.apple.com/documentation/corebluetooth/cbperipheraldelegate/peripheral(_:diddiscoverservices:)
        nonisolated func peripheral(_ peripheral: CBPeripheral, didDiscoverServices error: (any Error)?) {
            nonisolated(unsafe) let target = peripheral
            MainActor.assumeIsolated {
                for service in target.services ?? [] { target.discoverCharacteristics(nil, for: service) }
            }
        }

        /// Runs the commands that waited for these characteristics.
        /// https://developer.apple.com/documentation/corebluetooth/cbperipheraldelegate/peripheral(_:diddiscovercharacteristicsfor:error:)
        nonisolated func peripheral(
            _ peripheral: CBPeripheral, didDiscoverCharacteristicsFor service: CBService, error: (any Error)?
        ) {
            nonisolated(unsafe) let target = peripheral
            nonisolated(unsafe) let found = service.characteristics ?? []
            MainActor.assumeIsolated { cache(found, of: target) }
        }

        /// Keeps a peripheral's characteristics and runs the commands that waited for them.
        private func cache(_ found: [CBCharacteristic], of target: CBPeripheral) {
            let id = target.identifier.uuidString
            for characteristic in found {
                characteristics[id, default: [:]][characteristic.uuid.uuidString] = characteristic
            }
            let waiting = waitingForCharacteristic[id] ?? []
            waitingForCharacteristic[id] = waiting.filter { characteristics[id]?[$0.characteristic] == nil }
            for entry in waiting {
                if let characteristic = characteristics[id]?[entry.characteristic] {
                    entry.run(target, characteristic)
                }
            }
        }

        /// A subscribed characteristic changed, or a read answered.
        /// https://developer.apple.com/documentation/corebluetooth/cbperipheraldelegate/peripheral(_:didupdatevaluefor:error:)-1xyna
        nonisolated func peripheral(
            _ peripheral: CBPeripheral, didUpdateValueFor characteristic: CBCharacteristic, error: (any Error)?
        ) {
            let id = peripheral.identifier.uuidString
            let uuid = characteristic.uuid.uuidString
            let bytes = characteristic.value?.count ?? 0
            MainActor.assumeIsolated {
                deliver(.bluetooth(.valueUpdated(peripheral: id, characteristic: uuid, bytes: bytes)))
            }
        }
    }

    extension BluetoothLink.Power {
        /// CBManager.h:33–38: `unknown`, `resetting`, `unsupported` and `unauthorized` are below `poweredOff`.
        /// https://developer.apple.com/documentation/corebluetooth/cbmanagerstate
        init(_ state: CBManagerState) {
            switch state {
            case .poweredOn: self = .poweredOn
            case .poweredOff: self = .poweredOff
            default: self = .unavailable
            }
        }
    }
#endif
