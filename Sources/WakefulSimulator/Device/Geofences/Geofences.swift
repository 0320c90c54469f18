import Foundation
import Wakeful

/// Region monitoring and `CLMonitor` as the system keeps them for the app, outliving its process:
/// the monitored regions, each with its crossing in progress (LOC-17 to LOC-21, BEACON-1 to
/// BEACON-4), how the phone detects beacon regions (``BeaconDetection``), the registrations a
/// beacon region's first state answers (SIM-1), transitions waiting out their latency (CONF-15,
/// LOC-34), the conditions of the app's monitors and their waiting events (CLMON-1 to CLMON-4,
/// `Geofences+Monitors.swift`), and stream 60, which draws how long each crossing takes to confirm.
///
/// It reads the user's position and the time, the world's beacons (``BeaconReach``), the
/// permission and the location and beacon rules. It returns the crossings it confirms one at a
/// time, so that the app's answer to one, which may stop or add regions, is seen before the next;
/// the events a transition or the display brings; and, for a registration or a delayed
/// transition, ``DeviceEffect``s: decisions and agenda entries. Waking the app is the device's
/// (`SimulatedDevice+Regions.swift`, `+CLMonitor`, `+MonitorEvents`).
struct Geofences {
    /// The regions the app monitors, in registration order.
    private(set) var regions: [RegionWatch] = []
    /// Region transitions waiting out their latency (CONF-15), by serial.
    private var delayed: [(serial: Int, region: RegionID, state: RegionState)] = []
    private var delayedSerial = 0
    /// Counts `startMonitoring` registrations (SIM-1's initial state finds its watch by it).
    private var registrationSerial = 0
    /// Priority slots and software scans for beacon regions (BEACON-2, BEACON-3).
    private var detection: BeaconDetection
    // Shared with the CLMonitor rules (`Geofences+Monitors.swift`) and touched by no other file.
    /// `CLMonitor` conditions and their waiting events (CLMON).
    var monitors = ConditionMonitors()
    /// Stream 60: each crossing's draw of how long iOS takes to confirm it (LOC-19), so that the
    /// draws shift no other part's numbers.
    var crossingRandom: SeededGenerator

    /// No regions yet.
    ///
    /// - Parameter crossingRandom: Stream 60.
    init(detection: BeaconDetection, crossingRandom: SeededGenerator) {
        self.detection = detection
        self.crossingRandom = crossingRandom
    }

    // MARK: Registering

    /// What a registration reads of the device.
    struct Registration {
        var now: TimeInterval
        var position: LocalPoint
        var projection: LocalProjection
        var permission: LocationPermission
        var location: LocationRules
        var beacons: BeaconRules
    }

    /// `startMonitoring(for:)`: takes one of the 20 slots (LOC-17); no entry event for a region the
    /// device is already inside (LOC-18). Returns why the region was refused, which the app hears;
    /// the decisions and the first state's agenda entry (SIM-1) go to `effects`.
    mutating func startMonitoring(
        _ region: MonitoredRegion, _ registration: Registration, reach: BeaconReach, into effects: inout [DeviceEffect]
    ) -> RegionMonitoringFailure? {
        let failure: RegionMonitoringFailure?
        var watch = RegionWatch(region: region, circle: nil, beaconIndices: [], state: .unknown, candidateSince: nil)
        switch region.shape {
        case .circle(let center, let radius):
            watch.circle = (registration.projection.point(for: center), radius)
            failure = radius > registration.location.maximumRegionRadius ? .radiusTooLarge : nil
        case .beacon(let constraint):
            watch.beaconIndices = reach.signals.indices.filter {
                let beacon = reach.signals[$0]
                return constraint.matches(uuid: beacon.uuid, major: beacon.major, minor: beacon.minor)
            }
            failure = registration.beacons.available ? nil : .unavailable
        }
        let existing = regions.firstIndex { $0.region.id == region.id }
        let authorization = registration.permission.status
        let refusal: (RegionMonitoringFailure, [String])? =
            if let failure {
                (failure, failure == .unavailable ? ["BEACON-1"] : ["LOC-17"])
            } else if authorization == .denied || authorization == .notDetermined {
                (.notAuthorized, ["LOC-16"])
            } else if registration.permission.accuracy == .reduced {
                (.notAuthorized, ["AUTH-6"])  // no region or beacon monitoring with reduced accuracy
            } else if existing == nil && regions.count >= registration.location.regionSlots {
                (.tooManyRegions, ["LOC-17"])
            } else { nil }
        if let (reason, rules) = refusal {
            effects.append(
                .decide(
                    "regionRefused", rules: rules,
                    fields: [Field("region", .string(region.id.rawValue)), Field("why", .string(reason.rawValue))]))
            return reason
        }
        // LOC-18: the state is known from the start, but no transition is reported for it.
        watch.state = watch.geometricState(at: registration.position, reach: reach)
        watch.heardInRange = watch.state == .inside
        let same = existing.map { regions[$0].region.shape == region.shape } ?? false
        if let existing {
            // Re-registering the same fence keeps what iOS knows of it; a moved fence starts afresh.
            if same {
                watch.state = regions[existing].state
                watch.registration = regions[existing].registration
            }
            regions[existing] = watch
        } else {
            regions.append(watch)
        }
        if watch.isBeacon && existing == nil,
            let why = detection.softwareReason(ordinal: regions.count(where: \.isBeacon) - 1)
        {
            effects.append(
                .decide(
                    "beaconRegionSoftwareOnly", rules: [why.rule],
                    fields: [Field("region", .string(region.id.rawValue)), Field("why", .string(why.text))]))
        }
        if watch.isBeacon && !same {
            // SIM-1: a new beacon region reports its state on its own, unlike a circle (LOC-18).
            // Re-registering the same region does not, so an app that registers again at each wake
            // cannot keep itself awake with it.
            registrationSerial += 1
            regions[existing ?? regions.count - 1].registration = registrationSerial
            effects.append(
                .schedule(
                    .initialRegionState(registration: registrationSerial),
                    at: registration.now + registration.beacons.initialStateDelay))
        }
        return nil
    }

