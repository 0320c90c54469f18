import Foundation

/// A kind of API use the source scanner recognises: what the app really does in the background.
///
/// Each case's documentation names the calls and token sequences behind it.
public enum SourceAPI: String, Sendable, Hashable, CaseIterable {
    // MARK: BGTaskScheduler

    /// A launch handler registered for a task identifier: `BGTaskScheduler.shared.register(forTaskWithIdentifier:using:launchHandler:)`,
    /// `registerForTaskWithIdentifier:usingQueue:launchHandler:`, or SwiftUI's `.backgroundTask(.appRefresh("id"))`.
    case taskRegister = "task-register"
    /// A `BGAppRefreshTaskRequest` created with its identifier.
    case appRefreshRequest = "app-refresh-request"
    /// A `BGProcessingTaskRequest` created with its identifier.
    case processingRequest = "processing-request"
    /// A `BGContinuedProcessingTaskRequest` (iOS 26) created with its identifier.
    case continuedProcessingRequest = "continued-processing-request"
    /// A task request submitted: `submit(_:)` in a file that uses `BGTaskScheduler`, `submitTaskRequest:error:`.
    case taskSubmit = "task-submit"

    // MARK: Legacy background fetch

    /// `setMinimumBackgroundFetchInterval`: without it the legacy fetch handler never runs.
    case legacyFetchInterval = "legacy-fetch-interval"
    /// The app delegate's `application(_:performFetchWithCompletionHandler:)` implemented.
    case legacyFetchHandler = "legacy-fetch-handler"

    // MARK: Location

    /// `allowsBackgroundLocationUpdates` set to `true` / `YES`.
    case backgroundLocationUpdates = "background-location-updates"
    /// `startUpdatingLocation` called.
    case standardLocationUpdates = "standard-location-updates"
    /// `startMonitoringSignificantLocationChanges` called.
    case significantLocationChanges = "significant-location-changes"
    /// `startMonitoringVisits` called.
    case visits
    /// Region monitoring: `startMonitoring(for:)`, `startMonitoringForRegion:`, or a `CLMonitor`.
    case regionMonitoring = "region-monitoring"
    /// A `CLBackgroundActivitySession` (iOS 17) created.
    case backgroundActivitySession = "background-activity-session"
    /// `CLLocationUpdate.liveUpdates` (iOS 17) iterated; Objective-C's `CLLocationUpdater`.
    case liveUpdates = "live-updates"
    /// Beacon ranging: `startRangingBeacons(satisfying:)` and its older forms.
    case beaconRanging = "beacon-ranging"
    /// `requestAlwaysAuthorization` called.
    case alwaysAuthorizationRequest = "always-authorization-request"
    /// `requestWhenInUseAuthorization` called.
    case whenInUseAuthorizationRequest = "when-in-use-authorization-request"
    /// A `CLServiceSession` (iOS 18) created.
    case serviceSession = "service-session"
    /// A `CLLocationManager` created: the app uses Core Location (every request it makes needs a
    /// purpose string), whatever it then calls.
    case locationManager = "location-manager"
    /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)` called (iOS 14+).
    case temporaryFullAccuracyRequest = "temporary-full-accuracy-request"

    // MARK: Audio

    /// The audio session set to a category that plays in the background: `.playback` or
    /// `.playAndRecord` (never `.ambient` or `.soloAmbient`).
    case playbackCategory = "playback-category"
    /// A player or engine created: `AVAudioPlayer`, `AVPlayer`, `AVQueuePlayer`, `AVAudioEngine`,
    /// `AVPlayerLooper`, or a speech synthesizer (`AVSpeechSynthesizer`, spoken prompts).
    case audioPlayer = "audio-player"
    /// Now Playing integration: `MPNowPlayingInfoCenter`, `MPRemoteCommandCenter`.
    case nowPlaying = "now-playing"
    /// Endless looping: `numberOfLoops` set negative, or an `AVPlayerLooper`.
    case loopForever = "loop-forever"
    /// An audio file whose name says it is silent (`"silence.mp3"`, `forResource: "blank", withExtension: "wav"`):
    /// the keep-alive trick App Review rejects. The identifier is the file name.
    case silentAudioFile = "silent-audio-file"

    // MARK: VoIP

    /// A `PKPushRegistry` created.
    case pushKitRegistry = "pushkit-registry"
    /// The VoIP push type: `.voIP`, `PKPushType.voIP`, `PKPushTypeVoIP`.
    case voipPushType = "voip-push-type"
    /// A CallKit `CXProvider` created.
    case callKitProvider = "callkit-provider"
    /// A CallKit `CXCallController` created.
    case callKitController = "callkit-controller"

    // MARK: Bluetooth

    /// A `CBCentralManager` created (a type annotation alone does not count).
    case centralManager = "central-manager"
    /// A `CBPeripheralManager` created.
    case peripheralManager = "peripheral-manager"
    /// State restoration for a central: `CBCentralManagerOptionRestoreIdentifierKey`, with its value.
    case centralRestoreIdentifier = "central-restore-identifier"
    /// State restoration for a peripheral: `CBPeripheralManagerOptionRestoreIdentifierKey`, with its value.
    case peripheralRestoreIdentifier = "peripheral-restore-identifier"

    // MARK: URL sessions

    /// A background session configuration: `URLSessionConfiguration.background(withIdentifier:)`,
    /// `backgroundSessionConfigurationWithIdentifier:`, with its identifier.
    case backgroundURLSession = "background-url-session"
    /// Events for a background session handled: SwiftUI's `.backgroundTask(.urlSession("id"))` (with
    /// the identifier) or `application(_:handleEventsForBackgroundURLSession:completionHandler:)`.
    case backgroundURLSessionHandler = "background-url-session-handler"

    // MARK: Push

    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` implemented (or its async form).
    case remoteNotificationHandler = "remote-notification-handler"
    /// `registerForRemoteNotifications` called.
    case registerForRemoteNotifications = "register-for-remote-notifications"

    // MARK: Other modes

    /// External accessories: `EAAccessoryManager`, `EASession`.
    case externalAccessory = "external-accessory"
    /// Nearby Interaction: an `NISession`.
    case nearbyInteraction = "nearby-interaction"
    /// Push to Talk: a `PTChannelManager`.
    case pushToTalk = "push-to-talk"
    /// Motion: `CMMotionActivityManager`, `CMPedometer`.
    case motionActivity = "motion-activity"
    /// A Wi-Fi hotspot helper: `NEHotspotHelper`.
    case hotspotHelper = "hotspot-helper"
}
