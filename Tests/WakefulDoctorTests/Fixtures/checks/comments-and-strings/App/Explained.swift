import Foundation

// BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.refresh", using: nil) { _ in }
// try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.refresh"))
/* manager.allowsBackgroundLocationUpdates = true; manager.startUpdatingLocation()
   /* nested: manager.startMonitoringVisits(); manager.startMonitoring(for: region) */
   CLLocationUpdate.liveUpdates(); CLBackgroundActivitySession(); CLServiceSession(authorization: .always)
*/
/// Documentation: `AVAudioSession.sharedInstance().setCategory(.playback)`, `AVPlayer(url:)`,
/// `MPNowPlayingInfoCenter.default()`, `player.numberOfLoops = -1`, `PKPushRegistry(queue: nil)`.
enum Explained {
    static let lines = [
        "UIApplication.shared.setMinimumBackgroundFetchInterval(3600)",
        "CBCentralManager(delegate: nil, queue: nil, options: [CBCentralManagerOptionRestoreIdentifierKey: \"x\"])",
        "URLSessionConfiguration.background(withIdentifier: \"x\") .voIP CXProvider(configuration: c) CXCallController()",
        #"NISession() PTChannelManager.channelManager CMMotionActivityManager() NEHotspotHelper.register EAAccessoryManager.shared()"#,
        """
        UIApplication.shared.registerForRemoteNotifications()
        func application(_ application: UIApplication, performFetchWithCompletionHandler completionHandler: Handler) {}
        .backgroundTask(.appRefresh("com.example.refresh"))
        """,
    ]
    static let message = "\(lines.count) calls such as manager.requestAlwaysAuthorization() are only text"
}