    /// `stopMonitoring(for:)`.
    mutating func stopMonitoring(_ id: RegionID) {
        regions.removeAll { $0.region.id == id }
    }

    /// The confirmed state of the monitored region `id`; nil when it is not monitored.
    func state(of id: RegionID) -> RegionState? {
        regions.first { $0.region.id == id }?.state
    }

    /// SIM-1: the state event of the beacon region registration `registration` created, if the
    /// region is still monitored.
    func initialStateEvent(registration: Int) -> Event? {
        regions.first { $0.registration == registration }.map { .regionStateDetermined($0.region.id, $0.state) }
    }

    /// BEACON-4: the state events of the beacon regions with `notifyEntryStateOnDisplay`, for a
    /// screen that lit up.
    var displayStateEvents: [Event] {
        regions.compactMap { watch in
            guard watch.isBeacon, watch.region.notifyEntryStateOnDisplay else { return nil }
            return .regionStateDetermined(watch.region.id, watch.state)
        }
    }

    // MARK: Crossings (LOC-19, BEACON-2)

    /// A pass of the world tick over the regions: where it is and what it has found so far.
    struct RegionSweep {
        /// The crossing rule for the positioning in use (LOC-19).
        let crossing: RegionCrossing
        /// Whether the phone listens for software-detected beacon regions in this pass.
        let softwareListening: Bool
        fileprivate var index = 0
        fileprivate var beaconOrdinal = 0
        fileprivate var softwareRegions = false
        fileprivate var nextCheck: TimeInterval?
    }

    /// Begins a pass of the world tick at `now` with `crossing`'s rule; advances the phone's
    /// software scans (BEACON-2).
    mutating func beginSweep(crossing: RegionCrossing, at now: TimeInterval, screenOn: Bool) -> RegionSweep {
        RegionSweep(crossing: crossing, softwareListening: detection.listening(at: now, screenOn: screenOn))
    }

    /// Advances the regions' crossing detection from where `sweep` is to the next crossing
    /// confirmed, and returns it; nil when the pass is over. Beacon regions hear their beacons
    /// while the phone listens for them (BEACON-2, BEACON-3).
    mutating func nextCrossing(
        _ sweep: inout RegionSweep, at position: LocalPoint, now: TimeInterval, reach: BeaconReach,
        beacons: BeaconRules
    ) -> (region: RegionID, state: RegionState)? {
        while sweep.index < regions.count {
            let index = sweep.index
            // Beacon presence is worked out before the call: reading `self` while `regions[index]`
            // is borrowed mutably would make Swift copy the geofences.
            var inRange = false
            if regions[index].isBeacon {
                let software = detection.isSoftware(ordinal: sweep.beaconOrdinal)
                sweep.softwareRegions = sweep.softwareRegions || software
                sweep.beaconOrdinal += 1
                if !software || sweep.softwareListening {
                    regions[index].heardInRange = reach.anyInRange(regions[index].beaconIndices, of: position)
                }
                inRange = regions[index].heardInRange
            }
            let (confirmed, deadline) = regions[index].advanceCrossing(
                position: position, now: now, beaconInRange: inRange, crossing: sweep.crossing, beacons: beacons,
                random: &crossingRandom)
            if let deadline { sweep.nextCheck = min(sweep.nextCheck ?? deadline, deadline) }
            guard let confirmed else {
                sweep.index += 1
                continue
            }
            return (regions[index].region.id, confirmed)
        }
        return nil
    }

