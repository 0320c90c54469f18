import CoreBluetooth

/// Advertises the badge service so the door reader unlocks as the user approaches, also while
/// the app is in the background; iOS restores the manager when it relaunches the app.
final class BadgeAdvertiser: NSObject, CBPeripheralManagerDelegate {
    private var manager: CBPeripheralManager!

    override init() {
        super.init()
        manager = CBPeripheralManager(
            delegate: self, queue: nil,
            options: [CBPeripheralManagerOptionRestoreIdentifierKey: "com.example.badge.peripheral"])
    }

    func peripheralManagerDidUpdateState(_ peripheral: CBPeripheralManager) {
        guard peripheral.state == .poweredOn else { return }
        peripheral.startAdvertising([CBAdvertisementDataServiceUUIDsKey: [CBUUID(string: "FFF0")]])
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, willRestoreState dict: [String: Any]) {}
}
