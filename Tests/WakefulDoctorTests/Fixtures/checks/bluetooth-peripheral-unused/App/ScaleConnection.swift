import CoreBluetooth

/// Connects to the scale as a central. The app once advertised as a peripheral too.
final class ScaleConnection: NSObject, CBCentralManagerDelegate {
    private var central: CBCentralManager!
    private var advertiser: CBPeripheralManager?

    override init() {
        super.init()
        central = CBCentralManager(delegate: self, queue: nil)
    }

    func centralManagerDidUpdateState(_ central: CBCentralManager) {
        guard central.state == .poweredOn else { return }
        central.scanForPeripherals(withServices: [CBUUID(string: "181D")])
    }
}
