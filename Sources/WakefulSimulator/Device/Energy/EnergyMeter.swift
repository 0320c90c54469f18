import Foundation
import Wakeful

/// The energy model's meter: which power-drawing components are on for the app right now, and
/// how long each has been on so far (the ``EnergyLedger`` the model prices, ENERGY-2, ENERGY-6).
///
/// The device hands it what is on (``PoweredComponents``) whenever that may change: the app's
/// state, its location updates, its ranging, its CPU load. It returns nothing; the device reads
/// its ledger when the books close, and adds the radio's and Bluetooth's own tallies.
struct EnergyMeter {
    /// Each component's time on, up to the last accrual.
    private(set) var ledger = EnergyLedger()
    /// The last accrual.
    private var since: TimeInterval = 0
    private var on = PoweredComponents()

    /// Adds the time since the last accrual to every component that was on.
    mutating func accrue(until now: TimeInterval) {
        let seconds = now - since
        guard seconds > 0 else { return }
        since = now
        guard on.executing else { return }
        ledger.cpuAwakeSeconds += seconds
        ledger.cpuLoadSeconds += seconds * on.cpuLoad
        if on.gps { ledger.gpsSeconds += seconds }
        if on.cellLocation { ledger.cellLocationSeconds += seconds }
        if on.ranging { ledger.rangingSeconds += seconds }
    }

    /// Accrues the time up to `now`, then meters `components` from there.
    mutating func meter(_ components: PoweredComponents, from now: TimeInterval) {
        accrue(until: now)
        on = components
    }
}

/// What draws power for the app from a moment on.
struct PoweredComponents {
    /// The app's process executes: the CPU is awake for it.
    var executing = false
    /// The app's CPU utilisation, 0 to 1.
    var cpuLoad = 0.0
    var gps = false
    /// Location from cell towers and Wi-Fi only.
    var cellLocation = false
    /// Beacon ranging: the Bluetooth radio scanning at full duty (ENERGY-6).
    var ranging = false

    init() {}

    /// The components behind what the app does.
    ///
    /// - Parameters:
    ///   - updatesUseGPS: Whether the app's standard location updates ask for GPS-grade accuracy;
    ///     nil without updates, or while they are paused.
    ///   - liveUpdatesMoving: Live updates run and the device is not at rest.
    ///   - precise: The app has full accuracy (AUTH-6).
    init(
        executing: Bool, cpuLoad: Double, updatesUseGPS: Bool?, liveUpdatesMoving: Bool, precise: Bool,
        ranging: Bool
    ) {
        self.executing = executing
        self.cpuLoad = cpuLoad
        // AUTH-6: a few coarse fixes an hour need no GPS; assumption (inference): with reduced
        // accuracy the system positions the app with cell and Wi-Fi only.
        // LOC-8: live updates cost what GPS standard updates cost, until the device is at rest.
        gps = precise && (updatesUseGPS == true || liveUpdatesMoving)
        cellLocation = updatesUseGPS.map { !(precise && $0) } ?? (liveUpdatesMoving && !precise)
        self.ranging = ranging
    }
}
