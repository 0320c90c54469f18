import Foundation
import Wakeful

extension SimulatedDevice {
    /// Accrues component time up to now and meters what is on from here (``EnergyMeter``): called
    /// whenever the app's state, its location updates, its ranging or its CPU load change.
    mutating func refreshEnergy() {
        energy.meter(
            PoweredComponents(
                executing: state.isExecuting, cpuLoad: hasProcess ? process.cpuLoad : 0,
                updatesUseGPS: process.location.flatMap { $0.paused ? nil : $0.request.usesGPS },
                liveUpdatesMoving: process.liveUpdates.map { !$0.atRest } ?? false,
                precise: permission.accuracy == .full, ranging: !process.ranging.isEmpty),
            from: now)
    }

    /// `setCPULoad`: the app's CPU utilisation from now on.
    mutating func setCPULoad(_ load: Double) {
        process.cpuLoad = min(max(load, 0), 1)
        refreshEnergy()
        cpuLoadChanged()
    }

    /// Everything the components did up to now: the meter's time plus the radio and Bluetooth
    /// tallies and the wakes.
    mutating func componentUsage() -> EnergyLedger {
        energy.accrue(until: now)
        var ledger = energy.ledger
        ledger.wakes = tally.wakes.reduce(0, +)
        ledger.radioBytes = Int(tally.radioBytes.rounded())
        ledger.radioActiveSeconds = tally.radio.seconds(at: now)
        ledger.bluetoothScanSeconds = tally.bluetoothScanSeconds
        ledger.bluetoothConnectedSeconds = tally.bluetoothConnectedSeconds
        return ledger
    }
}
