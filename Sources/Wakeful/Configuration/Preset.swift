import Foundation

/// Ready-made strategy lists for the background jobs apps most often need, to pass as
/// `WakefulApp.Configuration(strategies:)` or to a test run.
///
/// Each is the setup the simulator shows working for its built-in scenario, and a test runs that
/// scenario with the preset on every iOS family to keep it so. Check what a preset needs in
/// Info.plist with `wakeful plist` (its strategies' ``Requirements``).
public enum Preset {
    /// Act when the user comes within `beacon.triggerDistance` of a beacon, with the app in the
    /// background, on every iOS version: beacon ranging kept running by cell-accuracy location
    /// updates (``LowPowerLocationKeepAlive``, LOC-6, BEACON-8) and the trigger itself
    /// (``BeaconTrigger``). Needs the `location` mode and Always authorization; App Review asks
    /// for a visible location feature (REVIEW-3). Built-in scenario: `gas-station`, where
    /// background tasks alone (``TaskExtension``) stop ranging 20 m away on iOS 13 and later.
    public static func beaconProximity(_ beacon: BeaconTrigger.Options) -> [any Strategy] {
        [LowPowerLocationKeepAlive(), BeaconTrigger(options: beacon)]
    }

    /// Record a trip's route between a start and a stop silent push, and upload it through a
    /// background `URLSession` when the trip stops (``PushTrigger`` with
    /// ``PushTrigger/Options/uploadsOnStop``, ``LocationLogger``; PUSH-1, URLS-1). Needs the
    /// `remote-notification` and `location` modes. Built-in scenario: `bike-rental`.
    public static func pushStartedTrip(_ options: PushTrigger.Options = PushTrigger.Options(uploadsOnStop: true))
        -> [any Strategy]
    {
        [PushTrigger(options: options), LocationLogger()]
    }

    /// Keep data in sync: an app-refresh task about every hour and a processing task on power
    /// overnight (``ScheduledRefresh``; BGT-4, BGT-5). Needs the `fetch` and `processing` modes
    /// and the options' identifiers in `BGTaskSchedulerPermittedIdentifiers`. Built-in scenario:
    /// `overnight-sync`.
    public static func periodicSync(_ options: ScheduledRefresh.Options = ScheduledRefresh.Options()) -> [any Strategy]
    {
        [ScheduledRefresh(options: options)]
    }
}
