import Foundation

/// What a Bluetooth central's power changes and state restoration mean for the links the core
/// believes in: which events to deliver, which cached objects to drop, what to issue again.
///
/// - CBCentralManager.h:262–266: "A state below CBCentralManagerStatePoweredOn implies that scanning
///   has stopped and any connected peripherals have been disconnected. If the state moves below
///   CBCentralManagerStatePoweredOff, all CBPeripheral objects obtained from this central manager
///   become invalid and must be retrieved or discovered again."
/// - CBCentralManagerConstants.h:151–153: restored peripherals are those "connected or pending
///   connection … When possible, all known information for each peripheral will be restored,
///   including any discovered services, characteristics and descriptors"; a restored connection
///   gets no new `didConnect`, so it is reported here and its services discovered if none came back.
/// - CBCentralManager.h, `connectPeripheral:options:`: "Connection attempts never time out and,
///   depending on the outcome, will result in a call to either centralManager:didConnectPeripheral:
///   or centralManager:didFailToConnectPeripheral:error:", but only for a `CBPeripheral`: an
///   identifier `retrievePeripheralsWithIdentifiers:` does not find gets no attempt and no callback.
///
/// It decides only; the adapter drops its caches, calls Core Bluetooth and delivers the events.
public struct BluetoothLink: Sendable, Hashable {
    /// `CBManagerState` as the contract distinguishes it.
    public enum Power: Sendable, Hashable {
        /// `poweredOn`: commands may be issued.
        case poweredOn
        /// `poweredOff`: scans stopped, connections ended; peripheral objects still valid.
        case poweredOff
        /// `unknown`, `resetting`, `unsupported`, `unauthorized` (below `poweredOff`, CBManager.h:33–38):
        /// every peripheral object is invalid too.
        case unavailable
    }

    /// What to do after a power change.
    public struct Reaction: Sendable, Hashable {
        /// Events for the core, in order.
        public var events: [BluetoothEvent] = []
        /// Drop the discovered characteristics: they belong to ended connections.
        public var dropsCharacteristics = false
        /// Drop every `CBPeripheral`: they must be retrieved again.
        public var dropsPeripherals = false
        /// Scan again with these services (the inner nil is a scan for every service).
        public var rescan: [String]?? = nil
        /// Connect again to these peripherals, whose connection attempts the power change ended.
        public var reconnect: [String] = []

        /// Nothing to do.
        public init() {}
    }

    /// A peripheral handed back by `centralManager(_:willRestoreState:)`.
    public struct RestoredPeripheral: Sendable, Hashable {
        /// Its identifier.
        public var id: String
        /// Whether its state is `.connected` (otherwise the connection is pending).
        public var connected: Bool
        /// Whether its services came back with it.
        public var hasServices: Bool

        /// Creates one.
        public init(id: String, connected: Bool, hasServices: Bool) {
            self.id = id
            self.connected = connected
            self.hasServices = hasServices
        }
    }

    /// What to do after a restoration.
    public struct Restoration: Sendable, Hashable {
        /// Events for the core: `willRestoreState`, then `connected` for each restored connection.
        public var events: [BluetoothEvent]
        /// Connected peripherals whose services did not come back: discover them.
        public var discoverServices: [String]
    }

    /// The last state seen; nil before the first.
    public private(set) var power: Power?
    /// Peripherals connected, as far as the core was told.
    public private(set) var connected: Set<String> = []
    /// Connection attempts issued to Core Bluetooth and not yet completed.
    public private(set) var pending: Set<String> = []
    /// The running scan's services (the inner nil: every service); nil when none runs.
    public private(set) var scan: [String]?? = nil

    /// A link with nothing known.
    public init() {}

    /// `scanForPeripherals(withServices:)` was called.
    public mutating func scanStarted(services: [String]?) { scan = .some(services) }

    /// `stopScan()` was called.
    public mutating func scanStopped() { scan = nil }

    /// What becomes of a ``Command/connect(peripheral:)``.
    public enum ConnectAction: Sendable, Hashable {
        /// Call `connect(_:)` with the peripheral object.
        case connect
        /// No `CBPeripheral` has this identifier: no attempt, no callback will ever come, so the
        /// command is noted as not carried out (`unknownPeripheral`). Not a disconnection: a strategy
        /// that reconnects on one would issue the same connect again at once.
        case unknownPeripheral
    }

    /// ``Command/connect(peripheral:)``, given whether a `CBPeripheral` was found for the identifier
    /// (known already, or retrieved by `retrievePeripherals(withIdentifiers:)`).
    public mutating func connect(_ id: String, retrieved: Bool) -> ConnectAction {
        guard retrieved else { return .unknownPeripheral }
        connectIssued(id)
        return .connect
    }

    /// `connect(_:)` was called.
    public mutating func connectIssued(_ id: String) { pending.insert(id) }

    /// `cancelPeripheralConnection(_:)` was called.
    public mutating func connectionCancelled(_ id: String) { pending.remove(id) }

    /// `didConnect`.
    public mutating func didConnect(_ id: String) {
        pending.remove(id)
        connected.insert(id)
    }

    /// `didDisconnectPeripheral` or `didFailToConnect`: false when the link already reported this
    /// disconnection at a power change, so the core hears of it once.
    public mutating func didDisconnect(_ id: String) -> Bool {
        pending.remove(id)
        return connected.remove(id) != nil
    }

    /// `centralManagerDidUpdateState(_:)`.
    public mutating func apply(_ new: Power) -> Reaction {
        let old = power
        power = new
        var reaction = Reaction()
        switch new {
        case .poweredOn:
            // The first power-on runs the commands that waited for it; only a return to power after
            // a drop finds a scan and connection attempts the drop ended.
            guard let old, old != .poweredOn else { return reaction }
            reaction.rescan = scan
            reaction.reconnect = pending.sorted()
        case .poweredOff, .unavailable:
            let reason = new == .poweredOff ? "poweredOff" : "bluetoothUnavailable"
            reaction.events = connected.sorted().map { .disconnected(peripheral: $0, error: reason) }
            connected = []
            reaction.dropsCharacteristics = true
            reaction.dropsPeripherals = new == .unavailable
        }
        return reaction
    }

    /// `centralManager(_:willRestoreState:)`: the restored peripherals are the core's again.
    public mutating func restore(_ peripherals: [RestoredPeripheral]) -> Restoration {
        var events: [BluetoothEvent] = [.willRestoreState(peripherals: peripherals.map(\.id))]
        var discover: [String] = []
        for peripheral in peripherals {
            if peripheral.connected {
                connected.insert(peripheral.id)
                events.append(.connected(peripheral: peripheral.id))
                if !peripheral.hasServices { discover.append(peripheral.id) }
            } else {
                pending.insert(peripheral.id)
            }
        }
        return Restoration(events: events, discoverServices: discover)
    }
}
