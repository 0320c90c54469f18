import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

@Suite("API patterns in Objective-C", .watchdog, .cpuBound)
struct ObjCAPIPatternTests {
    /// Statements, placed in a method body by `inMethod`.
    static let statements: [APIPatternCase] = [
        .init(
            .taskRegister,
            #"[[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:@"com.example.refresh" usingQueue:nil launchHandler:^(BGTask *task) { [self handle:task]; }];"#,
            identifier: "com.example.refresh"),
        .init(
            .appRefreshRequest,
            #"BGAppRefreshTaskRequest *request = [[BGAppRefreshTaskRequest alloc] initWithIdentifier:@"com.example.refresh"];"#,
            identifier: "com.example.refresh"),
        .init(
            .processingRequest,
            #"BGProcessingTaskRequest *request = [[BGProcessingTaskRequest alloc] initWithIdentifier:@"com.example.db"];"#,
            identifier: "com.example.db"),
        .init(
            .continuedProcessingRequest,
            #"id r = [[BGContinuedProcessingTaskRequest alloc] initWithIdentifier:@"com.example.export" title:@"Export" subtitle:@"Photos"];"#,
            identifier: "com.example.export"),
        .init(
            .taskSubmit,
            "BGAppRefreshTaskRequest *request = [[BGAppRefreshTaskRequest alloc] initWithIdentifier:@\"com.example.refresh\"];\nNSError *error = nil;\n[[BGTaskScheduler sharedScheduler] submitTaskRequest:request error:&error];",
            identifier: "com.example.refresh"),
        .init(
            .legacyFetchInterval,
            "[application setMinimumBackgroundFetchInterval:UIApplicationBackgroundFetchIntervalMinimum];"),
        .init(.backgroundLocationUpdates, "self.manager.allowsBackgroundLocationUpdates = YES;"),
        .init(.backgroundLocationUpdates, "[self.manager setAllowsBackgroundLocationUpdates:YES];"),
        .init(.standardLocationUpdates, "[self.manager startUpdatingLocation];"),
        .init(.significantLocationChanges, "[manager startMonitoringSignificantLocationChanges];"),
        .init(.visits, "[manager startMonitoringVisits];"),
        .init(.regionMonitoring, "[manager startMonitoringForRegion:region];"),
        .init(.backgroundActivitySession, "self.session = [CLBackgroundActivitySession backgroundActivitySession];"),
        .init(
            .liveUpdates,
            "self.updater = [CLLocationUpdater liveUpdaterWithQueue:queue handler:^(CLUpdate *update) {}];"),
        .init(.beaconRanging, "[manager startRangingBeaconsSatisfyingConstraint:constraint];"),
        .init(.alwaysAuthorizationRequest, "[manager requestAlwaysAuthorization];"),
        .init(.whenInUseAuthorizationRequest, "[manager requestWhenInUseAuthorization];"),
        .init(
            .temporaryFullAccuracyRequest,
            "[manager requestTemporaryFullAccuracyAuthorizationWithPurposeKey:@\"Trip\" completion:nil];"),
        .init(
            .serviceSession,
            "self.session = [CLServiceSession sessionRequiringAuthorization:CLServiceSessionAuthorizationRequirementAlways];"
        ),
        .init(
            .playbackCategory,
            "[[AVAudioSession sharedInstance] setCategory:AVAudioSessionCategoryPlayback error:&error];"),
        .init(.playbackCategory, "[session setCategory:AVAudioSessionCategoryPlayAndRecord error:nil];"),
        .init(.audioPlayer, "self.player = [[AVAudioPlayer alloc] initWithContentsOfURL:url error:nil];"),
        .init(.nowPlaying, "[MPNowPlayingInfoCenter defaultCenter].nowPlayingInfo = info;"),
        .init(.loopForever, "self.player.numberOfLoops = -1;"),
        .init(.loopForever, "[self.player setNumberOfLoops:-1];"),
        .init(
            .silentAudioFile, #"NSURL *url = [[NSBundle mainBundle] URLForResource:@"silent" withExtension:@"wav"];"#,
            identifier: "silent.wav"),
        .init(
            .silentAudioFile,
            #"NSString *path = [[NSBundle mainBundle] pathForResource:@"mute-track" ofType:@"caf"];"#,
            identifier: "mute-track.caf"),
        .init(.pushKitRegistry, "self.registry = [[PKPushRegistry alloc] initWithQueue:dispatch_get_main_queue()];"),
        .init(.voipPushType, "self.registry.desiredPushTypes = [NSSet setWithObject:PKPushTypeVoIP];"),
        .init(.callKitProvider, "self.provider = [[CXProvider alloc] initWithConfiguration:configuration];"),
        .init(.callKitController, "self.controller = [[CXCallController alloc] init];"),
        .init(
            .centralManager, "self.central = [[CBCentralManager alloc] initWithDelegate:self queue:nil options:nil];"),
        .init(.locationManager, "self.manager = [[CLLocationManager alloc] init];"),
        .init(.peripheralManager, "self.peripheral = [[CBPeripheralManager alloc] initWithDelegate:self queue:nil];"),
        .init(
            .centralRestoreIdentifier,
            #"self.central = [[CBCentralManager alloc] initWithDelegate:self queue:nil options:@{CBCentralManagerOptionRestoreIdentifierKey: @"central"}];"#,
            identifier: "central"),
        .init(
            .peripheralRestoreIdentifier,
            #"NSDictionary *options = @{CBPeripheralManagerOptionRestoreIdentifierKey: @"peripheral"};"#,
            identifier: "peripheral"),
        .init(
            .backgroundURLSession,
            #"NSURLSessionConfiguration *c = [NSURLSessionConfiguration backgroundSessionConfigurationWithIdentifier:@"com.example.upload"];"#,
            identifier: "com.example.upload"),
        .init(.registerForRemoteNotifications, "[[UIApplication sharedApplication] registerForRemoteNotifications];"),
        .init(.externalAccessory, "[[EAAccessoryManager sharedAccessoryManager] registerForLocalNotifications];"),
        .init(.externalAccessory, "self.session = [[EASession alloc] initWithAccessory:accessory forProtocol:name];"),
        .init(.nearbyInteraction, "self.session = [[NISession alloc] init];"),
        .init(
            .pushToTalk,
            "[PTChannelManager channelManagerWithDelegate:self restorationDelegate:self completionHandler:^(PTChannelManager *m, NSError *e) {}];"
        ),
        .init(.motionActivity, "self.activity = [[CMMotionActivityManager alloc] init];"),
        .init(
            .hotspotHelper,
            "[NEHotspotHelper registerWithOptions:nil queue:queue handler:^(NEHotspotHelperCommand *command) {}];"),
    ]

