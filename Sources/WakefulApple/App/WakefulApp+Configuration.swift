#if canImport(UIKit)
    import Foundation
    import Logging
    import Wakeful

    extension WakefulApp {
        /// Everything the app decides once, at launch: its strategies, the agent's jobs and uploads,
        /// where files go, and how to turn the core's abstract requests into real ones.
        ///
        /// ```swift
        /// var configuration = WakefulApp.Configuration(strategies: [TaskExtension(), BeaconTrigger(options: pump)])
        /// configuration.ingestEndpoint = URL(string: "https://wakeful.example.com/v1/ingest")
        /// configuration.credential = { try KeychainCredential().read() }
        /// ```
        public struct Configuration {
            /// The strategies and features, in the order they receive events.
            public var strategies: [any Strategy]
            /// Jobs, uploads, retention and which timeline entries go to the server.
            public var agent: AgentConfiguration
            /// Folder for the outbox database and the timeline file; nil for Application Support/Wakeful.
            public var directory: URL?
            /// Whether to write each process's timeline to a JSON Lines file next to the outbox.
            public var writesTimelineFile: Bool
            /// The companion server's `POST /v1/ingest` URL; uploads are not carried out without it.
            public var ingestEndpoint: URL?
            /// The APNs environment of this build (the `aps-environment` entitlement: `development` is
            /// ``PushTokenRegistration/Environment/sandbox``). When set, with an ``ingestEndpoint``, the
            /// device token APNs gives at every launch is sent to the server beside it
            /// (`PUT /v1/devices/me/apns`); nil sends nothing.
            public var apnsEnvironment: PushTokenRegistration.Environment?
            /// The companion server's configuration public key (base64, as `wakeful-server serve`
            /// prints it). When set, uploads report the configuration version the app runs
            /// (`Wakeful-Configuration-Version`), and configurations the server sends in upload
            /// answers or silent pushes are verified with it and applied between jobs
            /// (``RemoteConfiguration``); nil refuses every configuration.
            public var configurationPublicKey: String?
            /// The device credential for `Authorization: Bearer`; read before every upload, nil for
            /// none. Keep it in the Keychain with ``KeychainCredential``, which stores it
            /// `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`: the Keychain's default,
            /// `WhenUnlocked`, cannot be read in the background on a locked phone, and the read
            /// fails with `errSecInteractionNotAllowed` (DATA-5). Not in `UserDefaults`: before the
            /// first unlock after a restart it reads empty (DATA-6), and an upload without the
            /// credential is answered 401. A closure that throws sends nothing: the uploader waits
            /// for the unlock (``UploaderStatus/awaitingUnlock``). Before the first unlock no class
            /// but the deprecated `Always` is readable; nothing is uploaded then, since the outbox
            /// cannot be read either.
            public var credential: @MainActor @Sendable () throws -> String?
            /// The work of each job, by job identifier (see ``JobRunner``).
            public var jobs: [String: JobRunner.Work]
            /// Turns a ``TransferRequest`` into a real request (and, for an upload, the file to send).
            public var transferSource: @MainActor (TransferRequest) -> TransferSource?
            /// Called with a finished background download's `taskDescription` and file, on the main
            /// thread, while the file exists: move it before returning, as iOS removes it when the
            /// session's delegate method returns (NSURLSession.h:1165–1168). Nothing by default.
            public var downloadedFile: @MainActor (_ taskDescription: String, _ location: URL) -> Void
            /// Turns a ``RequestDescription`` into a real request.
            public var requestSource: @MainActor (RequestDescription) -> URLRequest?
            /// The bytes of a ``Command/writeValue(peripheral:characteristic:bytes:)`` poll; zeros by default.
            public var pollPayload: @MainActor (_ peripheral: String, _ characteristic: String, _ bytes: Int) -> Data
            /// The Core Bluetooth restoration identifier (BLE-4); nil to create no central manager.
            public var bluetoothRestoreIdentifier: String?
            /// Background `URLSession` identifiers Wakeful owns besides the uploader's
            /// (`UploadRequest.sessionIdentifier`): those the strategies' transfers use, e.g.
            /// `BackgroundTransfer`'s session when it is not the uploader's. A relaunch for one of these
            /// is Wakeful's; ``WakefulApp/application(_:handleEventsForBackgroundURLSession:completionHandler:)``
            /// returns false for any other, which is the app's own session. A discretionary transfer of
            /// one of them runs on `<identifier>.discretionary` (a session's configuration is fixed when
            /// it is created, ``BackgroundSessionIdentifier``), Wakeful's too; do not name an app
            /// session so.
            public var backgroundSessionIdentifiers: [String]
            /// Task identifiers whose launches go to the strategies besides those they declare (BGT-9);
            /// for iOS 26 continued processing, the wildcard pattern (`com.example.app.export.*`).
            /// Every `BGTaskSchedulerPermittedIdentifiers` entry gets a launch handler whether listed
            /// or not; a launch for an identifier neither listed nor declared is completed at once.
            public var additionalTaskIdentifiers: [String]
            /// Title and subtitle shown for an iOS 26 continued-processing task (BGT-13).
            public var continuedProcessingTitle: @MainActor (TaskRequest) -> (title: String, subtitle: String)
            /// Which Core Location API carries ``Command/startUpdatingLocation(_:)``.
            public var locationUpdates: LocationUpdatesAPI
            /// The Data Protection class of the outbox's files (DATA-1). The default,
            /// `completeUntilFirstUserAuthentication`, can be written on a locked phone once it has
            /// been unlocked after a restart, when nearly all background launches happen; with
            /// `complete` the data is unreadable whenever the phone is locked, so records collected in
            /// the background wait in memory until the unlock (``AgentConfiguration/holdLimit``) and a
            /// loss record counts any the process did not live to store; `none` is never encrypted.
            public var storeProtection: DataProtectionClass
            /// Seeds the uploader's jitter; any per-install value.
            public var seed: UInt64
            /// Where the adapters log (never credentials or tokens).
            public var logger: Logger
            /// The debug mode: which timeline entries become local notifications (and sounds) —
            /// iOS relaunching the app, tracking starting or stopping, a task's time running out —
            /// rate-limited (``DebugNotificationPolicy``, ``DebugNotifications``). Off by default,
            /// and off in release builds unless the policy's `allowedInReleaseBuilds` is set. When on,
            /// Wakeful asks for notification permission while the app is in front, never in the
            /// background, and becomes the notification center's delegate, so the notifications show
            /// while the app is in front too, forwarding everything else to the delegate the app set
            /// before starting Wakeful (one set later replaces Wakeful's: the notifications then show
            /// only in the background).
            ///
            /// ```swift
            /// configuration.debugNotificationPolicy = .fieldDebugging
            /// ```
            public var debugNotificationPolicy: DebugNotificationPolicy
            /// Carries out the Live Activity commands for the app's `ActivityAttributes` type
            /// (``LiveActivityAdapter``, iOS 16.2+); nil notes them as not carried out.
            public var liveActivities: (any LiveActivityControlling)?

            /// Creates a configuration with the defaults: the lifecycle timeline uploaded, no server,
            /// no Bluetooth, `CLLocationManager` updates.
            public init(strategies: [any Strategy], agent: AgentConfiguration = AgentConfiguration(), seed: UInt64 = 1)
            {
                self.strategies = strategies
                self.agent = agent
                self.directory = nil
                self.writesTimelineFile = true
                self.ingestEndpoint = nil
                self.apnsEnvironment = nil
                self.credential = { nil }
                self.jobs = [:]
                self.transferSource = { _ in nil }
                self.requestSource = { _ in nil }
                self.downloadedFile = { _, _ in }
                self.pollPayload = { _, _, bytes in Data(count: bytes) }
                self.bluetoothRestoreIdentifier = nil
                self.additionalTaskIdentifiers = []
                self.backgroundSessionIdentifiers = []
                self.continuedProcessingTitle = { request in (request.identifier, "") }
                self.locationUpdates = .locationManager
                self.storeProtection = .completeUntilFirstUserAuthentication
                self.seed = seed
                self.logger = Logger(label: "Wakeful")
                self.debugNotificationPolicy = .off
                self.liveActivities = nil
            }
        }

        /// A real transfer for a background `URLSession`: the request, and the file an upload sends.
        public struct TransferSource {
            /// The request (URL, method, headers).
            public var request: URLRequest
            /// The file an upload sends; nil for a download.
            public var file: URL?

            /// Creates a transfer source.
            public init(request: URLRequest, file: URL? = nil) {
                self.request = request
                self.file = file
            }
        }

        /// The Core Location API behind standard updates.
        public enum LocationUpdatesAPI: Sendable, Hashable {
            /// `CLLocationManager.startUpdatingLocation()`, every iOS version.
            case locationManager
            /// `CLLocationUpdate.liveUpdates(_:)` with a `CLBackgroundActivitySession` while updates
            /// run in the background (iOS 17+); falls back to ``locationManager`` on earlier versions.
            case liveUpdates
        }
    }
#endif
