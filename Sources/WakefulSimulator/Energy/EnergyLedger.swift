import Foundation

/// How long each power-drawing component was on during a run, and how often the app was woken:
/// the quantities the energy model prices. Kept by the device as it runs.
public struct EnergyLedger: Sendable, Hashable, Codable {
    /// Seconds the app's process was executing (CPU awake for it).
    public var cpuAwakeSeconds: Double = 0
    /// Integral of CPU utilisation over executing time (seconds at 100 %).
    public var cpuLoadSeconds: Double = 0
    /// Seconds of GPS-grade location updates (accuracy better than 100 m).
    public var gpsSeconds: Double = 0
    /// Seconds of cell/Wi-Fi location updates (3 km accuracy and the like, LOC-6).
    public var cellLocationSeconds: Double = 0
    /// Seconds of beacon ranging: the Bluetooth radio scanning at full duty (seed 002, ENERGY-6).
    public var rangingSeconds: Double = 0
    /// Seconds of other Bluetooth LE scanning.
    public var bluetoothScanSeconds: Double = 0
    /// Seconds connected to a Bluetooth LE accessory.
    public var bluetoothConnectedSeconds: Double = 0
    /// Seconds the cellular or Wi-Fi radio was active for transfers, tails included (ENERGY-2).
    public var radioActiveSeconds: Double = 0
    /// Bytes sent or received.
    public var radioBytes: Int = 0
    /// Wakes and launches, each paying a fixed cost (ENERGY-2).
    public var wakes: Int = 0

    /// Creates an empty ledger.
    public init() {}
}