    /// App-delegate methods: whole implementations.
    static let methods: [APIPatternCase] = [
        .init(
            .legacyFetchHandler,
            "- (void)application:(UIApplication *)application performFetchWithCompletionHandler:(void (^)(UIBackgroundFetchResult))completionHandler {\n    completionHandler(UIBackgroundFetchResultNoData);\n}"
        ),
        .init(
            .remoteNotificationHandler,
            "- (void)application:(UIApplication *)application didReceiveRemoteNotification:(NSDictionary *)userInfo fetchCompletionHandler:(void (^)(UIBackgroundFetchResult))completionHandler\n{\n}"
        ),
        .init(
            .backgroundURLSessionHandler,
            "- (void)application:(UIApplication *)application handleEventsForBackgroundURLSession:(NSString *)identifier completionHandler:(void (^)(void))completionHandler {\n}"
        ),
    ]

    static func inMethod(_ statement: String) -> String {
        "@implementation AppDelegate\n- (void)run {\n    \(statement)\n}\n@end\n"
    }

    @Test("each statement shows its API kind (and identifier)", arguments: statements)
    func statement(_ example: APIPatternCase) throws {
        try check(example, code: Self.inMethod(example.code))
    }

    @Test("each delegate method implementation is found", arguments: methods)
    func method(_ example: APIPatternCase) throws {
        try check(example, code: "@implementation AppDelegate\n\(example.code)\n@end\n")
    }

    @Test("every API kind has an Objective-C example")
    func everyKind() {
        #expect(Set((Self.statements + Self.methods).map(\.api)) == Set(SourceAPI.allCases))
    }

    @Test("#define bodies count: the macro expands to code")
    func defineBody() {
        #expect(objcEvidence("#define START_GPS [gManager startUpdatingLocation]\n").apis == [.standardLocationUpdates])
    }

    private func check(_ example: APIPatternCase, code: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let evidence = objcEvidence(code)
        let use = try #require(evidence.uses(of: example.api).first, "\(evidence.uses)", sourceLocation: sourceLocation)
        if let identifier = example.identifier { #expect(use.identifier == identifier, sourceLocation: sourceLocation) }
        #expect(evidence.problems.isEmpty, sourceLocation: sourceLocation)
    }
}
