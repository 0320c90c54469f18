import Foundation
import Wakeful

extension SimulatedDevice {
    /// `startMonitoring(for:)`: takes one of the 20 slots (LOC-17); no entry event for a region the
    /// device is already inside (LOC-18).
    mutating func startMonitoring(_ region: MonitoredRegion) {
        let failure: RegionMonitoringFailure?
        var watch = RegionWatch(region: region, circle: nil, beaconIndices: [], state: .unknown, candidateSince: nil)
        switch region.shape {
        case .circle(let center, let radius):
            watch.circle = (scenario.world.projection.point(for: center), radius)
            failure = radius > policy.location.maximumRegionRadius ? .radiusTooLarge : nil
        case .beacon(let constraint):
            watch.beaconIndices = scenario.world.beacons.indices.filter {
                let beacon = scenario.world.beacons[$0]
                return constraint.matches(uuid: beacon.uuid, major: beacon.major, minor: beacon.minor)
            }
            failure = policy.beacons.available ? nil : .unavailable
        }
        let existing = regions.firstIndex { $0.region.id == region.id }
        let refusal: (RegionMonitoringFailure, [String])? =
            if let failure {
                (failure, failure == .unavailable ? ["BEACON-1"] : ["LOC-17"])
            } else if authorization == .denied || authorization == .notDetermined {
                (.notAuthorized, ["LOC-16"])
            } else if permission.accuracy == .reduced {
                (.notAuthorized, ["AUTH-6"])  // no region or beacon monitoring with reduced accuracy
            } else if existing == nil && regions.count >= policy.location.regionSlots {
                (.tooManyRegions, ["LOC-17"])
            } else { nil }
        if let (reason, rules) = refusal {
            decide(
                "regionRefused", rules: rules,
                [Field("region", .string(region.id.rawValue)), Field("why", .string(reason.rawValue))])
            deliver(.regionMonitoringFailed(region.id, reason))
            return
        }
        // LOC-18: the state is known from the start, but no transition is reported for it.
        watch.state = geometricState(of: watch)
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
            let why = softwareDetectionReason(ordinal: regions.count(where: \.isBeacon) - 1)
        {
            decide(
                "beaconRegionSoftwareOnly", rules: [why.rule],
                [Field("region", .string(region.id.rawValue)), Field("why", .string(why.text))])
        }
        if watch.isBeacon && !same {
            // SIM-1: a new beacon region reports its state on its own, unlike a circle (LOC-18).
            // Re-registering the same region does not, so an app that registers again at each wake
            // cannot keep itself awake with it.
            regionRegistrationSerial += 1
            regions[existing ?? regions.count - 1].registration = regionRegistrationSerial
            schedule(
                .initialRegionState(registration: regionRegistrationSerial), at: now + policy.beacons.initialStateDelay)
        }
        scheduleWorldTick(at: now)
    }

    /// SIM-1: the state of a beacon region the app began to monitor, ≈1.1 s later, without a
    /// `requestState` call (Radius Networks' iOS 8 ranging log). Like every
    /// `didDetermineState` it opens a new ≈10 s window in the background (BEACON-5). Not for an
    /// app that has ended since: the answer belongs to the process that asked (assumption).
    mutating func initialRegionState(registration: Int) {
        guard monitoringActive, hasProcess, state != .notRunning,
            let watch = regions.first(where: { $0.registration == registration })
        else { return }
        systemWake(
            .beaconRegion, events: [.regionStateDetermined(watch.region.id, watch.state)], rules: ["SIM-1", "BEACON-5"])
    }

    /// Where the device is relative to a region, ignoring the crossing rule.
    func geometricState(of watch: RegionWatch) -> RegionState {
        if let circle = watch.circle {
            return position.distance(to: circle.center) <= circle.radius ? .inside : .outside
        }
        return Self.beaconInRange(watch, position: position, signals: beaconSignals, ranges: beaconRanges)
            ? .inside : .outside
    }

    /// Whether any of the region's beacons is within detection range. A static function of plain
    /// values: as a method on the device, each call copied the whole device.
    static func beaconInRange(
        _ watch: RegionWatch, position: LocalPoint, signals: [BeaconSignalSource], ranges: [Double]
    ) -> Bool {
        watch.beaconIndices.contains { position.distance(to: signals[$0].position) <= ranges[$0] }
    }

    /// Why the app's beacon region at `ordinal` (its place among the app's beacon regions, in
    /// registration order) is detected in software only, or nil when it has a priority slot: the
    /// phone has no hardware filtering (BEACON-2), or other apps' regions and the app's earlier ones
    /// fill the device-wide slots (BEACON-3).
    func softwareDetectionReason(ordinal: Int) -> (rule: String, text: String)? {
        if !scenario.device.beaconHardwareFiltering { return ("BEACON-2", "no hardware filtering") }
        let slots = policy.beacons.priorityRegionsPerDevice
        guard scenario.device.otherAppsBeaconRegions + ordinal >= slots else { return nil }
        return ("BEACON-3", "beyond the device's \(slots) priority beacon regions")
    }

