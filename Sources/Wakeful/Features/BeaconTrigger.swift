import Foundation

/// The gas-station feature of seed 000: monitor a beacon region, range it, and act once the
/// estimated distance falls to a threshold (prompt to pay at the pump, not across the street).
///
/// It monitors the region with `notifyEntryStateOnDisplay` and ranges continuously; it triggers at
/// most once per visit and re-arms when the region is exited. A trigger is a ``Record`` of kind
/// `trigger` with the beacon's estimated distance (`accuracy`) and RSSI.
///
/// It is an app feature, not a background technique: alone it ranges only while iOS lets the app
/// run, about 10 s after a region event in the background (BEACON-5, LOC-21).
public struct BeaconTrigger: Strategy {
    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// The monitored region's identifier.
        public var regionID: RegionID
        /// The beacons to watch.
        public var constraint: BeaconIdentityConstraint
        /// Trigger when a beacon's estimated distance is at most this many metres.
        public var triggerDistance: Double

        /// Creates options.
        public init(regionID: RegionID, constraint: BeaconIdentityConstraint, triggerDistance: Double = 3) {
            self.regionID = regionID
            self.constraint = constraint
            self.triggerDistance = triggerDistance
        }
    }

    /// The record kind a trigger produces.
    public static let recordKind = "trigger"

    /// The configuration.
    public var options: Options
    /// Whether it has triggered during the current visit.
    public private(set) var hasTriggered = false

    /// Creates the feature.
    public init(options: Options) {
        self.options = options
    }

    public var name: String { "BeaconTrigger" }
    public var requirements: Requirements {
        // BEACON-1: background monitoring needs Always authorization from iOS 8.
        // AUTH-6: no beacon monitoring or ranging with Precise Location off.
        Requirements(locationAuthorization: .always, locationCapabilities: [.relaunch, .beaconRanging])
    }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .didFinishLaunching:
            let region = MonitoredRegion(
                id: options.regionID, shape: .beacon(options.constraint), notifyEntryStateOnDisplay: true)
            return [.startMonitoring(region), .startRangingBeacons(options.constraint)]
        case .regionExited(let id) where id == options.regionID:
            hasTriggered = false
            return []
        case .regionStateDetermined(let id, .outside) where id == options.regionID:
            hasTriggered = false
            return []
        case .beaconsRanged(let constraint, let beacons) where constraint == options.constraint:
            guard !hasTriggered, let closest = Self.closest(in: beacons), closest.accuracy <= options.triggerDistance
            else { return [] }
            hasTriggered = true
            return [
                .record(
                    Record(
                        kind: Self.recordKind,
                        fields: [
                            Field("region", .string(options.regionID.rawValue)),
                            Field("accuracy", .double(closest.accuracy)),
                            Field("rssi", .int(closest.rssi)),
                            Field("appState", .string(context.appState.rawValue)),
                        ]))
            ]
        default:
            return []
        }
    }

    /// The beacon with the smallest known distance estimate; runs on every ranging callback, so it does not allocate.
    private static func closest(in beacons: [RangedBeacon]) -> RangedBeacon? {
        var best: RangedBeacon?
        for beacon in beacons where beacon.accuracy >= 0 && beacon.accuracy < (best?.accuracy ?? .infinity) {
            best = beacon
        }
        return best
    }
}
