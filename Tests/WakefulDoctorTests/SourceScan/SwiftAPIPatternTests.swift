import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

@Suite("API patterns in Swift", .watchdog, .cpuBound)
struct SwiftAPIPatternTests {
    static let cases: [APIPatternCase] = [
        .init(
            .taskRegister,
            #"BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.refresh", using: nil) { task in }"#,
            identifier: "com.example.refresh"),
        .init(
            .taskRegister,
            #"WindowGroup { ContentView() }.backgroundTask(.appRefresh("com.example.refresh")) { await refresh() }"#,
            identifier: "com.example.refresh"),
        .init(
            .appRefreshRequest, #"let request = BGAppRefreshTaskRequest(identifier: "com.example.refresh")"#,
            identifier: "com.example.refresh"),
        .init(
            .processingRequest, #"let request = BGProcessingTaskRequest.init(identifier: "com.example.db")"#,
            identifier: "com.example.db"),
        .init(
            .continuedProcessingRequest,
            #"let r = BGContinuedProcessingTaskRequest(identifier: "com.example.export", title: "Export", subtitle: "Photos")"#,
            identifier: "com.example.export"),
        .init(
            .taskSubmit,
            "let request = BGAppRefreshTaskRequest(identifier: \"com.example.refresh\")\ntry BGTaskScheduler.shared.submit(request)",
            identifier: "com.example.refresh"),
        .init(
            .taskSubmit, #"try BGTaskScheduler.shared.submit(BGProcessingTaskRequest(identifier: "com.example.db"))"#,
            identifier: "com.example.db"),
        .init(
            .legacyFetchInterval,
            "UIApplication.shared.setMinimumBackgroundFetchInterval(UIApplication.backgroundFetchIntervalMinimum)"),
        .init(
            .legacyFetchHandler,
            "func application(_ application: UIApplication, performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {}"
        ),
        .init(.backgroundLocationUpdates, "manager.allowsBackgroundLocationUpdates = true"),
        .init(.standardLocationUpdates, "manager?.startUpdatingLocation()"),
        .init(.significantLocationChanges, "manager.startMonitoringSignificantLocationChanges()"),
        .init(.visits, "manager.startMonitoringVisits()"),
        .init(.regionMonitoring, "manager.startMonitoring(for: region)"),
        .init(.regionMonitoring, #"let monitor = await CLMonitor("geofences")"#),
        .init(.backgroundActivitySession, "session = CLBackgroundActivitySession()"),
        .init(.liveUpdates, "for try await update in CLLocationUpdate.liveUpdates() { print(update) }"),
        .init(.beaconRanging, "manager.startRangingBeacons(satisfying: constraint)"),
        .init(.alwaysAuthorizationRequest, "manager.requestAlwaysAuthorization()"),
        .init(.whenInUseAuthorizationRequest, "manager.requestWhenInUseAuthorization()"),
        .init(
            .temporaryFullAccuracyRequest, #"manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Trip")"#
        ),
        .init(.serviceSession, "let session = CLServiceSession(authorization: .always)"),
        .init(.playbackCategory, "try AVAudioSession.sharedInstance().setCategory(.playback, mode: .default)"),
        .init(.playbackCategory, "try session.setCategory(AVAudioSession.Category.playAndRecord, options: [])"),
        .init(.audioPlayer, "let player = AVPlayer(url: url)"),
        .init(.audioPlayer, "let engine = AVAudioEngine()"),
        .init(.nowPlaying, "MPNowPlayingInfoCenter.default().nowPlayingInfo = info"),
        .init(.nowPlaying, "MPRemoteCommandCenter.shared().playCommand.addTarget { _ in .success }"),
        .init(.audioPlayer, "let voice = AVSpeechSynthesizer()"),
        .init(.loopForever, "player.numberOfLoops = -1"),
        .init(.loopForever, "looper = AVPlayerLooper(player: queue, templateItem: item)"),
        .init(
            .silentAudioFile, #"let url = Bundle.main.url(forResource: "silence", withExtension: "mp3")"#,
            identifier: "silence.mp3"),
        .init(
            .silentAudioFile, #"let path = Bundle.main.path(forResource: "Sounds/blank_loop.wav", ofType: nil)"#,
            identifier: "blank_loop.wav"),
        .init(.silentAudioFile, #"let file = "audio/silence30s.caf""#, identifier: "silence30s.caf"),
        .init(.pushKitRegistry, "let registry = PKPushRegistry(queue: .main)"),
        .init(.voipPushType, "registry.desiredPushTypes = [.voIP]"),
        .init(.voipPushType, "if type == PKPushType.voIP { }"),
        .init(.callKitProvider, "let provider = CXProvider(configuration: configuration)"),
        .init(.callKitController, "let controller = CXCallController()"),
        .init(.centralManager, "central = CBCentralManager(delegate: self, queue: nil)"),
        .init(.locationManager, "let manager = CLLocationManager()"),
        .init(.peripheralManager, "peripheral = CBPeripheralManager(delegate: self, queue: nil)"),
        .init(
            .centralRestoreIdentifier,
            #"CBCentralManager(delegate: self, queue: nil, options: [CBCentralManagerOptionRestoreIdentifierKey: "central"])"#,
            identifier: "central"),
        .init(
            .peripheralRestoreIdentifier,
            #"let options = [CBPeripheralManagerOptionRestoreIdentifierKey: "peripheral"]"#, identifier: "peripheral"),
        .init(
            .backgroundURLSession,
            #"let configuration = URLSessionConfiguration.background(withIdentifier: "com.example.upload")"#,
            identifier: "com.example.upload"),
        .init(
            .backgroundURLSession,
            #"let configuration: URLSessionConfiguration = .background(withIdentifier: "com.example.upload")"#,
            identifier: "com.example.upload"),
        .init(
            .backgroundURLSessionHandler, #"scene.backgroundTask(.urlSession("com.example.upload")) { }"#,
            identifier: "com.example.upload"),
        .init(
            .backgroundURLSessionHandler,
            "func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void) {}"
        ),
        .init(
            .remoteNotificationHandler,
            "func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {}"
        ),
        .init(
            .remoteNotificationHandler,
            "func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) async -> UIBackgroundFetchResult { .newData }"
        ),
        .init(.registerForRemoteNotifications, "UIApplication.shared.registerForRemoteNotifications()"),
        .init(.externalAccessory, "EAAccessoryManager.shared().registerForLocalNotifications()"),
        .init(.externalAccessory, "let session = EASession(accessory: accessory, forProtocol: name)"),
        .init(.nearbyInteraction, "let session = NISession()"),
        .init(
            .pushToTalk,
            "let manager = try await PTChannelManager.channelManager(delegate: self, restorationDelegate: self)"),
        .init(.motionActivity, "let manager = CMMotionActivityManager()"),
        .init(.motionActivity, "let pedometer = CMPedometer()"),
        .init(.hotspotHelper, "NEHotspotHelper.register(options: nil, queue: .main) { _ in }"),
    ]

    @Test("each snippet shows its API kind (and identifier)", arguments: cases)
    func found(_ example: APIPatternCase) throws {
        let evidence = swiftEvidence(example.code)
        let use = try #require(evidence.uses(of: example.api).first, "\(evidence.uses)")
        #expect(use.file == "Test.swift")
        if let identifier = example.identifier { #expect(use.identifier == identifier) }
        #expect(evidence.problems.isEmpty)
    }

    @Test("every API kind has a Swift example")
    func everyKind() {
        #expect(Set(Self.cases.map(\.api)) == Set(SourceAPI.allCases))
    }

    @Test("a use is reported at the name's line and column")
    func position() throws {
        let evidence = swiftEvidence("func start() {\n    manager.startUpdatingLocation()\n}")
        #expect(evidence.uses == [SourceUse(api: .standardLocationUpdates, file: "Test.swift", line: 2, column: 13)])
    }

    @Test("a bare submit(_:) counts only in a file that uses BGTaskScheduler")
    func submitNeedsScheduler() {
        #expect(swiftEvidence("try queue.submit(job)").uses.isEmpty)
        #expect(swiftEvidence("let s = BGTaskScheduler.shared\ntry s.submit(job)").identifiers(.taskSubmit) == [nil])
    }
}
