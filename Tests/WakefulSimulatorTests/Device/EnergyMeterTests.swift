import Foundation
import Testing
@testable import WakefulSimulator
import WakefulTestSupport

/// The energy meter on its own: which components the app's work powers (AUTH-6, LOC-8), and that
/// time accrues to what was on, only while the app executes.
@Suite("Energy meter", .watchdog, .cpuBound)
struct EnergyMeterTests {
    func components(updatesUseGPS: Bool?, live: Bool = false, precise: Bool) -> PoweredComponents {
        PoweredComponents(
            executing: true, cpuLoad: 0, updatesUseGPS: updatesUseGPS, liveUpdatesMoving: live, precise: precise,
            ranging: false)
    }

    @Test("GPS for precise GPS-grade updates; cell and Wi-Fi otherwise or with reduced accuracy (AUTH-6, LOC-8)")
    func locationComponents() {
        let gps = components(updatesUseGPS: true, precise: true)
        #expect(gps.gps && !gps.cellLocation)
        let coarse = components(updatesUseGPS: false, precise: true)
        #expect(!coarse.gps && coarse.cellLocation)
        let reduced = components(updatesUseGPS: true, precise: false)
        #expect(!reduced.gps && reduced.cellLocation)
        let live = components(updatesUseGPS: nil, live: true, precise: true)
        #expect(live.gps && !live.cellLocation)
        let none = components(updatesUseGPS: nil, precise: true)
        #expect(!none.gps && !none.cellLocation)
    }

    @Test("time accrues to the components that were on, and only while executing")
    func accrual() {
        var meter = EnergyMeter()
        var on = components(updatesUseGPS: true, precise: true)
        on.cpuLoad = 0.5
        meter.meter(on, from: 10)
        meter.meter(PoweredComponents(), from: 70)
        meter.accrue(until: 100)
        #expect(meter.ledger.cpuAwakeSeconds == 60)
        #expect(meter.ledger.cpuLoadSeconds == 30)
        #expect(meter.ledger.gpsSeconds == 60)
        #expect(meter.ledger.cellLocationSeconds == 0)
    }
}
