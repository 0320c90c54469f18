import CoreBluetooth

final class ThermometerLink: NSObject, CBCentralManagerDelegate {
    private var central: CBCentralManager?

    func connect() {
        central = CBCentralManager(delegate: self, queue: nil)
    }

    func centralManagerDidUpdateState(_ central: CBCentralManager) {}
}