    /// Whether the phone listens for a software-detected beacon region now: while the display is lit
    /// (BEACON-3: best-effort regions can stay silent while it is dark), and without hardware
    /// filtering also at its background software scans (BEACON-2). Advances the scan schedule.
    private mutating func softwareBeaconListening() -> Bool {
        guard !scenario.device.beaconHardwareFiltering else { return screen.isLit }
        let period = policy.beacons.softwareScanPeriod
        var scanning = false
        while nextBeaconSoftwareScan <= now {
            scanning = true
            nextBeaconSoftwareScan += period
        }
        return screen.isLit || scanning
    }

    /// Advances every region's crossing detection; returns the earliest time a pending crossing
    /// could be confirmed, so the world clock can sleep until then.
    mutating func checkRegions() -> TimeInterval? {
        // AUTH-6: with reduced accuracy no region is monitored; crossings are not seen.
        guard monitoringActive, permission.accuracy == .full else { return nil }
        let crossing = policy.location.regionCrossing[regionPositioning]
        var nextCheck: TimeInterval?
        let softwareListening = softwareBeaconListening()
        var beaconOrdinal = 0
        var softwareRegions = false
        var index = 0
        while index < regions.count {
            // Beacon presence is worked out before the call: reading `self` while `regions[index]`
            // is borrowed mutably would make Swift copy the whole device.
            var inRange = false
            if regions[index].isBeacon {
                let software = softwareDetectionReason(ordinal: beaconOrdinal) != nil
                softwareRegions = softwareRegions || software
                beaconOrdinal += 1
                if !software || softwareListening {
                    regions[index].heardInRange = Self.beaconInRange(
                        regions[index], position: position, signals: beaconSignals, ranges: beaconRanges)
                }
                inRange = regions[index].heardInRange
            }
            let (confirmed, deadline) = regions[index].advanceCrossing(
                position: position, now: now, beaconInRange: inRange, crossing: crossing, beacons: policy.beacons,
                random: &crossingRandom
            )
            if let deadline { nextCheck = min(nextCheck ?? deadline, deadline) }
            guard let confirmed else {
                index += 1
                continue
            }
            let id = regions[index].region.id
            regionTransition(id, to: confirmed)
            // An app woken in the foreground answers at once and may stop or start regions
            // (GeofenceSet swaps them): go on after this region wherever it now is, or from the
            // same place when it was stopped.
            if index < regions.count, regions[index].region.id == id {
                index += 1
            } else if let moved = regions.firstIndex(where: { $0.region.id == id }) {
                index = moved + 1
            }
        }
        // BEACON-2: a phone without hardware filtering looks again at its next software scan.
        if softwareRegions && !scenario.device.beaconHardwareFiltering {
            nextCheck = earliest(nextCheck, nextBeaconSoftwareScan)
        }
        return nextCheck
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

    /// A confirmed crossing: delivered now, or after a latency under CONF-15 (LOC-20), to which a
    /// rare tail adds 30 min to 3 h on a circular region's exit while the app is terminated under
    /// CONF-20 (LOC-34).
    mutating func regionTransition(_ id: RegionID, to state: RegionState) {
        var delay: TimeInterval = 0
        var rules: [String] = []
        if let latency = policy.location.regionEventLatency {
            delay += systemRandom.uniform(latency)
            rules += ["LOC-20", "CONF-15"]
        }
        if let tail = policy.location.regionExitTailAfterTermination, state == .outside, !hasProcess,
            regions.contains(where: { $0.region.id == id && !$0.isBeacon }),
            systemRandom.nextDouble() < tail.probability
        {
            delay += systemRandom.uniform(tail.delay)
            rules += ["LOC-34", "CONF-20"]
        }
        guard !rules.isEmpty else { return deliverRegionTransition(id, to: state) }
        decide(
            "regionEventDelayed", rules: rules, [Field("region", .string(id.rawValue)), Field("delay", .double(delay))])
        delayedRegionSerial += 1
        delayedRegionEvents.append((delayedRegionSerial, id, state))
        schedule(.regionDelivery(serial: delayedRegionSerial), at: now + delay)
    }

    /// Reports a crossing to the app, waking or relaunching it (LOC-21, BEACON-1).
    mutating func deliverRegionTransition(_ id: RegionID, to state: RegionState) {
        guard let watch = regions.first(where: { $0.region.id == id }) else { return }
        let notify = state == .inside ? watch.region.notifyOnEntry : watch.region.notifyOnExit
        guard notify else { return }
        let transition: Event = state == .inside ? .regionEntered(id) : .regionExited(id)
        let source: WakeSource = watch.isBeacon ? .beaconRegion : .region
        let rules = watch.isBeacon ? ["BEACON-1", "BEACON-2", "BEACON-5"] : ["LOC-19", "LOC-21"]
        systemWake(source, events: [transition, .regionStateDetermined(id, state)], rules: rules)
    }

    /// BEACON-4: about 1 s after the screen lights up, beacon regions with
    /// `notifyEntryStateOnDisplay` report their state, which opens a new ≈10 s window.
    mutating func displayStateCallbacks(generation: Int) {
        guard generation == screen.displayGeneration, monitoringActive else { return }
        let events: [Event] = regions.compactMap { watch in
            guard watch.isBeacon, watch.region.notifyEntryStateOnDisplay else { return nil }
            return .regionStateDetermined(watch.region.id, watch.state)
        }
        guard !events.isEmpty else { return }
        systemWake(.display, events: events, rules: ["BEACON-4"])
    }
}
