import Foundation

/// Something the app asks of the system: the output of the runtime.
///
/// Commands are fire-and-forget. When the system answers, it answers with an ``Event``
/// (a denied task, a failed region, a fired timer), so strategies stay pure state machines.
public enum Command: Sendable, Hashable {
    // MARK: Background tasks (TASK)

    /// `beginBackgroundTask(withName:expirationHandler:)`; the handler arrives as
    /// ``Event/backgroundTaskExpiring(_:)``.
    case beginBackgroundTask(BackgroundTaskID)
    /// `endBackgroundTask(_:)`.
    case endBackgroundTask(BackgroundTaskID)

    // MARK: Location (LOC)

    /// Configure and `startUpdatingLocation()`.
    case startUpdatingLocation(LocationRequest)
    /// `stopUpdatingLocation()`.
    case stopUpdatingLocation
    /// `requestLocation()` (iOS 9+): one fix, delivered as ``Event/locationsUpdated(_:)``, or
    /// ``Event/locationRequestFailed(_:)`` when none can be determined.
    case requestLocation
    /// `startMonitoringSignificantLocationChanges()`.
    case startMonitoringSignificantLocationChanges
    /// `stopMonitoringSignificantLocationChanges()`.
    case stopMonitoringSignificantLocationChanges
    /// `startMonitoringVisits()`.
    case startMonitoringVisits
    /// `stopMonitoringVisits()`.
    case stopMonitoringVisits

    // MARK: Regions and beacons (LOC, BEACON)

    /// `startMonitoring(for:)`.
    case startMonitoring(MonitoredRegion)
    /// `stopMonitoring(for:)`.
    case stopMonitoring(RegionID)
    /// `requestState(for:)`; answered by ``Event/regionStateDetermined(_:_:)`` (LOC-18).
    case requestState(RegionID)
    /// `startRangingBeacons(satisfying:)` (BEACON-9).
    case startRangingBeacons(BeaconIdentityConstraint)
    /// `stopRangingBeacons(satisfying:)`.
    case stopRangingBeacons(BeaconIdentityConstraint)

    // MARK: CLMonitor (CLMON)

    /// `CLMonitor.requestMonitor(configuration:)` (iOS 17+): opens the app's monitor of that name,
    /// whose conditions persist from earlier processes (CLMON-2). Events pending for it arrive once it
    /// is open; a relaunched app must open it at once, or Core Location stops monitoring the
    /// conditions whose events found no monitor (CLMON-3). A refusal arrives as
    /// ``Event/monitorOpenFailed(name:reason:)``.
    case openMonitor(name: String)
    /// `add(_:identifier:assuming:)` on an open monitor: a `CircularGeographicCondition`. An event
    /// follows when the state iOS determines differs from `assuming`. Over the 20 conditions an app
    /// has, the condition gets no updates (CLMON-1).
    case addMonitorCondition(monitor: String, MonitorCondition, assuming: MonitorConditionState)
    /// `remove(_:)` on an open monitor: the condition is no longer monitored.
    case removeMonitorCondition(monitor: String, id: RegionID)

    // MARK: Timers

    /// Schedule (or replace) a main-run-loop timer.
    case setTimer(TimerRequest)
    /// Invalidate a timer.
    case cancelTimer(TimerID)

    // MARK: Push

    /// Call the silent-push completion handler (PUSH-6).
    case completeRemoteNotification(id: String, result: BackgroundFetchResult)

    // MARK: Work

    /// How busy the app's CPU is from now on, 0 to 1, until changed: what the CPU monitor (TERM-4) and
    /// the energy estimate see. Apps rarely say this on a device; the simulator's jobs and tests do.
    case setCPULoad(Double)

    // MARK: App output

    /// Something the app produced (a sample, a trigger). It goes to the timeline, later to the outbox.
    case record(Record)

    // MARK: VoIP and audio (VOIP, AUDIO)

    /// `CXProvider.reportNewIncomingCall`: report a call to CallKit. From iOS 13 a PushKit VoIP push
    /// must be answered with this inside its callback, or the app is terminated (VOIP-2). A reported
    /// call keeps the app running until ``endCall(id:)``.
    case reportIncomingCall(id: String)
    /// `CXEndCallAction`: the call ends, and with it the call's hold on background time (VOIP-2).
    case endCall(id: String)
    /// `setKeepAliveTimeout(_:handler:)`: the legacy VoIP keep-alive, at least 600 s, up to iOS 9
    /// (VOIP-1). The handler arrives as ``Event/keepAliveFired``.
    case setKeepAliveTimeout(seconds: TimeInterval)
    /// Start playback through an `AVAudioSession`; `audible` says whether anyone could hear it.
    /// With the `audio` mode, playback keeps the app running (AUDIO-1).
    case startAudio(audible: Bool)
    /// Stop playback (AUDIO-1).
    case stopAudio

