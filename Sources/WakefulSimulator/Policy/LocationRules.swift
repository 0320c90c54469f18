import Foundation

/// Location rules: standard updates, significant-location-change (SLC), visits, region monitoring and
/// force-quit relaunch (reference §3, LOC rules).
///
/// ```swift
/// let rules = LocationRules.defaults(for: IOSVersion(7, 0, 2))
/// rules.forceQuitRelaunch   // .noRelaunch (LOC-25)
/// ```
public struct LocationRules: Sendable, Hashable {
    /// Whether background updates need `allowsBackgroundLocationUpdates = true` besides the `location` mode (LOC-1).
    public var backgroundUpdatesNeedAllowsFlag: Bool
    /// Whether When-In-Use apps get background updates through `CLBackgroundActivitySession` (LOC-8).
    public var whenInUseBackgroundSessions: Bool
    /// Stationary time after which live updates report the device at rest and stop delivering until
    /// it moves (LOC-8; cfg: no sourced figure, assumed as the auto-pause of LOC-5).
    public var liveUpdatesAtRestAfter: TimeInterval
    /// Whether live updates and location sessions report diagnostics (`insufficientlyInUse`, ...)
    /// (LOC-31; the properties exist from 18).
    public var sessionDiagnostics: Bool
    /// Whether `CLServiceSession` exists and, for apps that set `NSLocationRequireExplicitServiceSession`,
    /// Always applies only while one requiring Always is held (LOC-9).
    public var serviceSessions: Bool
    /// How long after a launch Core Location waits for the app to recreate the service session the
    /// previous process held, before the app runs without (LOC-9, LOC-32: "a few seconds").
    public var serviceSessionRecreationWindow: TimeInterval
    /// Stationary time after which `pausesLocationUpdatesAutomatically` halts delivery (LOC-5).
    public var autoPauseAfterStationary: TimeInterval
    /// Movement needed for an SLC event, in metres (LOC-10).
    public var significantChangeDistance: Double
    /// Minimum time between two SLC events (LOC-10).
    public var significantChangeMinimumInterval: TimeInterval
    /// How the SLC trigger distance is drawn (LOC-10, LOC-11, CONF-14).
    public var significantChangeDistanceModel: SignificantChangeDistanceModel
    /// The stated accuracies, in metres, of significant-change fixes seen on real devices; each run
    /// draws one, as each reporting device kept its own (LOC-10: cell and Wi-Fi, not GPS).
    public var significantChangeAccuracies: [Double]
    /// An SLC event at least this often even without movement; `nil` for none (LOC-14, CONF-4).
    public var significantChangeHeartbeat: TimeInterval?
    /// Whether an SLC, visit or region relaunch of a terminated app needs Always authorization (LOC-16).
    public var relaunchNeedsAlwaysAuthorization: Bool
    /// Regions an app may monitor, circular and beacon together (LOC-17, LOC-24, BEACON-1).
    public var regionSlots: Int
    /// Largest radius `startMonitoring(for:)` accepts (`maximumRegionMonitoringDistance`), in metres (LOC-17).
    public var maximumRegionRadius: Double
    /// How far past a region's edge the device must get, and for how long, for a crossing, by the
    /// positioning in use (LOC-19).
    public var regionCrossing: RegionCrossingTable
    /// Extra delay, drawn from this range, before a region event; `nil` for none (LOC-20, CONF-15).
    public var regionEventLatency: ClosedRange<TimeInterval>?
    /// A rare extra delay on a circular region's exit after the app was terminated; `nil` for none
    /// beyond ``regionEventLatency`` (LOC-34, CONF-20).
    public var regionExitTailAfterTermination: RegionExitTail?
    /// Whether Background App Refresh off suppresses region wakes and relaunches (LOC-22).
    public var backgroundRefreshOffBlocksRegionWakes: Bool
    /// Whether Background App Refresh off also suppresses SLC and visit wakes (CONF-9).
    public var backgroundRefreshOffBlocksSignificantChangeAndVisitWakes: Bool
    /// Whether SLC, visit and region events relaunch a force-quit app (LOC-25 to LOC-29, CONF-5).
    public var forceQuitRelaunch: ForceQuitLocationRelaunch
    /// Whether monitoring events wait for the first unlock after a reboot (LOC-23).
    public var monitoringWaitsForFirstUnlock: Bool
    /// Whether the visits service exists (LOC-16).
    public var visitsAvailable: Bool
    /// How long after the user arrived, staying within ``visitRadius``, the visit's arrival is
    /// reported (field logs; the reference gives no figure).
    public var visitArrivalDwell: TimeInterval
    /// How long after the user left ``visitRadius`` the visit's departure is reported (a field log).
    public var visitDepartureLatency: TimeInterval
    /// How far from where the user stayed counts as the same place; leaving it ends the visit
    /// (cfg: the reference gives no figure; assumption).
    public var visitRadius: Double
    /// Whether standard updates started by a process that was launched into the background and
    /// never came to the foreground, with `showsBackgroundLocationIndicator` off, stop keeping the
    /// app running (LOC-30, observed from 16.4; var. CONF-21: the flag has no effect).
    public var hiddenIndicatorStopsRelaunchedUpdates: Bool
    /// Shortest time between two fixes with reduced accuracy: "at most a few times per hour",
    /// ≈4 (AUTH-6, 14+; inert before, where accuracy is always full).
    public var reducedAccuracyFixInterval: TimeInterval
    /// Whether those fixes also reach an app off screen (AUTH-6; var. CONF-AUTH-6: on screen only).
    public var reducedAccuracyUpdatesOffScreen: Bool
    /// How far off a reduced-accuracy fix is, in metres: "usually within 1–20 kilometers" (AUTH-6).
    public var reducedAccuracyError: ClosedRange<Double>

