#if canImport(CoreBluetooth) && canImport(UIKit)
    import CoreBluetooth
    import Foundation
    import Wakeful

    /// The central's and the peripherals' delegate: reports ``BluetoothEvent``s, remembers the
    /// peripherals and characteristics it has seen, and holds commands until they can run.
    ///
    /// The central delivers on the main queue, so the `nonisolated` protocol methods assume the main
    /// actor; Core Bluetooth's objects are handed over with `nonisolated(unsafe)` because they are
    /// only ever touched on that queue.
    @MainActor
    final class BluetoothDelegateProxy: NSObject, CBCentralManagerDelegate, CBPeripheralDelegate {
        private let deliver: @MainActor @Sendable (Event) -> Void
        private var poweredOn = false
        private var waitingForPower: [() -> Void] = []
        private var peripherals: [String: CBPeripheral] = [:]
        private var characteristics: [String: [String: CBCharacteristic]] = [:]
        private var waitingForCharacteristic:
            [String: [(characteristic: String, run: (CBPeripheral, CBCharacteristic) -> Void)]] = [:]

        init(deliver: @escaping @MainActor @Sendable (Event) -> Void) {
            self.deliver = deliver
        }

        /// Runs `action` now if the radio is on, else when it turns on.
        func whenPoweredOn(_ action: @escaping () -> Void) {
            if poweredOn { action() } else { waitingForPower.append(action) }
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

        /// The one required method; commands wait for `.poweredOn`.
        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanagerdelegate/centralmanagerdidupdatestate(_:)
        nonisolated func centralManagerDidUpdateState(_ central: CBCentralManager) {
            let on = central.state == .poweredOn
            MainActor.assumeIsolated {
                poweredOn = on
                guard on else { return }
                let waiting = waitingForPower
                waitingForPower = []
                for action in waiting { action() }
            }
        }

        /// State restoration after a relaunch: the peripherals that were connected or pending (BLE-4).
        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanagerdelegate/centralmanager(_:willrestorestate:)
        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanagerrestoredstateperipheralskey
        nonisolated func centralManager(_ central: CBCentralManager, willRestoreState dict: [String: Any]) {
            nonisolated(unsafe) let restored =
                dict[CBCentralManagerRestoredStatePeripheralsKey] as? [CBPeripheral] ?? []
            MainActor.assumeIsolated {
                for peripheral in restored { remember(peripheral) }
                deliver(.bluetooth(.willRestoreState(peripherals: restored.map(\.identifier.uuidString))))
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
            MainActor.assumeIsolated { deliver(.bluetooth(.disconnected(peripheral: id, error: reason))) }
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
            MainActor.assumeIsolated {
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
#endif