    // MARK: Background fetch and BGTaskScheduler (BGT)

    /// `BGTaskScheduler.submit(_:)` (BGT-7, BGT-9, BGT-13); a refusal arrives as
    /// ``Event/scheduledTaskSubmitFailed(identifier:error:)``.
    case submitTaskRequest(TaskRequest)
    /// `BGTaskScheduler.cancel(taskRequestWithIdentifier:)`.
    case cancelTaskRequest(identifier: String)
    /// `BGTask.setTaskCompleted(success:)`: the launched task is done (BGT-4, BGT-5).
    case completeScheduledTask(identifier: String, success: Bool)
    /// `setMinimumBackgroundFetchInterval(_:)`; nil is `backgroundFetchIntervalNever`, the default (BGT-1).
    case setMinimumBackgroundFetchInterval(TimeInterval?)
    /// The fetch completion handler (BGT-2).
    case completeBackgroundFetch(result: BackgroundFetchResult)
    /// `BGContinuedProcessingTask.progress` advanced (BGT-13): without progress the task expires.
    case reportTaskProgress(identifier: String, fraction: Double)

    // MARK: Network and Bluetooth (URLS, BLE)

    /// Create and `resume()` a task on a background `URLSession` (URLS-1); its outcome arrives as
    /// ``Event/urlSessionTaskCompleted(_:)``. Created in the background, it waits out the resume delay (URLS-3).
    case startTransfer(TransferRequest)
    /// `invalidateAndCancel()` on a background session: its tasks end with an error.
    case cancelTransfers(session: String)
    /// Call the completion handler of `handleEventsForBackgroundURLSession` (URLS-1).
    case completeBackgroundEvents(session: String)
    /// A data task on an in-process session; it progresses only while the app executes (URLS-8).
    case sendRequest(RequestDescription)
    /// `scanForPeripherals(withServices:)`; nil scans for every service, which finds nothing in the background (BLE-2).
    case scanForPeripherals(services: [String]?)
    /// `stopScan()`.
    case stopScan
    /// `connect(_:)`: no timeout; it completes whenever the peripheral becomes connectable (BLE-4).
    case connect(peripheral: String)
    /// `cancelPeripheralConnection(_:)`: ends a connection or withdraws a pending connect.
    case cancelConnection(peripheral: String)
    /// `writeValue(_:for:type:)`: a poll; it resets the accessory's idle timer and the accessory
    /// answers on the characteristic when the app subscribed to it.
    case writeValue(peripheral: String, characteristic: String, bytes: Int)
    /// `setNotifyValue(true, for:)`: values arrive as ``BluetoothEvent/valueUpdated(peripheral:characteristic:bytes:)``.
    case subscribe(peripheral: String, characteristic: String)

    // MARK: Bluetooth peripheral role (BLE-1, BLE-3)

    /// `CBPeripheralManager.startAdvertising(_:)` with a local name and service UUIDs. In the
    /// foreground the advertisement carries the name and up to 28 bytes; in the background it is
    /// best effort: no name, service UUIDs only in the overflow area (BLE-3). It continues in the
    /// background only with the `bluetooth-peripheral` mode (BLE-1).
    case startAdvertising(localName: String?, services: [String])
    /// `CBPeripheralManager.stopAdvertising()`.
    case stopAdvertising

    // MARK: Jobs and uploads

    /// Start a run of a job: the ``JobRunner`` on a device, the job's cost model in the simulator.
    /// It ends with ``Event/jobFinished(_:)``.
    case runJob(JobRun)
    /// Stop a run at once and report a checkpoint (or a failure) with ``Event/jobFinished(_:)``.
    case cancelJob(job: String, run: Int)
    /// Send an outbox batch to the ingest endpoint; ends with ``Event/uploadCompleted(_:)``.
    case upload(UploadRequest)

    // MARK: Authorization (AUTH)

