#if canImport(CoreBluetooth) && canImport(UIKit)
    import CoreBluetooth
    import Foundation
    import Wakeful

    /// Carries out the core's Bluetooth central commands with a `CBCentralManager` that opts in to
    /// state restoration (BLE-4), and reports what Core Bluetooth delivers as ``BluetoothEvent``s.
    ///
    /// Peripherals and characteristics are named by their UUID strings. Commands that arrive before
    /// the radio is powered on, or before a connected peripheral's characteristics are discovered,
    /// wait and run in order once they can: Core Bluetooth rejects them earlier. The central itself
    /// may wait for the app to ask for Bluetooth (``BluetoothCentralPolicy``): creating it is what
    /// shows the permission prompt; commands wait for it as they wait for power.
    @MainActor
    final class BluetoothAdapter {
        private let restoreIdentifier: String
        /// Nil until ``createCentral()``.
        private var central: CBCentralManager?
        private let proxy: BluetoothDelegateProxy
        private let pollPayload: @MainActor (String, String, Int) -> Data
        /// Notes a command Core Bluetooth cannot carry out, with the reason.
        private let notCarriedOut: @MainActor (Command, String) -> Void

        /// Prepares the adapter; the central is created by ``createCentral()``.
        init(
            restoreIdentifier: String, pollPayload: @escaping @MainActor (String, String, Int) -> Data,
            notCarriedOut: @escaping @MainActor (Command, String) -> Void,
            deliver: @escaping @MainActor @Sendable (Event) -> Void
        ) {
            self.restoreIdentifier = restoreIdentifier
            self.pollPayload = pollPayload
            self.notCarriedOut = notCarriedOut
            self.proxy = BluetoothDelegateProxy(deliver: deliver)
        }

        /// `CBManager.authorization` before any central exists (CBManager.h: "You can also use it to
        /// check authorization status before allocating CBManager").
        /// https://developer.apple.com/documentation/corebluetooth/cbmanager/authorization-swift.type.property
        static var authorization: BluetoothCentralPolicy.Authorization {
            switch CBManager.authorization {
            case .notDetermined: .notDetermined
            case .restricted: .restricted
            case .denied: .denied
            case .allowedAlways: .allowedAlways
            @unknown default: .denied
            }
        }

        /// Creates the central with `CBCentralManagerOptionRestoreIdentifierKey`, once; it must be
        /// created on every launch with the same identifier for the system to restore it. While the
        /// user has not answered, this shows the Bluetooth permission prompt.
        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanager/init(delegate:queue:options:)
        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanageroptionrestoreidentifierkey
        func createCentral() {
            guard central == nil else { return }
            // A nil queue delivers on the main queue.
            central = CBCentralManager(
                delegate: proxy, queue: nil, options: [CBCentralManagerOptionRestoreIdentifierKey: restoreIdentifier])
        }

        /// Runs `action` with the central once it exists and the radio is on.
        private func whenPoweredOn(_ action: @escaping (CBCentralManager, BluetoothDelegateProxy) -> Void) {
            proxy.whenPoweredOn { [weak self] in
                guard let self, let central else { return }
                action(central, proxy)
            }
        }

        /// ``Command/scanForPeripherals(services:)``; nil finds nothing in the background (BLE-2).
        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanager/scanforperipherals(withservices:options:)
        func scan(services: [String]?) {
            whenPoweredOn { central, proxy in
                central.scanForPeripherals(withServices: services?.map(CBUUID.init(string:)))
                proxy.link.scanStarted(services: services)
            }
        }

        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanager/stopscan()
        func stopScan() {
            whenPoweredOn { central, proxy in
                central.stopScan()
                proxy.link.scanStopped()
            }
        }

        /// ``Command/connect(peripheral:)``: no timeout, completes whenever the peripheral is in range
        /// (BLE-4). An identifier Core Bluetooth does not know gets no attempt and never a callback, so
        /// the command is noted as not carried out (``BluetoothLink/connect(_:retrieved:)``).
        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanager/connect(_:options:)
        func connect(_ peripheral: String) {
            whenPoweredOn { [notCarriedOut] central, proxy in
                let target = proxy.peripheral(peripheral, central: central)
                switch proxy.link.connect(peripheral, retrieved: target != nil) {
                case .connect: if let target { central.connect(target) }
                case .unknownPeripheral: notCarriedOut(.connect(peripheral: peripheral), "unknownPeripheral")
                }
            }
        }

        /// https://developer.apple.com/documentation/corebluetooth/cbcentralmanager/cancelperipheralconnection(_:)
        func cancelConnection(_ peripheral: String) {
            whenPoweredOn { central, proxy in
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
