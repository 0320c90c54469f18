import Foundation
import Wakeful

extension SimulatedDevice {
    /// Accrues component time up to now and records which components are on from here: called
    /// whenever the app's state, its location updates, its ranging or its CPU load change.
    mutating func refreshEnergy() {
        energy.accrue(until: now)
        energy.executing = state.isExecuting
        let location = process.location.flatMap { $0.paused ? nil : $0 }
        // AUTH-6: a few coarse fixes an hour need no GPS; assumption (inference): with reduced
        // accuracy the system positions the app with cell and Wi-Fi only.
        let precise = permission.accuracy == .full
        // LOC-8: live updates cost what GPS standard updates cost, until the device is at rest.
        let live = process.liveUpdates.map { !$0.atRest } ?? false
        energy.gps = precise && (location?.request.usesGPS == true || live)
        energy.cellLocation = location.map { !(precise && $0.request.usesGPS) } ?? (live && !precise)
        energy.ranging = !process.ranging.isEmpty
        energy.cpuLoad = hasProcess ? process.cpuLoad : 0
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