    /// `requestWhenInUseAuthorization()`: the first prompt, in the foreground only, once (AUTH-1).
    case requestWhenInUseAuthorization
    /// `requestAlwaysAuthorization()`: honoured once (AUTH-2); from When-In-Use it prompts at once
    /// on 13.4+, and goes provisional on 13.0–13.3 (AUTH-3).
    case requestAlwaysAuthorization
    /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)` (iOS 14+): the key must be in
    /// `NSLocationTemporaryUsageDescriptionDictionary`; no prompt in the background (AUTH-7). The
    /// change arrives as ``Event/accuracyAuthorizationChanged(_:)``.
    case requestTemporaryFullAccuracy(purposeKey: String)
    // MARK: Motion (MOTION)

    /// `CMMotionActivityManager.startActivityUpdates(to:withHandler:)`: each change of activity arrives
    /// as ``Event/activityUpdated(_:)``, only while the app runs (MOTION-4). The first use shows the
    /// Motion & Fitness prompt; a missing `NSMotionUsageDescription` crashes the app (MOTION-2).
    case startActivityUpdates
    /// `stopActivityUpdates()`.
    case stopActivityUpdates
    /// `queryActivityStarting(from:to:to:withHandler:)`: the activities of a span, at most 7 days back
    /// (MOTION-3), answered by ``Event/activityHistory(_:)``.
    case queryActivityHistory(from: TimeInterval, to: TimeInterval)

    // MARK: Live updates and location sessions (LOC-8, LOC-9, LOC-31, LOC-32)

    /// `CLLocationUpdate.liveUpdates(_:)` (iOS 17) with the configuration named like the activity
    /// type; each element arrives as ``Event/liveLocationUpdate(_:)``. In the background they keep
    /// coming to a When-In-Use app only while it holds a background activity session (LOC-8).
    case startLiveUpdates(LocationRequest.ActivityType)
    /// Ends the loop over the live updates.
    case stopLiveUpdates
    /// Create a `CLBackgroundActivitySession` (iOS 17): only in the foreground, or to reattach to a
    /// session that exists after a relaunch; otherwise its diagnostic reads `insufficientlyInUse`
    /// (LOC-8, LOC-31). The indicator shows while the app is in the background, even under Always.
    case startBackgroundActivitySession
    /// `CLBackgroundActivitySession.invalidate()`: ends the session and its indicator at once (LOC-31).
    case invalidateBackgroundActivitySession
    /// Create a `CLServiceSession` (iOS 18), replacing the one held; diagnostics arrive as
    /// ``Event/serviceSessionDiagnostic(_:)`` (LOC-9, LOC-32).
    case startServiceSession(ServiceSessionRequest)
    /// `CLServiceSession.invalidate()`.
    case invalidateServiceSession

    // MARK: HealthKit (HK)

    /// `HKHealthStore.execute(_:)` of an `HKObserverQuery` for the type; its updates arrive as
    /// ``Event/healthObserverUpdate(_:)``. The query lives as long as the process: start it in
    /// `didFinishLaunching`, so that it is there when HealthKit launches the app to deliver (HK-1).
    case startHealthObserverQuery(HealthDataType)
    /// `enableBackgroundDelivery(for:frequency:withCompletion:)`: HealthKit wakes or launches the app
    /// for new samples of the type at most once per period of the frequency (HK-1, HK-2, HK-3); it
    /// needs the background-delivery entitlement from iOS 15 (HK-7).
    case enableHealthBackgroundDelivery(HealthDataType, frequency: HealthUpdateFrequency)
    /// The update's `HKObserverQueryCompletionHandler`: call it exactly once, when done (HK-6).
    case completeHealthObserverUpdate(id: String)
    /// An `HKAnchoredObjectQuery` from the app's anchor: the samples of the type saved since its last
    /// read, answered by ``Event/healthSamplesQueried(_:)`` (HK-4).
    case queryHealthSamples(HealthDataType)
    // MARK: Live Activities (LIVE)

    /// `Activity.request(attributes:content:pushType:)`: only from the foreground (LIVE-1, LIVE-2). The
    /// activity arrives as ``Event/liveActivityStarted(_:)`` and, with push updates, its token as
    /// ``Event/liveActivityPushToken(activity:token:)``; a refusal as
    /// ``Event/liveActivityRequestFailed(id:error:)``.
    case requestLiveActivity(LiveActivityRequest)
    /// `activity.update(_:)`: new content from the app, allowed in the background (LIVE-2); an empty
    /// `contentState` keeps what is shown, a nil `staleDate` the stale date.
    case updateLiveActivity(id: String, contentState: [Field], staleDate: TimeInterval?)
    /// `activity.end(_:dismissalPolicy:)`: an empty `contentState` keeps what is shown (LIVE-3).
    case endLiveActivity(id: String, contentState: [Field], dismissal: LiveActivityDismissal)
    /// Loop over `Activity<Attributes>.activityUpdates` for the `ActivityAttributes` type of this
    /// name and over each activity's `pushTokenUpdates` and `activityStateUpdates`, and with
    /// `pushToStart`, on iOS 17.2+, over `pushToStartTokenUpdates`: what a process must do at every
    /// launch to learn of activities a push started and of the tokens (LIVE-4, LIVE-5, LIVE-7).
    case observeLiveActivities(attributesType: String, pushToStart: Bool)
}
