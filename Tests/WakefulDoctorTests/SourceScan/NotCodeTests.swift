import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

@Suite("API names that are not uses: comments, strings, declarations", .watchdog, .cpuBound)
struct NotCodeTests {
    @Test("Swift: every API name in comments and strings is ignored")
    func swiftCommentsAndStrings() {
        let code = """
            // manager.startUpdatingLocation()
            /* BGTaskScheduler.shared.register(forTaskWithIdentifier: "x", using: nil) { _ in }
               /* nested: CBCentralManager(delegate: nil, queue: nil) */ AVPlayer(url: url) */
            /// Calls `PKPushRegistry(queue: nil)` and `.voIP`.
            let a = "manager.startUpdatingLocation() AVPlayer() CXProvider(configuration: c) .voIP"
            let b = \"\"\"
                URLSessionConfiguration.background(withIdentifier: "x")
                setCategory(.playback)
                \"\"\"
            let c = #"player.numberOfLoops = -1; "# + "\\(x) requestAlwaysAuthorization()"
            """
        let evidence = swiftEvidence(code)
        #expect(evidence.uses.isEmpty)
        #expect(evidence.problems.isEmpty)
    }

    @Test("Swift: declarations, type annotations and switched-off values are not uses")
    func swiftDeclarations() {
        let code = """
            protocol LocationManaging {
                func startUpdatingLocation()
                func register(forTaskWithIdentifier identifier: String, using queue: DispatchQueue?, launchHandler: @escaping (BGTask) -> Void) -> Bool
                var allowsBackgroundLocationUpdates: Bool { get set }
            }
            final class Spy: LocationManaging {
                var allowsBackgroundLocationUpdates = true
                var central: CBCentralManager?
                var player: AVPlayer!
                let handler: (CBPeripheralManager) -> Void = { _ in }
                func startUpdatingLocation() {}
                func use(_ provider: CXProvider, in session: NISession) -> PKPushRegistry? { nil }
            }
            class Player: AVPlayer {}
            extension CBCentralManager {}
            enum PushKind { case voIP }
            func configure(manager: CLLocationManager, player: AVAudioPlayer) throws {
                manager.allowsBackgroundLocationUpdates = false
                player.numberOfLoops = 0
                try AVAudioSession.sharedInstance().setCategory(.ambient)
                try AVAudioSession.sharedInstance().setCategory(.soloAmbient)
                let url = Bundle.main.url(forResource: "commute", withExtension: "mp3")
                let alert = Bundle.main.url(forResource: "ChimeMuted", withExtension: "caf")
                let effect = "Sounds/silencer_shot.wav"
                let silentMode = "silent"
                if manager is CBCentralManager || type(of: player) == AVPlayer.self {}
                let status: AVPlayer.TimeControlStatus = .paused
            }
            """
        #expect(swiftEvidence(code).uses == [])
    }

    @Test("Objective-C: comments, strings, declarations, @selector, #if 0 and class checks are ignored")
    func objcNotUses() {
        let code = """
            // [manager startUpdatingLocation];
            /* [[CBCentralManager alloc] initWithDelegate:self queue:nil]; */
            #if 0
            [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:@"x" usingQueue:nil launchHandler:nil];
            #endif
            @interface Wrapper : NSObject
            @property (nonatomic, strong) CBCentralManager *central;
            @property (nonatomic) BOOL allowsBackgroundLocationUpdates;
            - (void)startUpdatingLocation;
            - (BOOL)registerForTaskWithIdentifier:(NSString *)identifier usingQueue:(dispatch_queue_t)queue launchHandler:(void (^)(BGTask *))handler;
            - (void)setMinimumBackgroundFetchInterval:(NSTimeInterval)interval;
            - (void)application:(UIApplication *)application performFetchWithCompletionHandler:(void (^)(UIBackgroundFetchResult))completionHandler;
            @end
            @implementation Wrapper
            - (void)startUpdatingLocation {
                NSString *s = @"[manager startUpdatingLocation] PKPushTypeVoIP";
                const char *c = "[[AVAudioPlayer alloc] init]";
                SEL selector = @selector(startUpdatingLocation);
                if ([self.central isKindOfClass:[CBCentralManager class]]) {}
                self.manager.allowsBackgroundLocationUpdates = NO;
                [self.manager setAllowsBackgroundLocationUpdates:NO];
                self.player.numberOfLoops = 1;
            }
            - (void)takeProvider:(CXProvider *)provider registry:(PKPushRegistry *)registry {
            }
            @end
            """
        let evidence = objcEvidence(code)
        #expect(evidence.uses == [])
        #expect(evidence.problems.isEmpty)
    }
}
