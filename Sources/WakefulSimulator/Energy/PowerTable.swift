import Foundation

/// Component power, in milliwatts, with where each default comes from.
///
/// Apple publishes no per-component figures (ENERGY-8), so no default here is a measurement: each
/// is an assumption calibrated against the few anchors the policy reference has, and stated next
/// to its value. Replace them with your own device's figures if you have them; every report names
/// the table it used (``identifier``) and labels its output an estimate.
public struct PowerTable: Sendable, Hashable, Codable {
    /// Names this table in reports.
    public var identifier: String
    /// Battery capacity in mAh, to express drain as a share per hour.
    public var batteryCapacity: Double
    /// Nominal battery voltage, to turn energy into mAh.
    public var batteryVoltage: Double
    /// CPU awake for the app with no load.
    public var cpuAwake: Double
    /// Extra power at 100 % CPU utilisation; scales linearly with utilisation.
    public var cpuFullLoad: Double
    /// GPS receiver on.
    public var gps: Double
    /// Cell/Wi-Fi positioning.
    public var cellLocation: Double
    /// Bluetooth scanning at full duty, as beacon ranging does.
    public var ranging: Double
    /// Other Bluetooth LE scanning.
    public var bluetoothScan: Double
    /// Holding a Bluetooth LE connection.
    public var bluetoothConnected: Double
    /// Cellular or Wi-Fi radio active (transfer and tail).
    public var radioActive: Double
    /// Fixed energy of one wake, in joules.
    public var wakeJoules: Double
    /// The phone's own drain, locked and idle on Wi-Fi with no app working: not the app's cost,
    /// but part of every whole-phone figure (battery-life reports, `devicePercentPerHour`).
    public var standby: Double

    /// The defaults.
    public static let standard = PowerTable(
        identifier: "wakeful-assumed-2026.1",
        // Assumption: a typical recent iPhone, 3,000 mAh at 3.85 V.
        batteryCapacity: 3000, batteryVoltage: 3.85,
        // Assumption anchored on ENERGY-1 (idle = 10 × sleep): an awake CPU at ≈100 mW, so a phone
        // kept awake doing nothing loses ≈1 % an hour on top of standby.
        cpuAwake: 100,
        // ENERGY-1: 100 % CPU = 10 × idle, so full load adds 9 × the awake figure.
        cpuFullLoad: 900,
        // Assumption checked against ENERGY-4: GPS all hour with the CPU awake comes to ≈5–10 %/h.
        gps: 450,
        // Seed 002: 3 km accuracy uses the cell radio that is on anyway, "no additional battery drain";
        // a token figure keeps it visible.
        cellLocation: 5,
        // Seed 002: ranging all day drains the battery about twice as fast as normal; with the CPU
        // awake for the callbacks that is ≈1.5 %/h, of which ≈60 mW is the radio (ENERGY-6).
        ranging: 60,
        // Assumption: duty-cycled background scanning at about a third of ranging's cost (BLE-2).
        bluetoothScan: 20,
        // Assumption: a BLE connection with occasional traffic.
        bluetoothConnected: 10,
        // Assumption for an active cellular/Wi-Fi radio; ENERGY-2's tail is counted in the seconds.
        radioActive: 800,
        // ENERGY-2: every wake pays a fixed cost for radios, memory and buses; assumed ≈1 J.
        wakeJoules: 1,
        // An idle iPhone on Wi-Fi lost 0.79–0.80 %/h over 5 h (corpus: energy-idle-wifi-baseline):
        // 0.8 % of this table's 3,000 mAh at 3.85 V is ≈92 mW.
        standby: 92)

    /// Creates a table.
    public init(
        identifier: String, batteryCapacity: Double, batteryVoltage: Double, cpuAwake: Double, cpuFullLoad: Double,
        gps: Double, cellLocation: Double, ranging: Double, bluetoothScan: Double, bluetoothConnected: Double,
        radioActive: Double, wakeJoules: Double, standby: Double = 0
    ) {
        self.identifier = identifier
        self.batteryCapacity = batteryCapacity
        self.batteryVoltage = batteryVoltage
        self.cpuAwake = cpuAwake
        self.cpuFullLoad = cpuFullLoad
        self.gps = gps
        self.cellLocation = cellLocation
        self.ranging = ranging
        self.bluetoothScan = bluetoothScan
        self.bluetoothConnected = bluetoothConnected
        self.radioActive = radioActive
        self.wakeJoules = wakeJoules
        self.standby = standby
    }
}
