import Wakeful

/// What `BluetoothDelegateProxy` does with ``BluetoothLink`` against the fake central: caches of
/// handles and characteristics, commands held until power and characteristics allow them.
final class BluetoothModel {
    let central: FakeCentralManager
    private(set) var link = BluetoothLink()
    private(set) var delivered: [BluetoothEvent] = []
    /// Commands noted as not carried out, with the reason (`commandNotCarriedOut`).
    private(set) var notCarriedOut: [String] = []
    private var handles: [String: FakeCentralManager.Handle] = [:]
    private var characteristics: [String: Set<String>] = [:]
    private var waitingForPower: [() -> Void] = []
    private var waitingForCharacteristic: [String: [(String, () -> Void)]] = [:]

    init(central: FakeCentralManager) { self.central = central }

    // Commands
    func scan(_ services: [String]?) {
        whenPoweredOn { [self] in
            central.scan(services)
            link.scanStarted(services: services)
        }
    }

    func connect(_ id: String) {
        whenPoweredOn { [self] in
            let target = handle(id)
            switch link.connect(id, retrieved: target != nil) {
            case .connect: if let target { central.connect(target) }
            case .unknownPeripheral: notCarriedOut.append("connect \(id): unknownPeripheral")
            }
        }
    }

    func write(_ id: String, _ characteristic: String) {
        let run = { [self] in if let target = handle(id) { central.write(target, characteristic: characteristic) } }
        if characteristics[id]?.contains(characteristic) == true {
            run()
        } else {
            waitingForCharacteristic[id, default: []].append((characteristic, run))
        }
    }

    // Delegate callbacks
    func didUpdateState() {
        let reaction = link.apply(central.power)
        if reaction.dropsCharacteristics { characteristics = [:] }
        if reaction.dropsPeripherals { handles = [:] }
        delivered += reaction.events
        guard central.power == .poweredOn else { return }
        if let services = reaction.rescan { central.scan(services) }
        for id in reaction.reconnect { if let target = handle(id) { central.connect(target) } }
        let waiting = waitingForPower
        waitingForPower = []
        for action in waiting { action() }
    }

    func didConnect(_ id: String) {
        link.didConnect(id)
        delivered.append(.connected(peripheral: id))
        discovered(id, central.characteristics[id] ?? [])
    }

    func willRestoreState(connected id: String, restoredCharacteristics: [String]) {
        handles[id] = central.handle(id)
        let restoration = link.restore([
            BluetoothLink.RestoredPeripheral(id: id, connected: true, hasServices: !restoredCharacteristics.isEmpty)
        ])
        delivered += restoration.events
        discovered(id, restoredCharacteristics)
        for id in restoration.discoverServices { discovered(id, central.characteristics[id] ?? []) }
    }

    private func discovered(_ id: String, _ found: [String]) {
        characteristics[id, default: []].formUnion(found)
        let waiting = waitingForCharacteristic[id] ?? []
        waitingForCharacteristic[id] = waiting.filter { !(characteristics[id]?.contains($0.0) ?? false) }
        for (characteristic, run) in waiting where characteristics[id]?.contains(characteristic) == true { run() }
    }

    private func whenPoweredOn(_ action: @escaping () -> Void) {
        if central.power == .poweredOn && link.power == .poweredOn { action() } else { waitingForPower.append(action) }
    }

    /// A known handle, or one retrieved again (`retrievePeripherals(withIdentifiers:)`); nil for an
    /// identifier the system does not know.
    private func handle(_ id: String) -> FakeCentralManager.Handle? {
        if let known = handles[id] { return known }
        let fresh = central.retrieve(id)
        handles[id] = fresh
        return fresh
    }
}
