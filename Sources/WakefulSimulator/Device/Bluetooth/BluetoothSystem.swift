import Foundation
import Wakeful

/// Core Bluetooth on the device, in both of the app's roles, and the world's accessories: as a
/// central, its links to the peripherals, its scan and the events on their way to it (BLE-1,
/// BLE-2, BLE-4); as a peripheral (`CBPeripheralManager`), its advertisement and the world's
/// centrals that find it (BLE-1, BLE-3). Core Bluetooth outlives a process the system removes
/// (BLE-4), so this belongs to the device.
///
/// It reads the device through ``BluetoothConditions`` and returns ``DeviceEffect``s: agenda
/// entries (deliveries, scan windows, idle timers, the centrals' connects and writes, the
/// background advertisement's end), its decisions, and the run's Bluetooth tallies. The delegate
/// event a delivery or a central's write brings comes back as a value; waking or relaunching the
/// app for it is the device's. Only this folder's files touch its fields.
struct BluetoothSystem {
    // MARK: The app as a central

    /// Control Center's switch.
    var poweredOn = true
    /// By accessory index: the central's link to each world accessory.
    var links: [AccessoryLink] = []
    var scanning = false
    /// The services the scan looks for; nil for every service (BLE-2).
    var scanServices: [String]?
    /// When the scan started, or its time was last counted.
    var scanSince: TimeInterval = 0
    /// Events and connection completions on their way, by serial.
    var deliveries: [(serial: Int, accessory: Int, kind: Delivery)] = []
    var serial = 0
    /// Where in its period the background scan's window opens, 0…1, drawn per run (BLE-2).
    let scanPhase: Double
    /// A look at the accessories is due when the next background scan window opens.
    var scanWindowPending = false
    /// The background scan listens until then (the window opened by the agenda, whose times are
    /// whole milliseconds, so the phase arithmetic alone could miss it).
    var scanWindowOpenUntil = -Double.infinity

    // MARK: The app as a peripheral

    /// The app asked to advertise (`startAdvertising`) and has not stopped.
    var advertising = false
    var localName: String?
    var services: [String] = []
    /// The advertisement's form last reported, to record only changes.
    var form = AdvertisementForm.off
    /// By accessory index; only centrals are used.
    var centrals: [CentralLink] = []
    /// Set while a peripheral-manager event wakes the app: the `bluetooth-peripheral` mode gates it (BLE-1).
    var waking = false
    /// How long a background advertisement lasts in this run (BLE-3), drawn per run.
    let backgroundLifetime: TimeInterval
    /// Counts background advertisements, so that an earlier one's end does not stop a later one.
    var backgroundGeneration = 0
    /// The background advertisement outlived its lifetime; cleared when the app is on screen again.
    var backgroundExpired = false

    // MARK: What the run fixes

    let rules: BluetoothRules
    /// The world's accessories, peripherals and centrals, by index.
    let accessories: [WorldAccessory]
    /// `UIBackgroundModes` declares `bluetooth-central`.
    let centralDeclared: Bool
    /// `UIBackgroundModes` declares `bluetooth-peripheral`.
    let peripheralDeclared: Bool
    /// On 26 an AccessorySetupKit app is still restored after a force-quit or Bluetooth off (BLE-4).
    let accessorySetupKitException: Bool
    /// A force-quit ends state restoration (TERM-1, BLE-4).
    let forceQuitBlocksRestoration: Bool

    /// What waits on its way to the app.
    enum Delivery {
        case connect
        case value(characteristic: String, bytes: Int)
        case event(BluetoothEvent)
    }

    /// Time to set up a connection to a connectable peripheral with the display lit (cfg,
    /// assumption: 0.1 s); with it off, ``BluetoothRules/screenOffConnectLatency`` (BLE-4).
    static let connectLatency: TimeInterval = 0.1
    /// Time for the accessory to answer a poll (cfg, assumption: 0.05 s).
    static let responseLatency: TimeInterval = 0.05
    /// Bytes in one answer (cfg, assumption: 20, one default ATT payload).
    static let answerBytes = 20

    /// Core Bluetooth powered on with nothing outstanding. Stream 80 (`random`) gives the
    /// background scan's phase (BLE-2), then how long a background advertisement lasts (BLE-3).
    ///
    /// - Parameter forceQuitBlocksRestoration: A force-quit ends state restoration (TERM-1).
    init(
        rules: BluetoothRules, accessories: [WorldAccessory], backgroundModes: [BackgroundMode],
        accessorySetupKit: Bool, forceQuitBlocksRestoration: Bool, random: SeededGenerator
    ) {
        self.rules = rules
        self.accessories = accessories
        centralDeclared = backgroundModes.contains(.bluetoothCentral)
        peripheralDeclared = backgroundModes.contains(.bluetoothPeripheral)
        accessorySetupKitException = rules.restorationAfterForceQuit == .accessorySetupKitOnly && accessorySetupKit
        self.forceQuitBlocksRestoration = forceQuitBlocksRestoration
        var random = random
        scanPhase = random.nextDouble()
        let lifetime = rules.backgroundAdvertisingLifetime
        backgroundLifetime =
            lifetime.lowerBound + random.nextDouble() * (lifetime.upperBound - lifetime.lowerBound)
    }
}
