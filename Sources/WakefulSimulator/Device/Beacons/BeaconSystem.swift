import Foundation
import Wakeful

/// Beacon ranging as the system runs it for the app: the world's beacons as the phone's radio
/// hears them (``BeaconReach``), one random stream per beacon for the samples' noise (streams 1000
/// on), the buffer each callback's beacons are gathered in, the stamp of the pending 1 Hz callback
/// (BEACON-5), how long ranging keeps a backgrounded app running (CONF-BEACON-5) and the beacon a
/// trigger feature watches, for the trigger metrics.
///
/// It reads the user's position and the process's smoothing filters, which die with the process
/// (``AppProcess/beaconFilters``), and returns the beacons of one callback and the stamps of the
/// callbacks to schedule; the device delivers them and keeps the agenda
/// (`SimulatedDevice+Beacons.swift`).
struct BeaconSystem {
    /// Where the world's beacons are and how far each is heard.
    let reach: BeaconReach
    /// The beacon a trigger feature watches, for trigger metrics.
    let trigger: WorldBeacon?
    /// One random stream per world beacon, so that adding a beacon leaves the others' noise as it was.
    private var random: [SeededGenerator]
    /// The buffer a callback's beacons are gathered in, reused from one callback to the next.
    private var scratch: [RangedBeacon] = []
    /// Stamps ranging callbacks: a newer one makes the pending agenda entry stale.
    private var rangingGeneration = 0
    /// Until when beacon ranging keeps a backgrounded app running (CONF-BEACON-5 only).
    private(set) var keepsAppRunningUntil = -TimeInterval.infinity

    /// - Parameters:
    ///   - random: One stream per world beacon, by index.
    init(reach: BeaconReach, trigger: WorldBeacon?, random: [SeededGenerator]) {
        self.reach = reach
        self.trigger = trigger
        self.random = random
    }

    /// The true distance from `position` to the trigger's beacon, when the scenario has one.
    func distanceToTrigger(from position: LocalPoint) -> Double? {
        trigger.map { position.distance(to: $0.position) }
    }

    // MARK: Callbacks (BEACON-5)

    /// Stamps a new ranging callback, which makes any pending one stale; the first comes at once.
    mutating func nextCallback() -> Int {
        rangingGeneration += 1
        return rangingGeneration
    }

    /// No more callbacks until ranging restarts: the app stopped ranging or stopped executing.
    mutating func stopCallbacks() {
        rangingGeneration += 1
    }

    /// Whether a callback of `generation` is the pending one.
    func isPendingCallback(_ generation: Int) -> Bool { generation == rangingGeneration }

    /// Ranging goes on in the background until `time` (CONF-BEACON-5).
    mutating func keepAppRunning(until time: TimeInterval) {
        keepsAppRunningUntil = time
    }

    /// The process ended, and its ranging with it.
    mutating func processEnded() {
        keepsAppRunningUntil = -.infinity
    }

    /// The beacons one callback reports for `constraint` from `position`: each matching beacon in
    /// range, sampled through its smoothing filter (BEACON-5). Hand the array back with
    /// ``recycle(_:)`` once delivered, so that the next callback reuses its storage.
    mutating func ranged(
        _ constraint: BeaconIdentityConstraint, from position: LocalPoint, filters: inout [BeaconSignalFilter]
    ) -> [RangedBeacon] {
        // Once the event is delivered and dropped the buffer is uniquely owned again, so no
        // allocation; a timeline that keeps the event makes the next append copy instead.
        var seen = scratch
        scratch = []
        seen.removeAll(keepingCapacity: true)
        let signals = reach.signals
        for index in signals.indices {
            let beacon = signals[index]
            guard constraint.matches(uuid: beacon.uuid, major: beacon.major, minor: beacon.minor),
                let sample = filters[index].sample(
                    distance: position.distance(to: beacon.position), measuredPower: beacon.measuredPower,
                    using: &random[index])
            else { continue }
            seen.append(
                RangedBeacon(
                    uuid: beacon.uuid, major: beacon.major, minor: beacon.minor, accuracy: sample.accuracy,
                    rssi: sample.rssi, proximity: RangedBeacon.Proximity(sample.proximity)))
        }
        return seen
    }

    /// Takes back a callback's array for the next one to fill.
    mutating func recycle(_ seen: [RangedBeacon]) {
        scratch = seen
    }
}
