#if canImport(UIKit)
    import Foundation
    import GRDB
    import Logging
    import UIKit
    import Wakeful
    import WakefulStore

    /// The one object an iOS app keeps: it owns the ``Agent`` (strategies, jobs, outbox, uploader),
    /// turns every system callback into an ``Event``, and carries out the ``Command``s that come back.
    ///
    /// All decisions are the core's; this type and its adapters only translate. Create it in
    /// `application(_:didFinishLaunchingWithOptions:)` (Core Location and Core Bluetooth deliver the
    /// events that relaunched the app only to managers created before launch ends) with one call, and
    /// forward the two app-delegate callbacks UIKit does not post as notifications (see the article
    /// <doc:AddingWakefulToAnApp>), through the static `forward` calls, which answer Wakeful's
    /// handlers even when `start` threw:
    ///
    /// ```swift
    /// final class AppDelegate: NSObject, UIApplicationDelegate {
    ///     var wakeful: WakefulApp?
    ///     func application(_ application: UIApplication,
    ///                      didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
    ///         do {
    ///             wakeful = try WakefulApp.start(.init(strategies: Preset.periodicSync()), application: application, launchOptions: options)
    ///         } catch {
    ///             // Launch handlers are registered and pushes answered even then; log the error.
    ///         }
    ///         return true
    ///     }
    ///     func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
    ///                      fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
    ///         WakefulApp.forward(application, didReceiveRemoteNotification: userInfo,
    ///                            fetchCompletionHandler: completionHandler, to: wakeful)
    ///     }
    /// }
    /// ```
    ///
    /// Lifecycle callbacks arrive through `UIApplication` notifications, which UIKit posts whether or
    /// not the app uses scenes, so SwiftUI apps need no scene delegate code.
    @MainActor
    public final class WakefulApp {
        /// The agent: the strategies, the job scheduler, the outbox and the uploader.
        public private(set) var agent: Agent
        /// The configuration the app gave.
        public let configuration: Configuration
        /// Receives every timeline entry on the main actor (for a debug screen); nil for none.
        public var observer: ((TimelineEntry) -> Void)?
        /// Every timeline entry from now on, as it happens: `for await entry in wakeful.timeline { … }`.
        /// Each access is a new stream; any number may listen (see ``TimelineFeed``).
        public var timeline: AsyncStream<TimelineEntry> { feed.entries() }
        let feed = TimelineFeed()

        let logger: Logger
        /// This process's timeline file; nil until it is opened, or when the configuration writes none.
        private var timelineFile: JSONLinesFileWriter?
        /// Where the outbox and the timeline files live.
        private let directory: URL
        /// The timeline file waits for protected data (``LaunchStoragePlan``).
        private var timelineAwaitsUnlock = false
        private var queue: [Event] = []
        private var draining = false
        /// The launch event first (``LaunchEventOrder``).
        private var launchOrder = LaunchEventOrder()

        // The adapters, one per framework; each only translates.
        lazy var lifecycle = ApplicationLifecycleAdapter(protectedData: protectedData) { [weak self] in
            self?.deliver($0)
        }
        /// Whether protected files can be read now; the outbox consults it (DATA-4).
        let protectedData: ProtectedDataState
        /// What the app's Info.plist declares, read once: the calls that terminate an app without a
        /// key check it first.
        lazy var infoPlist = InfoPlistGuard(Bundle.main.infoDictionary ?? [:])
        lazy var tasks = BackgroundTaskAdapter { [weak self] in self?.deliver($0) }
        lazy var location = LocationAdapter(
            api: configuration.locationUpdates, infoPlist: infoPlist,
            activityFlag: LaunchFlagFile(url: directory.appendingPathComponent("location-activity-session"))
        ) { [weak self] in self?.deliver($0) }
        lazy var monitors = MonitorAdapter(protectedData: protectedData, firstUnlock: firstUnlock) { [weak self] in
            self?.deliver($0)
        }
        /// Whether the phone has been unlocked since it started (``MonitorOpenPolicy``).
        let firstUnlock: FirstUnlockMarker
        lazy var scheduled = ScheduledTaskAdapter(title: configuration.continuedProcessingTitle) { [weak self] in
            self?.deliver($0)
        }
        lazy var sessions = URLSessionAdapter(
            owned: [UploadRequest.sessionIdentifier] + configuration.backgroundSessionIdentifiers,
            transferSource: configuration.transferSource, requestSource: configuration.requestSource,
            downloadedFile: configuration.downloadedFile
        ) { [weak self] in self?.deliver($0) }
        lazy var pushes = RemoteNotificationAdapter()
        lazy var timers = RunLoopTimerAdapter { [weak self] in self?.deliver($0) }
        lazy var motion = MotionAdapter { [weak self] in self?.deliver($0) }
        lazy var health = HealthKitAdapter { [weak self] in self?.deliver($0) }
        lazy var locationSessions = LocationSessionsAdapter { [weak self] in self?.deliver($0) }
        lazy var jobs = JobRunner(work: configuration.jobs) { [weak self] in self?.deliver($0) }
        lazy var exits = BackgroundExitReporter { [weak self] in self?.note($0) }
        lazy var environment = DeviceEnvironment()
        /// The debug notifications, when the policy is active in this build; none at all otherwise
        /// (no delegate, no permission prompt).
        lazy var debug: DebugNotifier? =
            configuration.debugNotificationPolicy.isActive(debugBuild: Self.isDebugBuild)
            ? DebugNotifier(policy: configuration.debugNotificationPolicy, debugBuild: Self.isDebugBuild) : nil
        /// The ledger of scheduled tasks, kept beside the outbox across processes.
        lazy var taskLedger = TaskLedger(url: directory.appendingPathComponent("task-history.json"))
        var bluetooth: BluetoothAdapter?

        /// Prepares the outbox (`outbox.sqlite`, WAL, of class ``Configuration/storeProtection``,
        /// obeying GRDB's suspension notices so the app never holds a lock while suspended, TERM-6;
        /// opened on first use, so a launch before the first unlock does not fail, DATA-8) and this
        /// process's timeline file (`timeline-<seconds since 1970>.jsonl`, the newest ten kept; opened
        /// now, or when protected data becomes available if it is not at launch, and never fatal), and
        /// creates the agent, which holds records while the outbox cannot be written (DATA-4) and
        /// counts them in `held.json`, a file of class `none`.
        ///
        /// - Throws: ``OutboxStoreError`` when the outbox cannot be opened on an unlocked phone; a file
        ///   error for the folder.
        public init(configuration: Configuration) throws {
            let directory = try configuration.directory ?? Self.defaultDirectory()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let protectedData = ProtectedDataState()
            let outbox = ProtectedSQLiteOutbox(
                path: directory.appendingPathComponent("outbox.sqlite").path,
                protection: configuration.storeProtection,
                options: SQLiteOutbox.Options(observesSuspensionNotifications: true),
                isProtectedDataAvailable: { protectedData.isAvailable })
            self.protectedData = protectedData
            self.agent = try Agent(
                strategies: configuration.strategies, configuration: configuration.agent, outbox: outbox,
                seed: configuration.seed,
                heldRecords: FileHeldRecordsLedger(path: directory.appendingPathComponent("held.json").path),
                configurationVerifier: try configuration.configurationPublicKey.map {
                    try Curve25519ConfigurationVerifier(publicKeyBase64: $0)
                })
            self.directory = directory
            self.configuration = configuration
            self.logger = configuration.logger
            self.firstUnlock = FirstUnlockMarker(url: directory.appendingPathComponent("first-unlock"))
            if protectedData.isAvailable { firstUnlock.write() }
            switch LaunchStoragePlan.timelineFile(
                writes: configuration.writesTimelineFile, protectedDataAvailable: protectedData.isAvailable)
            {
            case .none: break
            case .openNow: openTimelineFile()
            case .openAtUnlock: timelineAwaitsUnlock = true
            }
        }

        /// Opens this process's timeline file; a failure is logged, not thrown: a launch that threw
        /// would leave a scheduled task or a push handler unanswered.
        private func openTimelineFile() {
            timelineAwaitsUnlock = false
            do {
                timelineFile = try Self.timelineWriter(in: directory)
            } catch {
                logger.error("could not open the timeline file", metadata: ["error": "\(error)"])
            }
        }

        /// What the configured strategies need from Info.plist and the user.
        public var requirements: Requirements { agent.requirements }

        /// Delivers one event to the agent and carries out its commands.
        ///
        /// Events raised while commands run (a refused task, a failed submission) are queued and
        /// delivered after the current event's commands, in order. Events an adapter reports before
        /// ``Event/didFinishLaunching(_:)`` wait for it (``LaunchEventOrder``).
        public func deliver(_ event: Event) {
            queue += launchOrder.admit(event)
            guard !draining, !queue.isEmpty else { return }
            draining = true
            defer { draining = false }
            // The outbox may be written while events are handled; outside them it stays suspended in
            // the background (GRDB's notices, see SQLiteOutbox).
            NotificationCenter.default.post(name: Database.resumeNotification, object: nil)
            while !queue.isEmpty {
                let event = queue.removeFirst()
                if event == .protectedDataDidBecomeAvailable {
                    firstUnlock.write()
                    if timelineAwaitsUnlock { openTimelineFile() }
                }
                if event == .didBecomeActive { debug?.appBecameActive() }
                var sink = DeviceTimeline(
                    file: timelineFile, observer: observer, feed: feed, debug: debug, tasks: taskLedger)
                let commands = agent.handle(event, in: context(), timeline: &sink)
                if let error = agent.lastError {
                    logger.error("outbox commit failed; kept for the next event", metadata: ["error": "\(error)"])
                }
                for command in commands { execute(command) }
            }
            flushTimeline()
            taskLedger.saveIfChanged()
            if UIApplication.shared.applicationState == .background {
                NotificationCenter.default.post(name: Database.suspendNotification, object: nil)
            }
        }

        /// Records a fact learned outside any event (a MetricKit exit report) in the timeline and the outbox.
        public func note(_ entry: TimelineEntry) {
            // Inside `deliver` the store is already resumed, and must stay so until its loop ends.
            let standalone = !draining
            if standalone { NotificationCenter.default.post(name: Database.resumeNotification, object: nil) }
            var sink = DeviceTimeline(
                file: timelineFile, observer: observer, feed: feed, debug: debug, tasks: taskLedger)
            do {
                try agent.note(entry, timeline: &sink)
            } catch {
                logger.error("could not store a timeline note", metadata: ["error": "\(error)"])
            }
            guard standalone else { return }
            flushTimeline()
            taskLedger.saveIfChanged()
            if UIApplication.shared.applicationState == .background {
                NotificationCenter.default.post(name: Database.suspendNotification, object: nil)
            }
        }

        /// Asks the user for the location authorization the strategies need (BEACON-1, LOC-16); call
        /// it from the app's UI, after explaining why. On iOS 18 the `CLServiceSession` the adapter
        /// holds asks again by itself when a temporary grant lapses.
        public func requestLocationAuthorization() {
            location.requestAuthorization(requirements.locationAuthorization)
        }

        /// Lets Wakeful use Bluetooth (the configuration's ``Configuration/bluetoothRestoreIdentifier``):
        /// creates the central, which shows the permission prompt the first time; call it from the
        /// app's UI, after explaining why. Until then a central that would prompt is not created and
        /// Bluetooth commands wait (``BluetoothCentralPolicy``); once the user has answered, later
        /// launches create it at once.
        public func requestBluetoothAuthorization() {
            bluetooth?.createCentral()
        }

        /// The app renewed the device credential after a 401: uploads resume with the next event.
        public func credentialsRenewed() {
            agent.credentialsRenewed()
        }

        /// The current time and system state, as the core expects them with every event.
        ///
        /// The clock is seconds since 1970, so ``Uploader/Configuration/clockOrigin`` stays 0 and
        /// request dates convert directly.
        func context() -> Context {
            let application = UIApplication.shared
            // https://developer.apple.com/documentation/uikit/uiapplication/backgroundtimeremaining
            // DBL_MAX outside a finite allowance, which is Context.unlimited (TASK-11).
            let now = Date()
            var context = Context(
                now: now.timeIntervalSince1970, appState: AppState(application.applicationState),
                backgroundTimeRemaining: application.backgroundTimeRemaining, network: environment.network,
                externalPower: environment.externalPower, localTime: LocalTime(now, calendar: .current))
            context.locationPermission = location.permission
            return context
        }

        private func flushTimeline() {
            do {
                try timelineFile?.flush()
            } catch {
                logger.error("could not write the timeline file", metadata: ["error": "\(error)"])
            }
        }

        /// This install's timeline files, oldest first: one JSON Lines file per process (the newest ten
        /// kept), each readable by `wakeful replay`. Empty when ``Configuration/writesTimelineFile`` is off.
        public var timelineFiles: [URL] {
            guard configuration.writesTimelineFile else { return [] }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter(Self.isTimelineFile).sorted().map { directory.appendingPathComponent($0) }
        }

        private static func isTimelineFile(_ name: String) -> Bool {
            name.hasPrefix("timeline-") && name.hasSuffix(".jsonl")
        }

        /// How many per-process timeline files are kept.
        static let keptTimelineFiles = 10

        /// A new `timeline-<seconds since 1970>.jsonl` for this process (the writer truncates, and a
        /// relaunch must not erase what the killed process wrote); only the newest files are kept.
        private static func timelineWriter(in directory: URL) throws -> JSONLinesFileWriter {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            let old = names.filter(isTimelineFile).sorted().dropLast(keptTimelineFiles - 1)
            for name in old { try? FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
            let name = String(format: "timeline-%012.0f.jsonl", Date().timeIntervalSince1970)
            return try JSONLinesFileWriter(path: directory.appendingPathComponent(name).path)
        }

        /// Whether this module was compiled with DEBUG: an app's Debug configuration builds its
        /// packages with it.
        static var isDebugBuild: Bool {
            #if DEBUG
                true
            #else
                false
            #endif
        }

        private static func defaultDirectory() throws -> URL {
            try FileManager.default.url(
                for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true
            )
            .appendingPathComponent("Wakeful", isDirectory: true)
        }
    }

    /// The platform's timeline: the JSON Lines file, the app's observer, the feed's listeners, the
    /// debug mode's notifications and the ledger of scheduled tasks.
    struct DeviceTimeline: TimelineSink {
        let file: JSONLinesFileWriter?
        let observer: ((TimelineEntry) -> Void)?
        let feed: TimelineFeed
        let debug: DebugNotifier?
        let tasks: TaskLedger

        /// Always: the task ledger reads every entry, whoever else listens.
        var isRecording: Bool { true }

        mutating func append(_ entry: TimelineEntry) {
            file?.append(entry)
            observer?(entry)
            feed.publish(entry)
            debug?.show(entry)
            tasks.record(entry)
        }
    }

    extension AppState {
        /// The state `UIApplication.applicationState` reports; iOS never reports suspension (STATE-1).
        init(_ state: UIApplication.State) {
            switch state {
            case .active: self = .active
            case .inactive: self = .inactive
            case .background: self = .background
            @unknown default: self = .background
            }
        }
    }
#endif