    /// Moves `sweep` past the region `id` whose crossing the app has just heard of. An app woken in
    /// the foreground answers at once and may stop or start regions (GeofenceSet swaps them): go on
    /// after this region wherever it now is, or from the same place when it was stopped.
    func resume(_ sweep: inout RegionSweep, after id: RegionID) {
        if sweep.index < regions.count, regions[sweep.index].region.id == id {
            sweep.index += 1
        } else if let moved = regions.firstIndex(where: { $0.region.id == id }) {
            sweep.index = moved + 1
        }
    }

    /// The earliest time a crossing pending after `sweep` could be confirmed; a phone without
    /// hardware filtering looks again at its next software scan (BEACON-2).
    func nextCheck(after sweep: RegionSweep) -> TimeInterval? {
        guard sweep.softwareRegions, let scan = detection.nextScan else { return sweep.nextCheck }
        return min(sweep.nextCheck ?? scan, scan)
    }

    // MARK: Transitions

    /// A confirmed crossing: delivered now, or after a latency under CONF-15 (LOC-20), to which a
    /// rare tail adds 30 min to 3 h on a circular region's exit while the app is terminated under
    /// CONF-20 (LOC-34); the delays draw from `random` (stream 3). Returns whether it waits: then
    /// the decision and the delivery's agenda entry go to `effects`.
    mutating func delay(
        _ id: RegionID, to state: RegionState, processRunning: Bool, now: TimeInterval, rules: LocationRules,
        random: inout SeededGenerator, into effects: inout [DeviceEffect]
    ) -> Bool {
        var delay: TimeInterval = 0
        var ruleIDs: [String] = []
        if let latency = rules.regionEventLatency {
            delay += random.uniform(latency)
            ruleIDs += ["LOC-20", "CONF-15"]
        }
        if let tail = rules.regionExitTailAfterTermination, state == .outside, !processRunning,
            regions.contains(where: { $0.region.id == id && !$0.isBeacon }),
            random.nextDouble() < tail.probability
        {
            delay += random.uniform(tail.delay)
            ruleIDs += ["LOC-34", "CONF-20"]
        }
        guard !ruleIDs.isEmpty else { return false }
        effects.append(
            .decide(
                "regionEventDelayed", rules: ruleIDs,
                fields: [Field("region", .string(id.rawValue)), Field("delay", .double(delay))]))
        delayedSerial += 1
        delayed.append((delayedSerial, id, state))
        effects.append(.schedule(.regionDelivery(serial: delayedSerial), at: now + delay))
        return true
    }

    /// The delayed transition of `serial`, taken off the list; nil when it is gone.
    mutating func takeDelayed(serial: Int) -> (region: RegionID, state: RegionState)? {
        guard let index = delayed.firstIndex(where: { $0.serial == serial }) else { return nil }
        let transition = delayed.remove(at: index)
        return (transition.region, transition.state)
    }

    /// What reporting a transition of `id` into `state` brings the app: the wake's source, its events
    /// and rules (LOC-21, BEACON-1); nil when the region is gone or does not notify of it.
    func transitionWake(
        _ id: RegionID, to state: RegionState
    ) -> (source: WakeSource, events: [Event], rules: [String])? {
        guard let watch = regions.first(where: { $0.region.id == id }) else { return nil }
        let notify = state == .inside ? watch.region.notifyOnEntry : watch.region.notifyOnExit
        guard notify else { return nil }
        let transition: Event = state == .inside ? .regionEntered(id) : .regionExited(id)
        let events = [transition, .regionStateDetermined(id, state)]
        guard watch.isBeacon else { return (.region, events, ["LOC-19", "LOC-21"]) }
        return (.beaconRegion, events, ["BEACON-1", "BEACON-2", "BEACON-5"])
    }
}
