import Testing
import Wakeful
import WakefulTestSupport

@Suite("Bluetooth power changes and restoration against CBCentralManager's contract", .watchdog)
struct BluetoothLinkTests {
    static let pump = "6F0E2C1A-0000-4000-8000-000000000001"

    /// A central powered on with the pump connected and its characteristic discovered.
    static func connectedPump() -> (FakeCentralManager, BluetoothModel) {
        let central = FakeCentralManager()
        central.characteristics[pump] = ["FFE1"]
        let app = BluetoothModel(central: central)
        central.setState(.poweredOn)
        app.didUpdateState()
        app.scan(["FFE0"])
        app.connect(pump)
        _ = central.completeConnection(pump)
        app.didConnect(pump)
        return (central, app)
    }

    @Test("a power cycle reports the disconnection and scans again; the retrieved handle stays valid")
    func powerCycle() {
        let (central, app) = Self.connectedPump()
        central.setState(.unavailable)  // resetting: every CBPeripheral is invalid
        app.didUpdateState()
        #expect(app.delivered.last == .disconnected(peripheral: Self.pump, error: "bluetoothUnavailable"))
        central.setState(.poweredOn)
        app.didUpdateState()
        #expect(central.scanning == .some(["FFE0"]))
        app.connect(Self.pump)  // the strategy reconnects on the disconnection
        _ = central.completeConnection(Self.pump)
        app.didConnect(Self.pump)
        app.write(Self.pump, "FFE1")
        #expect(central.violations.isEmpty)
        #expect(central.writes == ["\(Self.pump)/FFE1"])
    }

    @Test("keeping the old handle after a reset, as the old proxy did, uses an invalid CBPeripheral")
    func staleHandleIsTheOldBreak() {
        let central = FakeCentralManager()
        central.setState(.poweredOn)
        let stale = central.handle(Self.pump)
        central.setState(.unavailable)
        central.setState(.poweredOn)
        central.connect(stale)
        #expect(central.violations == ["invalid CBPeripheral \(Self.pump) used"])
    }

    @Test("a disconnection reported at the power change is not reported again by didDisconnect")
    func disconnectionOnce() {
        var link = BluetoothLink()
        _ = link.apply(.poweredOn)
        link.didConnect("a")
        let reaction = link.apply(.poweredOff)
        #expect(reaction.events == [.disconnected(peripheral: "a", error: "poweredOff")])
        #expect(reaction.dropsCharacteristics && !reaction.dropsPeripherals)
        let again = link.didDisconnect("a")
        #expect(!again)
    }

    @Test("a connection attempt ended by the power change is issued again at power-on")
    func pendingConnect() {
        var link = BluetoothLink()
        _ = link.apply(.poweredOn)
        link.connectIssued("a")
        _ = link.apply(.poweredOff)
        let back = link.apply(.poweredOn)
        #expect(back.reconnect == ["a"])
        #expect(back.rescan == nil)
    }

    @Test("a restored connected peripheral is reported connected and its writes go out without didConnect")
    func restoredPeripheral() {
        let central = FakeCentralManager()
        central.relaunch(restoringConnected: Self.pump, characteristics: ["FFE1"])
        let app = BluetoothModel(central: central)
        app.write(Self.pump, "FFE1")  // the keep-alive's poll, issued before restoration arrives
        app.willRestoreState(connected: Self.pump, restoredCharacteristics: ["FFE1"])
        #expect(
            app.delivered == [.willRestoreState(peripherals: [Self.pump]), .connected(peripheral: Self.pump)])
        #expect(central.writes == ["\(Self.pump)/FFE1"])
        #expect(central.violations.isEmpty)
    }

    @Test("a connect for an identifier Core Bluetooth does not know is noted, not left waiting")
    func unknownPeripheral() {
        let central = FakeCentralManager()
        central.unknown = ["FORGOTTEN"]
        let app = BluetoothModel(central: central)
        central.setState(.poweredOn)
        app.didUpdateState()
        app.connect("FORGOTTEN")
        #expect(app.notCarriedOut == ["connect FORGOTTEN: unknownPeripheral"])
        #expect(central.connecting.isEmpty && app.link.pending.isEmpty)
        #expect(app.delivered.isEmpty)  // no disconnection: a keep-alive would connect again at once
    }

    @Test("returning silently when nothing is retrieved, as the old adapter did, leaves the core waiting forever")
    func silentDropIsTheOldBreak() {
        let central = FakeCentralManager()
        central.unknown = ["FORGOTTEN"]
        central.setState(.poweredOn)
        // The old adapter: `guard let target = retrieve(id) else { return }`.
        if let target = central.retrieve("FORGOTTEN") { central.connect(target) }
        #expect(central.connecting.isEmpty)  // no attempt, so never didConnect nor didFailToConnect
    }

    @Test("a restored connection without services has them discovered")
    func restoredWithoutServices() {
        var link = BluetoothLink()
        let restoration = link.restore([
            .init(id: "a", connected: true, hasServices: false), .init(id: "b", connected: false, hasServices: false),
        ])
        #expect(restoration.discoverServices == ["a"])
        #expect(link.connected == ["a"] && link.pending == ["b"])
    }
}