    /// The reference's defaults for `version`, by family and then by exact version.
    ///
    /// - Parameter version: The simulated iOS release.
    /// - Returns: The location rules the default profile uses on that release.
    public static func defaults(for version: IOSVersion) -> LocationRules {
        LocationRules(
            // LOC-1: `allowsBackgroundLocationUpdates` from 9.0 (documented).
            backgroundUpdatesNeedAllowsFlag: version >= IOSVersion(9),
            // LOC-8: `CLBackgroundActivitySession` from 17.0 (documented).
            whenInUseBackgroundSessions: version >= IOSVersion(17),
            // LOC-8: at rest after the LOC-5 figure (cfg, assumption: the rule gives no time).
            liveUpdatesAtRestAfter: 600,
            // LOC-31: the diagnostic properties from 18.0 (documented, SDK availability).
            sessionDiagnostics: version >= IOSVersion(18),
            // LOC-9: `CLServiceSession` from 18.0 (documented).
            serviceSessions: version >= IOSVersion(18),
            // LOC-32: "within a few seconds of launch" (documented by an Apple engineer): 5 s, cfg.
            serviceSessionRecreationWindow: 5,
            // LOC-5: 10 min, lower end of the 10–20 min seen (cfg); 26+ as 13–18 (assumption).
            // Before iOS 6 the auto-pause API does not exist, so the value is inert there.
            autoPauseAfterStationary: 600,
            // LOC-10: ≥500 m (documented, all families).
            significantChangeDistance: 500,
            // LOC-10: at most one event per 5 min (documented, all families).
            significantChangeMinimumInterval: 300,
            // LOC-10 default; CONF-14a / CONF-14b switch to the LOC-11 field distributions.
            significantChangeDistanceModel: .fixed,
            // LOC-10 gives ≥500 m of movement, not the fix's accuracy. Field: ±1414 m on a wake
            // after hours at rest (loc-slc-wake-first-fix-1414m), ±2500 m on an iPhone X and
            // 200–400 m on an iPhone XR with the same settings (auth-ios13-background-reports-2500m,
            // auth-ios13-background-reports-200-400m-xr): one per device, so one per run, drawn
            // evenly among the three reports (the XR's at its range's middle), no wider than they are.
            significantChangeAccuracies: [300, 1414, 2500],
            // LOC-14: no heartbeat by default (CONF-4 default); var. 900 s.
            significantChangeHeartbeat: nil,
            // LOC-16 and the event-source table: Always authorization from 8.0 (documented).
            relaunchNeedsAlwaysAuthorization: version >= IOSVersion(8),
            // LOC-17: 20 slots (documented); LOC-24 keeps 20 for `CLMonitor` on 17+.
            regionSlots: 20,
            // LOC-17: cfg, no sourced figure: 100 km, assumption.
            maximumRegionRadius: 100_000,
            // LOC-19: the margin depends on the positioning; Wi-Fi ≈200 m (documented "may be
            // assumed for testing"), GPS and cell-only assumptions; ≥20 s each (documented).
            regionCrossing: .standard,
            // LOC-20 / CONF-15 default: the event fires as soon as LOC-19 holds; var. 3–5 min.
            regionEventLatency: nil,
            // LOC-34 / CONF-20 default: no tail beyond CONF-15; var. rare delays of 30 min to 3 h.
            regionExitTailAfterTermination: nil,
            // LOC-22: BAR off, no region wakes (documented, 7+). iOS 6 has no BAR switch (n/a): inert.
            backgroundRefreshOffBlocksRegionWakes: version >= IOSVersion(7),
            // CONF-9 default: BAR off also suppresses SLC and visit wakes (inference); n/a on 6.
            backgroundRefreshOffBlocksSignificantChangeAndVisitWakes: version >= IOSVersion(7),
            // LOC-25..29, CONF-5: by exact version.
            forceQuitRelaunch: .defaults(for: version),
            // LOC-23: no monitoring events before the first unlock (documented, all).
            monitoringWaitsForFirstUnlock: true,
            // LOC-16: visits from 8.0 (documented).
            visitsAvailable: version >= IOSVersion(8),
            // A CLVisit arrival logged 354 s after its arrivalDate (loc-visit-arrival-latency-354s,
            // TSRN#2024), consistent with e-mission's "about 5 minutes" (loc-visit-arrival-about-5min-emission);
            // a contributor's 10 min rule of thumb (loc-visit-reported-after-10min-rule) conflicts.
            visitArrivalDwell: 354,
            // The departure of the same log came 73 s after its departureDate (loc-visit-departure-latency-73s).
            visitDepartureLatency: 73,
            // cfg, assumption: no sourced figure for how far is the same place.
            visitRadius: 100,
            // LOC-30: seen from 16.4 (several reports; a vendor changed its default); CONF-21 default.
            hiddenIndicatorStopsRelaunchedUpdates: version >= IOSVersion(16, 4),
            // AUTH-6: ≈4 fixes an hour, 1–20 km off (documented, 14+).
            reducedAccuracyFixInterval: 900,
            // AUTH-6 does not limit them to the screen; one app's developers found standard updates
            // silent off screen (obs: auth-reduced-accuracy-standard-updates-silent, var. CONF-AUTH-6).
            reducedAccuracyUpdatesOffScreen: true,
            reducedAccuracyError: 1000...20_000
        )
    }
}
