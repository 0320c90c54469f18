import Foundation
import Wakeful

/// Region monitoring as the device carries it out (LOC-17 to LOC-23, LOC-34, BEACON-1 to BEACON-4,
/// SIM-1): the ``Geofences`` register regions and confirm crossings; the device records their
/// decisions, keeps the agenda and wakes or relaunches the app for each transition.
extension SimulatedDevice {
    /// `startMonitoring(for:)`: takes one of the 20 slots (LOC-17); no entry event for a region the
    /// device is already inside (LOC-18).
    mutating func startMonitoring(_ region: MonitoredRegion) {
        let registration = Geofences.Registration(
            now: now, position: world.position, projection: scenario.world.projection, permission: permission,
            location: policy.location, beacons: policy.beacons)
        var effects: [DeviceEffect] = []
        let refusal = geofences.startMonitoring(region, registration, reach: beacons.reach, into: &effects)
        carryOut(effects)
        if let refusal { return deliver(.regionMonitoringFailed(region.id, refusal)) }
        scheduleWorldTick(at: now)
    }

    /// SIM-1: the state of a beacon region the app began to monitor, ≈1.1 s later, without a
    /// `requestState` call (Radius Networks' iOS 8 ranging log). Like every
    /// `didDetermineState` it opens a new ≈10 s window in the background (BEACON-5). Not for an
    /// app that has ended since: the answer belongs to the process that asked (assumption).
    mutating func initialRegionState(registration: Int) {
        guard monitoringActive, hasProcess, state != .notRunning,
            let event = geofences.initialStateEvent(registration: registration)
        else { return }
        systemWake(.beaconRegion, events: [event], rules: ["SIM-1", "BEACON-5"])
    }

    /// Advances every region's crossing detection; returns the earliest time a pending crossing
    /// could be confirmed, so the world clock can sleep until then.
    mutating func checkRegions() -> TimeInterval? {
        // AUTH-6: with reduced accuracy no region is monitored; crossings are not seen.
        guard monitoringActive, permission.accuracy == .full else { return nil }
        let crossing = policy.location.regionCrossing[regionPositioning]
        var sweep = geofences.beginSweep(crossing: crossing, at: now, screenOn: screen.isLit)
        while let (id, confirmed) = geofences.nextCrossing(
            &sweep, at: world.position, now: now, reach: beacons.reach, beacons: policy.beacons)
        {
            regionTransition(id, to: confirmed)
            geofences.resume(&sweep, after: id)
        }
        return geofences.nextCheck(after: sweep)
    }

    /// What the device positions itself with for circular regions (LOC-19): GPS while the app's
    /// standard updates run with GPS (``LocationRequest/usesGPS``, better than 100 m), otherwise the
    /// scenario's `device.positioning` (Wi-Fi unless it says cell only). Assumption: Apple does not
    /// say which accuracy turns GPS on; LOC-6 has 3 km run with the GPS off most of the time.
    var regionPositioning: RegionPositioning {
        mutating get {  // mutating for the reason `runReasons` gives: no copy of the device per call
            if hasProcess, state.isExecuting, let session = process.location, !session.paused, session.request.usesGPS {
                return .gps
            }
            return scenario.device.positioning
        }
    }

    /// A confirmed crossing: delivered now, or after a latency (CONF-15, LOC-20; LOC-34, CONF-20).
    mutating func regionTransition(_ id: RegionID, to state: RegionState) {
        var effects: [DeviceEffect] = []
        guard
            geofences.delay(
                id, to: state, processRunning: hasProcess, now: now, rules: policy.location, random: &systemRandom,
                into: &effects)
        else { return deliverRegionTransition(id, to: state) }
        carryOut(effects)
    }

    /// Reports a crossing to the app, waking or relaunching it (LOC-21, BEACON-1).
    mutating func deliverRegionTransition(_ id: RegionID, to state: RegionState) {
        guard let wake = geofences.transitionWake(id, to: state) else { return }
        systemWake(wake.source, events: wake.events, rules: wake.rules)
    }

    /// BEACON-4: about 1 s after the screen lights up, beacon regions with
    /// `notifyEntryStateOnDisplay` report their state, which opens a new ≈10 s window.
    mutating func displayStateCallbacks(generation: Int) {
        guard generation == screen.displayGeneration, monitoringActive else { return }
        let events = geofences.displayStateEvents
        guard !events.isEmpty else { return }
        systemWake(.display, events: events, rules: ["BEACON-4"])
    }
}
