import Foundation

extension SourceAPI {
    /// The call as a finding names it, in the words of the API an iOS developer wrote.
    var phrase: String {
        switch self {
        case .taskRegister: "BGTaskScheduler.register(forTaskWithIdentifier:)"
        case .appRefreshRequest: "a BGAppRefreshTaskRequest"
        case .processingRequest: "a BGProcessingTaskRequest"
        case .continuedProcessingRequest: "a BGContinuedProcessingTaskRequest"
        case .taskSubmit: "BGTaskScheduler.submit(_:)"
        case .legacyFetchInterval: "setMinimumBackgroundFetchInterval(_:)"
        case .legacyFetchHandler: "the legacy fetch handler application(_:performFetchWithCompletionHandler:)"
        case .backgroundLocationUpdates: "allowsBackgroundLocationUpdates = true"
        case .standardLocationUpdates: "startUpdatingLocation()"
        case .significantLocationChanges: "startMonitoringSignificantLocationChanges()"
        case .visits: "startMonitoringVisits()"
        case .regionMonitoring: "region monitoring (startMonitoring(for:) or CLMonitor)"
        case .backgroundActivitySession: "CLBackgroundActivitySession"
        case .liveUpdates: "CLLocationUpdate.liveUpdates"
        case .beaconRanging: "beacon ranging (startRangingBeacons)"
        case .alwaysAuthorizationRequest: "requestAlwaysAuthorization()"
        case .whenInUseAuthorizationRequest: "requestWhenInUseAuthorization()"
        case .serviceSession: "CLServiceSession"
        case .locationManager: "a CLLocationManager"
        case .temporaryFullAccuracyRequest: "requestTemporaryFullAccuracyAuthorization(withPurposeKey:)"
        case .playbackCategory: "the AVAudioSession playback category"
        case .audioPlayer: "an audio player (AVAudioPlayer, AVPlayer, AVAudioEngine or AVSpeechSynthesizer)"
        case .nowPlaying: "Now Playing information (MPNowPlayingInfoCenter or MPRemoteCommandCenter)"
        case .loopForever: "a player that loops for ever"
        case .silentAudioFile: "a silent audio file"
        case .pushKitRegistry: "PKPushRegistry"
        case .voipPushType: "PushKit VoIP pushes (PKPushType.voIP)"
        case .callKitProvider: "CXProvider"
        case .callKitController: "CXCallController"
        case .centralManager: "a CBCentralManager"
        case .peripheralManager: "a CBPeripheralManager"
        case .centralRestoreIdentifier: "CBCentralManagerOptionRestoreIdentifierKey"
        case .peripheralRestoreIdentifier: "CBPeripheralManagerOptionRestoreIdentifierKey"
        case .backgroundURLSession: "a background URLSession configuration"
        case .backgroundURLSessionHandler: "the background URLSession events handler"
        case .remoteNotificationHandler:
            "the silent-push handler application(_:didReceiveRemoteNotification:fetchCompletionHandler:)"
        case .registerForRemoteNotifications: "registerForRemoteNotifications()"
        case .externalAccessory: "External Accessory (EAAccessoryManager or EASession)"
        case .nearbyInteraction: "an NISession"
        case .pushToTalk: "PTChannelManager"
        case .motionActivity: "Core Motion activity (CMMotionActivityManager or CMPedometer)"
        case .hotspotHelper: "NEHotspotHelper"
        }
    }
}
