import Foundation

/// iBeacon monitoring and ranging rules (reference §4, BEACON rules). Beacons do not exist on iOS 6;
/// there ``available`` is false and the other fields are inert.
///
/// ```swift
/// let rules = BeaconRules.defaults(for: IOSVersion(8))
/// rules.rangingWindow / rules.rangingInterval   // 10 callbacks per wake (AT-3)
/// ```
public struct BeaconRules: Sendable, Hashable {
    /// Whether `CLBeaconRegion` monitoring and ranging exist (BEACON-1).
    public var available: Bool
    /// Background ranging time after each beacon event or backgrounding (BEACON-5).
    public var rangingWindow: TimeInterval
    /// How long an app that ranges beacons with the `location` mode keeps running after it enters
    /// the background; nil: no longer than any other app (BEACON-5). Set by CONF-BEACON-5.
    public var rangingAfterBackgrounding: TimeInterval?
    /// Spacing of ranging callbacks (BEACON-5, 1 Hz).
    public var rangingInterval: TimeInterval
    /// Time to notice a beacon region entry (BEACON-2).
    public var entryDetectionDelay: TimeInterval
    /// Time without the beacon before an exit fires, drawn evenly per exit (BEACON-2).
    public var exitDelay: ClosedRange<TimeInterval>
    /// Share of beacon exits the device never notices while the beacon stays away: the region
    /// stays inside until the beacon is heard again (BEACON-2).
    public var missedExitShare: Double
    /// Device-wide beacon regions that get priority (near-instant) detection (BEACON-3).
    public var priorityRegionsPerDevice: Int
    /// On a phone without hardware filtering, how often it scans for beacons in software while the
    /// display is off, at a phase drawn per run (BEACON-2).
    public var softwareScanPeriod: TimeInterval
    /// Delay of `didDetermineState` after the display lights up with `notifyEntryStateOnDisplay` (BEACON-4).
    public var displayStateDelay: TimeInterval
    /// Delay of the `didDetermineState` that starting to monitor a new beacon region brings, with
    /// no `requestState` call (SIM-1, the simulator's own rule).
    public var initialStateDelay: TimeInterval
    /// Whether background beacon monitoring needs Always authorization (BEACON-1).
    public var backgroundNeedsAlwaysAuthorization: Bool
    /// Whether `startRangingBeacons(satisfying:)` with `CLBeaconIdentityConstraint` is the ranging API (BEACON-9).
    public var constraintRangingAPI: Bool

    /// The reference's defaults for `version`, by family and then by exact version.
    ///
    /// - Parameter version: The simulated iOS release.
    /// - Returns: The beacon rules the default profile uses on that release.
    public static func defaults(for version: IOSVersion) -> BeaconRules {
        BeaconRules(
            // BEACON-1: iBeacon from 7.0; n/a on 6.
            available: version >= IOSVersion(7),
            // BEACON-5: ≈10 s (observed; 10 s documented for region wakes, LOC-21); 26+ as 13–18 (assumption).
            rangingWindow: 10,
            // BEACON-5: nothing beyond the ≈10 s windows (observed); CONF-BEACON-5 sets 300 s.
            rangingAfterBackgrounding: nil,
            // BEACON-5: ≈1 Hz (observed).
            rangingInterval: 1,
            // BEACON-2: ≈1 s with hardware acceleration (iPhone 5+, observed); cfg — without it up to 900 s.
            entryDetectionDelay: 1,
            // BEACON-2: exit after ≈30 s without the beacon (observed). Timed trials on locked phones:
            // device averages of 35–42 s on iOS 8.3 (beacon-ios8-locked-exit-latency, Radius
            // Networks 2015), mostly 20–30 s on iOS 10.3.1 (beacon-ios10-locked-exit-latency, 2017);
            // 7 and 9 as 8, 13+ as 10 (assumption). A book's "usually up to 10 s"
            // (beacon-book-exit-usually-10s) conflicts with both measurements.
            exitDelay: version >= IOSVersion(10) ? 20...30 : 35...42,
            // The same iOS 8.3 trials: 18 of 33 brought no exit within the 2–5 min cut-off
            // (beacon-ios8-locked-exit-missing); 7 and 9 as 8 (assumption). The 10.3.1 trials
            // saw "some" without one, with no rate: none from 10 (assumption).
            missedExitShare: version >= IOSVersion(10) ? 0 : 18.0 / 33,
            // BEACON-3: 30 seen on ≈11–12; assumed for 7–10 and 13+ (assumption).
            priorityRegionsPerDevice: 30,
            // BEACON-2: without hardware filtering detection "may need as long as 15 min"; David
            // Young's 2013 table gives "up to 15 minutes" in the background with the display off
            // (obs: beacon-no-hw-filtering-up-to-15min). Modelled as one software scan per 900 s
            // (assumption: a fixed cycle whose longest wait is the table's maximum).
            softwareScanPeriod: 900,
            // BEACON-4: ≈1 s after the display lights up (observed).
            displayStateDelay: 1,
            // SIM-1: 1.1 s after launch in Radius Networks' iOS 8 ranging log, with no
            // `requestState` in the app (observed, single log; other versions carried over, assumption).
            initialStateDelay: 1.1,
            // BEACON-1: Always authorization from 8.0 (documented).
            backgroundNeedsAlwaysAuthorization: version >= IOSVersion(8),
            // BEACON-9: constraint-based ranging from 13.0 (documented).
            constraintRangingAPI: version >= IOSVersion(13)
        )
    }
}
