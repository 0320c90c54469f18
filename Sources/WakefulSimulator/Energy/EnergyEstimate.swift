import Foundation

/// An estimate of the energy a run cost, by component: priced from the run's ``EnergyLedger`` with
/// a ``PowerTable``. Always an estimate, never a measurement (§13, ENERGY-8).
public struct EnergyEstimate: Sendable, Hashable, Codable {
    /// Always `"estimate"`, so no reader mistakes it for a measurement.
    public var kind: String
    /// The power table used.
    public var powerTable: String
    /// Milliampere-hours in all.
    public var totalMilliampereHours: Double
    /// Milliampere-hours per simulated hour.
    public var milliampereHoursPerHour: Double
    /// Share of the battery per hour, in percent: what the app costs.
    public var batteryPercentPerHour: Double
    /// The whole phone's drain per hour, in percent: the app's cost plus the phone's own standby
    /// (``PowerTable/standby``). Compare this with battery-life reports, which see the whole phone.
    public var devicePercentPerHour: Double
    /// Milliampere-hours by component, largest first; components that cost nothing are left out.
    public var byComponent: [Component]

    /// One component's share.
    public struct Component: Sendable, Hashable, Codable {
        /// `cpu`, `gps`, `cellLocation`, `ranging`, `bluetoothScan`, `bluetoothConnected`, `radio` or `wakes`.
        public var name: String
        /// Milliampere-hours.
        public var milliampereHours: Double
    }

    /// Prices a ledger.
    /// - Parameters:
    ///   - ledger: What the run did.
    ///   - hours: The run's length in hours, for the per-hour figures.
    ///   - table: Component power.
    public init(_ ledger: EnergyLedger, hours: Double, table: PowerTable = .standard) {
        // mW × s → mWh / 3600; ÷ V → mAh.
        func mAh(_ milliwatts: Double, _ seconds: Double) -> Double {
            milliwatts * seconds / 3600 / table.batteryVoltage
        }
        let parts: [(String, Double)] = [
            ("cpu", mAh(table.cpuAwake, ledger.cpuAwakeSeconds) + mAh(table.cpuFullLoad, ledger.cpuLoadSeconds)),
            ("gps", mAh(table.gps, ledger.gpsSeconds)),
            ("cellLocation", mAh(table.cellLocation, ledger.cellLocationSeconds)),
            ("ranging", mAh(table.ranging, ledger.rangingSeconds)),
            ("bluetoothScan", mAh(table.bluetoothScan, ledger.bluetoothScanSeconds)),
            ("bluetoothConnected", mAh(table.bluetoothConnected, ledger.bluetoothConnectedSeconds)),
            ("radio", mAh(table.radioActive, ledger.radioActiveSeconds)),
            // J → mWh is ÷ 3.6.
            ("wakes", Double(ledger.wakes) * table.wakeJoules / 3.6 / table.batteryVoltage),
        ]
        kind = "estimate"
        powerTable = table.identifier
        totalMilliampereHours = parts.reduce(0) { $0 + $1.1 }
        milliampereHoursPerHour = hours > 0 ? totalMilliampereHours / hours : 0
        batteryPercentPerHour = milliampereHoursPerHour / table.batteryCapacity * 100
        devicePercentPerHour =
            batteryPercentPerHour + table.standby / table.batteryVoltage / table.batteryCapacity * 100
        byComponent = parts.filter { $0.1 > 0 }.sorted { $0.1 > $1.1 }.map {
            Component(name: $0.0, milliampereHours: $0.1)
        }
    }
}
