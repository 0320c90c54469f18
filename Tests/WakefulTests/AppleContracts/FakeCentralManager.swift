import Wakeful

/// CBCentralManager as its headers describe it, recording what a device would do:
///
/// - CBCentralManager.h:262–266: below `poweredOn` "scanning has stopped and any connected
///   peripherals have been disconnected" (no `didDisconnect` is promised); below `poweredOff` "all
///   CBPeripheral objects obtained from this central manager become invalid";
/// - CBCentralManagerConstants.h:151–153: a relaunch restores peripherals "connected or pending
///   connection", with their discovered services and characteristics, and calls no `didConnect`;
/// - CBCentralManager.h: `retrievePeripheralsWithIdentifiers:` "Attempts to retrieve the
///   CBPeripheral object(s)": an identifier the system does not know gives none, and with no
///   `CBPeripheral` there is no connection attempt, and so never a callback.
final class FakeCentralManager {
    /// A `CBPeripheral` object: valid until the state drops below `poweredOff`.
    struct Handle: Hashable {
        var id: String
        var generation: Int
    }

    private(set) var power: BluetoothLink.Power = .poweredOff
    private(set) var scanning: [String]?? = nil
    private(set) var connected: Set<String> = []
    private(set) var connecting: Set<String> = []
    private(set) var writes: [String] = []
    private(set) var violations: [String] = []
    private var generation = 0
    /// What each connected peripheral's characteristics are once discovered.
    var characteristics: [String: [String]] = [:]
    /// Identifiers the system does not know (never discovered, or forgotten).
    var unknown: Set<String> = []

    func handle(_ id: String) -> Handle { Handle(id: id, generation: generation) }

    /// `retrievePeripherals(withIdentifiers:)` for one identifier.
    func retrieve(_ id: String) -> Handle? { unknown.contains(id) ? nil : handle(id) }

    func setState(_ new: BluetoothLink.Power) {
        power = new
        if new != .poweredOn {
            scanning = nil
            connected = []
            connecting = []
        }
        if new == .unavailable { generation += 1 }
    }

    func scan(_ services: [String]?) {
        guard power == .poweredOn else { return violations.append("scan while not powered on") }
        scanning = .some(services)
    }

    func connect(_ handle: Handle) {
        guard valid(handle) else { return }
        connecting.insert(handle.id)
    }

    /// The peripheral comes in range: a pending connection completes.
    func completeConnection(_ id: String) -> Bool {
        guard connecting.remove(id) != nil else { return false }
        connected.insert(id)
        return true
    }

    func write(_ handle: Handle, characteristic: String) {
        guard valid(handle) else { return }
        guard connected.contains(handle.id) else { return violations.append("write to disconnected \(handle.id)") }
        writes.append("\(handle.id)/\(characteristic)")
    }

    /// A relaunch restoring one connected peripheral with its characteristics.
    func relaunch(restoringConnected id: String, characteristics: [String]) {
        generation += 1
        power = .poweredOn
        connected = [id]
        self.characteristics[id] = characteristics
    }

    private func valid(_ handle: Handle) -> Bool {
        guard handle.generation == generation else {
            violations.append("invalid CBPeripheral \(handle.id) used")
            return false
        }
        return true
    }
}
