import Foundation

/// Something the system tells the app: the input of the runtime.
///
/// On a device the Apple adapters translate delegate callbacks into events; in the simulator the
/// simulated device produces them. Every event is delivered with the current time (see ``Context``),
/// so strategies never read a clock.
public enum Event: Sendable, Hashable {
    // MARK: Lifecycle (STATE)

    /// `application(_:didFinishLaunchingWithOptions:)`; the reason says why (STATE-2).
    case didFinishLaunching(LaunchReason)
    /// `applicationWillEnterForeground`.
    case willEnterForeground
    /// `applicationDidBecomeActive`.
    case didBecomeActive
    /// `applicationWillResignActive`.
    case willResignActive
    /// `applicationDidEnterBackground` (STATE-4).
    case didEnterBackground
    /// `applicationWillTerminate`, rarely delivered (STATE-6).
    case willTerminate
    /// `applicationDidReceiveMemoryWarning` (STATE-8).
    case memoryWarning

    // MARK: Background tasks (TASK)

    /// A task's expiration handler runs (TASK-12): end the task now or the app is killed (TASK-13).
    case backgroundTaskExpiring(BackgroundTaskID)
    /// `beginBackgroundTask` returned `.invalid`: no time was granted (TASK-16).
    case backgroundTaskDenied(BackgroundTaskID)

    // MARK: Location (LOC)

    /// `didUpdateLocations` from standard location updates.
    case locationsUpdated([LocationFix])
    /// `didUpdateLocations` from the significant-change service (LOC-10 to LOC-12).
    case significantLocationChange(LocationFix)
    /// `didVisit` (LOC-16).
    case visit(Visit)
    /// `locationManagerDidPauseLocationUpdates` (LOC-5).
    case locationUpdatesPaused
    /// `locationManagerDidResumeLocationUpdates`.
    case locationUpdatesResumed
    /// `locationManagerDidChangeAuthorization`.
    case authorizationChanged(LocationAuthorization)

    // MARK: Regions and beacons (LOC, BEACON)

    /// `didEnterRegion`.
    case regionEntered(RegionID)
    /// `didExitRegion`.
    case regionExited(RegionID)
    /// `didDetermineState` (after `requestState`, a transition, or the screen lighting up, BEACON-4).
    case regionStateDetermined(RegionID, RegionState)
    /// `monitoringDidFailFor` (LOC-17).
    case regionMonitoringFailed(RegionID, RegionMonitoringFailure)
    /// `didRange` with the beacons seen in the last second (BEACON-5); empty when none.
    case beaconsRanged(BeaconIdentityConstraint, [RangedBeacon])

    // MARK: CLMonitor (CLMON)

    /// An element of an open monitor's `events` sequence: a condition's state (iOS 17+). It wakes or
    /// relaunches the app like a region event (LOC-21, CLMON-3).
    case monitorEvent(MonitorEvent)
    /// ``Command/openMonitor(name:)`` succeeded: the identifiers of the monitor's conditions, kept
    /// from earlier processes until removed (`monitor.identifiers`, CLMON-2). Events pending for the
    /// monitor follow.
    case monitorOpened(name: String, conditions: [RegionID])
    /// ``Command/openMonitor(name:)`` was refused: before iOS 17, before protected data is
    /// available (CLMON-2), or for a second instance of the name.
    case monitorOpenFailed(name: String, reason: MonitorOpenFailure)

    // MARK: Timers

    /// A timer the app set fired.
    case timerFired(TimerID)

    // MARK: Push, scheduled tasks, URL session, Bluetooth

    /// A silent push (PUSH).
    case remoteNotification(RemoteNotification)
    /// A scheduled task or a fetch started (BGT).
    case scheduledTaskLaunched(ScheduledTaskLaunch)
    /// A scheduled task's expiration handler runs.
    case scheduledTaskExpiring(identifier: String)
    /// `handleEventsForBackgroundURLSession` (URLS-1).
    case urlSessionEvents(sessionIdentifier: String)
    /// A background transfer finished (URLS-1, URLS-5).
    case urlSessionTaskCompleted(URLSessionTaskResult)
    /// A Core Bluetooth delegate event (BLE).
    case bluetooth(BluetoothEvent)

    // MARK: Device settings

    /// `NSProcessInfoPowerStateDidChange` (BGT-12, PUSH-9).
    case lowPowerModeChanged(Bool)
    /// `backgroundRefreshStatusDidChange` (LOC-22, BGT-9).
    case backgroundRefreshStatusChanged(BackgroundRefreshStatus)
    /// `protectedDataWillBecomeUnavailableNotification`: the phone is locking; files of class
    /// `complete` become unreadable shortly after, about 10 s (DATA-2, DATA-4).
    case protectedDataWillBecomeUnavailable
    /// `protectedDataDidBecomeAvailableNotification`: the phone was unlocked; protected files can be
    /// read and written again (DATA-4).
    case protectedDataDidBecomeAvailable

    // MARK: VoIP (VOIP)

