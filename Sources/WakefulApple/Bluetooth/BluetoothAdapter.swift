#if canImport(CoreBluetooth) && canImport(UIKit)
    import CoreBluetooth
    import Foundation
    import Wakeful

    /// Carries out the core's Bluetooth central commands with a `CBCentralManager` that opts in to
    /// state restoration (BLE-4), and reports what Core Bluetooth delivers as ``BluetoothEvent``s.
    ///
    /// Peripherals and characteristics are named by their UUID strings. Commands that arrive before
    /// the radio is powered on, or before a connected peripheral's characteristics are discovered,
    /// wait and run in order once they can: Core Bluetooth rejects them earlier.
    @MainActor
    final class BluetoothAdapter {
        private let central: CBCentralManager
        private let proxy: BluetoothDelegateProxy
        private let pollPayload: @MainActor (String, String, Int) -> Data
        /// Notes a command Core Bluetooth cannot carry out, with the reason.
        private let notCarriedOut: @MainActor (Command, String) -> Void

        /// Creates the central with `CBCentralManagerOptionRestoreIdentifierKey`; it must be created
        /// on every launch with the same identifier for the system to restore it.
        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanager/init(delegate:queue:options:)
        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanageroptionrestoreidentifierkey
        init(
            restoreIdentifier: String, pollPayload: @escaping @MainActor (String, String, Int) -> Data,
            notCarriedOut: @escaping @MainActor (Command, String) -> Void,
            deliver: @escaping @MainActor @Sendable (Event) -> Void
        ) {
            self.pollPayload = pollPayload
            self.notCarriedOut = notCarriedOut
            let proxy = BluetoothDelegateProxy(deliver: deliver)
            self.proxy = proxy
            // A nil queue delivers on the main queue.
            self.central = CBCentralManager(
                delegate: proxy, queue: nil, options: [CBCentralManagerOptionRestoreIdentifierKey: restoreIdentifier])
        }

        /// ``Command/scanForPeripherals(services:)``; nil finds nothing in the background (BLE-2).
        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanager/scanforperipherals(withservices:options:)
        func scan(services: [String]?) {
            proxy.whenPoweredOn { [central, proxy] in
                central.scanForPeripherals(withServices: services?.map(CBUUID.init(string:)))
                proxy.link.scanStarted(services: services)
            }
        }

        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanager/stopscan()
        func stopScan() {
            proxy.whenPoweredOn { [central, proxy] in
                central.stopScan()
                proxy.link.scanStopped()
            }
        }

        /// ``Command/connect(peripheral:)``: no timeout, completes whenever the peripheral is in range
        /// (BLE-4). An identifier Core Bluetooth does not know gets no attempt and never a callback, so
        /// the command is noted as not carried out (``BluetoothLink/connect(_:retrieved:)``).
        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanager/connect(_:options:)
        func connect(_ peripheral: String) {
            proxy.whenPoweredOn { [central, proxy, notCarriedOut] in
                let target = proxy.peripheral(peripheral, central: central)
                switch proxy.link.connect(peripheral, retrieved: target != nil) {
                case .connect: if let target { central.connect(target) }
                case .unknownPeripheral: notCarriedOut(.connect(peripheral: peripheral), "unknownPeripheral")
                }
            }
        }

        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanager/cancelperipheralconnection(_:)
        func cancelConnection(_ peripheral: String) {
            proxy.whenPoweredOn { [central, proxy] in
                // Nothing to cancel for an identifier Core Bluetooth does not know: no attempt was made.
                guard let target = proxy.peripheral(peripheral, central: central) else { return }
                central.cancelPeripheralConnection(target)
                proxy.link.connectionCancelled(peripheral)
            }
        }

        /// ``Command/writeValue(peripheral:characteristic:bytes:)``: the app's poll bytes, with a
        /// response when the characteristic allows it, else without once the peripheral has room
        /// (``BluetoothWritePlan``).
        func write(peripheral: String, characteristic: String, bytes: Int) {
            let data = pollPayload(peripheral, characteristic, bytes)
            proxy.whenDiscovered(peripheral: peripheral, characteristic: characteristic) { [proxy] target, found in
                proxy.write(data, to: found, of: target)
            }
        }

        /// ``Command/subscribe(peripheral:characteristic:)``.
        /// https://developer.apple.com/documentation/corebluetooth/cbperipheral/setnotifyvalue(_:for:)
        func subscribe(peripheral: String, characteristic: String) {
            proxy.whenDiscovered(peripheral: peripheral, characteristic: characteristic) { target, found in
                target.setNotifyValue(true, for: found)
            }
        }
    }
#endif