    /// PushKit `didReceiveIncomingPushWith` for a VoIP push (VOIP-2). From iOS 13 the app must
    /// answer with ``Command/reportIncomingCall(id:)`` in this callback or it is terminated.
    case voipPush(RemoteNotification)
    /// The handler given to `setKeepAliveTimeout` runs; it has about 10 s (VOIP-1).
    case keepAliveFired

    // MARK: BGTaskScheduler (BGT)

    /// `BGTaskScheduler.submit(_:)` threw (BGT-7, BGT-9, BGT-13). Commands are fire-and-forget, so the
    /// error comes back as an event, at once.
    case scheduledTaskSubmitFailed(identifier: String, error: TaskSchedulerError)

    // MARK: Network (URLS)

    /// An ordinary request (``Command/sendRequest(_:)``) finished: an HTTP status, or an error such as
    /// `notConnectedToInternet`, `cannotConnectToHost` or `networkConnectionLost` (URLS-8).
    case requestCompleted(id: String, statusCode: Int?, error: String?)

    // MARK: Jobs and uploads

    /// A job run ended: completed, checkpointed or failed (``JobScheduler``).
    case jobFinished(JobResult)
    /// An upload attempt of an outbox batch ended (``Uploader``).
    case uploadCompleted(UploadOutcome)

    // MARK: Authorization (AUTH)

    /// `locationManagerDidChangeAuthorization`'s `accuracyAuthorization` (iOS 14+): Precise Location
    /// switched in Settings, or a temporary full-accuracy grant given or expired (AUTH-5 to AUTH-7).
    /// When both changed it follows ``authorizationChanged(_:)``; each is reported only when its
    /// value changed (``LocationPermissionChanges``), on a device as in the simulator.
    case accuracyAuthorizationChanged(AccuracyAuthorization)
    // MARK: Motion (MOTION)

    /// The activity handler of ``Command/startActivityUpdates``: the activity changed (MOTION-1). Never
    /// delivered to a suspended app and never a reason to wake it (MOTION-4).
    case activityUpdated(MotionActivity)
    /// The handler of ``Command/queryActivityHistory(from:to:)`` (MOTION-3).
    case activityHistory(MotionActivityHistory)
    /// The Motion & Fitness authorization, as the first use of Core Motion settled it (MOTION-2).
    case motionAuthorizationChanged(MotionAuthorization)

    // MARK: Live updates and location sessions (LOC-8, LOC-9, LOC-31, LOC-32)

    /// An element of the live updates (``Command/startLiveUpdates(_:)``): a fix, the device at rest,
    /// or a diagnostic (LOC-8).
    case liveLocationUpdate(LiveLocationUpdate)
    /// The diagnostics of the held `CLBackgroundActivitySession` (iOS 18), e.g. `insufficientlyInUse`
    /// for one created in the background (LOC-31).
    case backgroundActivitySessionDiagnostic([LocationDiagnostic])
    /// The diagnostics of the held `CLServiceSession` (iOS 18), e.g. `insufficientlyInUse` for one
    /// created in the background outside a relaunch (LOC-9, LOC-32).
    case serviceSessionDiagnostic([LocationDiagnostic])

    // MARK: One-shot fixes

    /// `didFailWithError` for ``Command/requestLocation``: no fix will come. CLLocationManager.h: "If
    /// no location can be determined, the locationManager:didFailWithError: delegate callback will be
    /// delivered with error location unknown"; a denied authorization fails it too.
    case locationRequestFailed(LocationRequestFailure)

    // MARK: HealthKit (HK)

    /// An `HKObserverQuery`'s update handler: samples of the type were saved (HK-1). The app reads
    /// them with ``Command/queryHealthSamples(_:)`` and calls the update's completion handler,
    /// ``Command/completeHealthObserverUpdate(id:)``, exactly once when done (HK-6).
    case healthObserverUpdate(HealthObserverUpdate)
    /// The answer to ``Command/queryHealthSamples(_:)``: the new samples, or
    /// `errorDatabaseInaccessible` while the phone is locked (HK-4).
    case healthSamplesQueried(HealthQueryResult)
    // MARK: Live Activities (LIVE)

    /// A Live Activity the app may see: one it started, or one a push-to-start push started
    /// (`Activity.activityUpdates`, `Activity.activities`; LIVE-4).
    case liveActivityStarted(LiveActivityStart)
    /// ``Command/requestLiveActivity(_:)`` threw (LIVE-1, LIVE-2).
    case liveActivityRequestFailed(id: String, error: LiveActivityError)
    /// An element of the activity's `pushTokenUpdates`: the token the server updates and ends it with
    /// (LIVE-5). Send it to the server.
    case liveActivityPushToken(activity: String, token: String)
    /// An element of `pushToStartTokenUpdates` (iOS 17.2+): the token the server starts activities
    /// with (LIVE-4). Send it to the server.
    case liveActivityPushToStartToken(String)
    /// An element of the activity's `activityStateUpdates` (LIVE-3, LIVE-10). Delivered only while
    /// the app runs: a Live Activity never wakes the app for it (LIVE-8).
    case liveActivityStateChanged(activity: String, state: LiveActivityState)
}
