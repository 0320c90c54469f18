import Foundation
import Wakeful

/// Sample entries covering every kind, every ``Event`` and ``Command`` case and every nested case.
///
/// Each `…Case` enum mirrors one enum of the core. Its `init(_:)` switches over the core enum
/// without a `default`, so a new core case does not compile until it is added here, and then
/// `samples` (also without a `default`) does not compile until it has samples. The raw value is the
/// name the timeline format writes.
enum TimelineSamples {
    static let uuid = UUID(uuidString: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")!
    static let otherUUID = UUID(uuidString: "00000000-0000-0000-0000-0000000000FF")!

    /// Fields that exercise every value type, key escaping and number forms.
    static func fields(reserved: [String]) -> [Field] {
        var fields: [Field] = [
            Field("format", 1),
            Field("scenario", "gas-station \"Shell\"\n\tébène 😀 \u{01}\u{7F}\\"),
            Field("whole", .double(3)),
            Field("int", .int(3)),
            Field("fraction", .double(0.1 + 0.2)),
            Field("big", .double(1e300)),
            Field("tiny", .double(.leastNonzeroMagnitude)),
            Field("negativeZero", .double(-0.0)),
            Field("max", .int(.max)),
            Field("min", .int(.min)),
            Field("yes", true),
            Field("no", false),
            Field("", "empty key"),
            Field("_private", "kept as written"),
            Field("format", "duplicate keys keep their order"),
        ]
        for key in reserved {
            fields.append(Field(key, "collides"))
            fields.append(Field("_" + key, "collides behind one underscore"))
            fields.append(Field("__" + key, .int(2)))
        }
        return fields
    }

    static let fix = LocationFix(
        coordinate: Coordinate(latitude: 52.520008, longitude: -13.404954), horizontalAccuracy: 65,
        speed: -1, timestamp: 1234.5)

    static let constraints = [
        BeaconIdentityConstraint(uuid: uuid),
        BeaconIdentityConstraint(uuid: uuid, major: 1),
        BeaconIdentityConstraint(uuid: otherUUID, major: 0, minor: 65535),
    ]

    /// Every sample entry: every kind, every event and every command.
    static var allEntries: [TimelineEntry] {
        TimelineKindCase.allCases.flatMap(\.samples)
    }
}

enum TimelineKindCase: String, CaseIterable {
    case run, user, state, event, command, decision

    init(_ body: TimelineEntry.Body) {
        switch body {
        case .run: self = .run
        case .user: self = .user
        case .state: self = .state
        case .event: self = .event
        case .command: self = .command
        case .decision: self = .decision
        }
    }

    var samples: [TimelineEntry] {
        switch self {
        case .run:
            [
                TimelineEntry(time: 0, body: .run([
                    Field("format", 1), Field("scenario", "gas-station"), Field("ios", "12"), Field("seed", 42),
                ])),
                TimelineEntry(time: 0, body: .run(TimelineSamples.fields(reserved: ["t", "kind"]))),
                TimelineEntry(time: 0, body: .run([])),
            ]
        case .user:
            [
                TimelineEntry(time: 12.25, body: .user(action: "pressHome", fields: [])),
                TimelineEntry(time: 13, body: .user(
                    action: "open \"app\"", fields: TimelineSamples.fields(reserved: ["t", "kind", "action"]))),
            ]
        case .state:
            AppState.allCases.map { state in
                TimelineEntry(time: 176, body: .state(StateChange(from: .background, to: state, cause: "taskAssertionTimeout")))
            } + [
                TimelineEntry(time: 0.03, body: .state(StateChange(
                    from: .notRunning, to: .background, cause: "regionWake", rules: ["STATE-2", "LOC-16"],
                    fields: TimelineSamples.fields(reserved: ["t", "kind", "from", "to", "cause", "rules"])))),
            ]
        case .event:
            TimelineEventCase.allCases.flatMap(\.samples).enumerated().map { index, event in
                TimelineEntry(time: Double(index) * 0.1, body: .event(event))
            }
        case .command:
            TimelineCommandCase.allCases.flatMap(\.samples).map { command in
                TimelineEntry(time: 1e-3, body: .command(command, by: "TaskExtension"))
            }
        case .decision:
            [
                TimelineEntry(time: 5, body: .decision(SystemDecision(name: "taskAllowance"))),
                TimelineEntry(time: 5, body: .decision(SystemDecision(
                    name: "wakeSuppressed", rules: ["PUSH-9"],
                    fields: TimelineSamples.fields(reserved: ["t", "kind", "decision", "rules"])))),
            ]
        }
    }
}

enum TimelineEventCase: String, CaseIterable {
    case didFinishLaunching, willEnterForeground, didBecomeActive, willResignActive, didEnterBackground
    case willTerminate, memoryWarning, backgroundTaskExpiring, backgroundTaskDenied, locationsUpdated
    case significantLocationChange, visit, locationUpdatesPaused, locationUpdatesResumed, authorizationChanged
    case regionEntered, regionExited, regionStateDetermined, regionMonitoringFailed, beaconsRanged, timerFired
    case remoteNotification, scheduledTaskLaunched, scheduledTaskExpiring, urlSessionEvents
    case urlSessionTaskCompleted, bluetooth, lowPowerModeChanged, backgroundRefreshStatusChanged
    // Push slice (VOIP).
    case voipPush, keepAliveFired
    case scheduledTaskSubmitFailed  // scheduler slice
    // network slice
    case requestCompleted
    // Jobs and uploads
    case jobFinished, uploadCompleted

    init(_ event: Event) {
        switch event {
        case .didFinishLaunching: self = .didFinishLaunching
        case .willEnterForeground: self = .willEnterForeground
        case .didBecomeActive: self = .didBecomeActive
        case .willResignActive: self = .willResignActive
        case .didEnterBackground: self = .didEnterBackground
        case .willTerminate: self = .willTerminate
        case .memoryWarning: self = .memoryWarning
        case .backgroundTaskExpiring: self = .backgroundTaskExpiring
        case .backgroundTaskDenied: self = .backgroundTaskDenied
        case .locationsUpdated: self = .locationsUpdated
        case .significantLocationChange: self = .significantLocationChange
        case .visit: self = .visit
        case .locationUpdatesPaused: self = .locationUpdatesPaused
        case .locationUpdatesResumed: self = .locationUpdatesResumed
        case .authorizationChanged: self = .authorizationChanged
        case .regionEntered: self = .regionEntered
        case .regionExited: self = .regionExited
        case .regionStateDetermined: self = .regionStateDetermined
        case .regionMonitoringFailed: self = .regionMonitoringFailed
        case .beaconsRanged: self = .beaconsRanged
        case .timerFired: self = .timerFired
        case .remoteNotification: self = .remoteNotification
        case .scheduledTaskLaunched: self = .scheduledTaskLaunched
        case .scheduledTaskExpiring: self = .scheduledTaskExpiring
        case .urlSessionEvents: self = .urlSessionEvents
        case .urlSessionTaskCompleted: self = .urlSessionTaskCompleted
        case .bluetooth: self = .bluetooth
        case .lowPowerModeChanged: self = .lowPowerModeChanged
        case .backgroundRefreshStatusChanged: self = .backgroundRefreshStatusChanged
        case .voipPush: self = .voipPush
        case .keepAliveFired: self = .keepAliveFired
        case .scheduledTaskSubmitFailed: self = .scheduledTaskSubmitFailed  // scheduler slice
        // network slice
        case .requestCompleted: self = .requestCompleted
        case .jobFinished: self = .jobFinished
        case .uploadCompleted: self = .uploadCompleted
        }
    }

    var samples: [Event] {
        let uuid = TimelineSamples.uuid
        let fix = TimelineSamples.fix
        switch self {
        case .didFinishLaunching: return LaunchReason.allCases.map { .didFinishLaunching($0) }
        case .willEnterForeground: return [.willEnterForeground]
        case .didBecomeActive: return [.didBecomeActive]
        case .willResignActive: return [.willResignActive]
        case .didEnterBackground: return [.didEnterBackground]
        case .willTerminate: return [.willTerminate]
        case .memoryWarning: return [.memoryWarning]
        case .backgroundTaskExpiring:
            return [.backgroundTaskExpiring(BackgroundTaskID(owner: "TaskExtension", serial: 1))]
        case .backgroundTaskDenied:
            // An owner containing `#` still parses: the serial follows the last one.
            return [.backgroundTaskDenied(BackgroundTaskID(owner: "Odd#Owner \"é\"", serial: 30))]
        case .locationsUpdated:
            var second = fix
            second.coordinate = Coordinate(latitude: -33.8688, longitude: 151.2093)
            second.speed = 13.9
            return [.locationsUpdated([]), .locationsUpdated([fix, second])]
        case .significantLocationChange: return [.significantLocationChange(fix)]
        case .visit:
            return [
                .visit(Visit(coordinate: fix.coordinate, horizontalAccuracy: 20, arrival: 100, departure: nil)),
                .visit(Visit(coordinate: fix.coordinate, horizontalAccuracy: 20.5, arrival: 100, departure: 3700.25)),
            ]
        case .locationUpdatesPaused: return [.locationUpdatesPaused]
        case .locationUpdatesResumed: return [.locationUpdatesResumed]
        case .authorizationChanged: return LocationAuthorization.allCases.map { .authorizationChanged($0) }
        case .regionEntered: return [.regionEntered("gas-station")]
        case .regionExited: return [.regionExited("gas \"station\"")]
        case .regionStateDetermined: return RegionState.allCases.map { .regionStateDetermined("gas-station", $0) }
        case .regionMonitoringFailed:
            return RegionMonitoringFailure.allCases.map { .regionMonitoringFailed("home", $0) }
        case .beaconsRanged:
            return [
                .beaconsRanged(TimelineSamples.constraints[0], []),
                .beaconsRanged(TimelineSamples.constraints[1], RangedBeacon.Proximity.allCases.map {
                    RangedBeacon(uuid: uuid, major: 1, minor: 2, accuracy: 3.41, rssi: -70, proximity: $0)
                }),
                .beaconsRanged(TimelineSamples.constraints[2], [
                    RangedBeacon(uuid: TimelineSamples.otherUUID, major: 0, minor: 65535, accuracy: -1, rssi: 0, proximity: .unknown),
                ]),
            ]
        case .timerFired: return [.timerFired("keepAlive")]
        case .remoteNotification:
            return [
                .remoteNotification(RemoteNotification(id: "push-1")),
                .remoteNotification(RemoteNotification(id: "push-2", userInfo: [
                    Field("t", "no escaping needed in a nested object"), Field("count", 2), Field("ratio", 2.0),
                    Field("flag", false),
                ])),
            ]
        case .scheduledTaskLaunched:
            return ScheduledTaskKind.allCases.map { .scheduledTaskLaunched(ScheduledTaskLaunch(identifier: "com.example.refresh", kind: $0)) }
        case .scheduledTaskExpiring: return [.scheduledTaskExpiring(identifier: "com.example.refresh")]
        case .urlSessionEvents: return [.urlSessionEvents(sessionIdentifier: "upload")]
        case .urlSessionTaskCompleted:
            return [
                .urlSessionTaskCompleted(URLSessionTaskResult(sessionIdentifier: "upload", taskDescription: "batch 1", statusCode: 200)),
                .urlSessionTaskCompleted(URLSessionTaskResult(
                    sessionIdentifier: "upload", taskDescription: "batch 2", statusCode: nil,
                    error: "cancelledUserForceQuitApplication")),
            ]
        case .bluetooth: return TimelineBluetoothCase.allCases.flatMap(\.samples).map { .bluetooth($0) }
        case .lowPowerModeChanged: return [.lowPowerModeChanged(true), .lowPowerModeChanged(false)]
        case .backgroundRefreshStatusChanged:
            return BackgroundRefreshStatus.allCases.map { .backgroundRefreshStatusChanged($0) }
        case .voipPush:
            return [
                .voipPush(RemoteNotification(id: "call-1")),
                .voipPush(RemoteNotification(id: "call-2", userInfo: [Field("caller", "Ana \"A\""), Field("video", true)])),
            ]
        case .keepAliveFired: return [.keepAliveFired]
        case .scheduledTaskSubmitFailed:  // scheduler slice
            return TaskSchedulerError.allCases.map { .scheduledTaskSubmitFailed(identifier: "com.example.refresh", error: $0) }
        // network slice
        case .requestCompleted:
            return [
                .requestCompleted(id: "heartbeat-1", statusCode: 200, error: nil),
                .requestCompleted(id: "heartbeat \"2\"", statusCode: nil, error: "notConnectedToInternet"),
                .requestCompleted(id: "h3", statusCode: 503, error: "serverError"),
            ]
        case .jobFinished:
            return JobOutcome.allCases.map {
                .jobFinished(JobResult(job: "sensors", run: 3, outcome: $0, progress: 0.5))
            } + [
                .jobFinished(JobResult(
                    job: "sync \"a\"", run: 1, outcome: .checkpointed, progress: 0.25, checkpoint: "{\"sample\":12}",
                    reason: "cancelled", records: [
                        Record(kind: "sensor", fields: [Field("job", "sync"), Field("sample", 12), Field("value", 0.5)]),
                        Record(kind: "note"),
                    ])),
            ]
        case .uploadCompleted:
            let batch = UUID(uuidString: "6F1C3A52-1B7E-4C7A-9C55-0D2B8E1F3A10")!
            return [
                .uploadCompleted(UploadOutcome(id: "upload-1", batch: batch, statusCode: 200, answer: IngestAnswer(accepted: 2, duplicates: 1))),
                .uploadCompleted(UploadOutcome(
                    id: "upload-2", batch: batch, statusCode: 200,
                    answer: IngestAnswer(accepted: 0, duplicates: 0, rejected: [RecordRejection(uuid: batch, reason: "payload: expected an object")]))),
                .uploadCompleted(UploadOutcome(id: "upload-3", batch: batch, statusCode: 503, retryAfter: 120.5)),
                .uploadCompleted(UploadOutcome(id: "upload-4", batch: batch, statusCode: nil, error: "timedOut")),
            ]
        }
    }
}

enum TimelineBluetoothCase: String, CaseIterable {
    case willRestoreState, discovered, connected, disconnected, valueUpdated
    // Peripheral slice
    case centralWrote

    init(_ event: BluetoothEvent) {
        switch event {
        case .willRestoreState: self = .willRestoreState
        case .discovered: self = .discovered
        case .connected: self = .connected
        case .disconnected: self = .disconnected
        case .valueUpdated: self = .valueUpdated
        case .centralWrote: self = .centralWrote
        }
    }

    var samples: [BluetoothEvent] {
        switch self {
        case .willRestoreState: [.willRestoreState(peripherals: []), .willRestoreState(peripherals: ["A", "B"])]
        case .discovered: [.discovered(peripheral: "A", rssi: -80)]
        case .connected: [.connected(peripheral: "A")]
        case .disconnected: [.disconnected(peripheral: "A", error: nil), .disconnected(peripheral: "A", error: "timeout")]
        case .valueUpdated: [.valueUpdated(peripheral: "A", characteristic: "2A37", bytes: 20)]
        case .centralWrote: [.centralWrote(central: "reader", characteristic: "FFE1", bytes: 20)]
        }
    }
}

enum TimelineCommandCase: String, CaseIterable {
    case beginBackgroundTask, endBackgroundTask, startUpdatingLocation, stopUpdatingLocation, requestLocation
    case startMonitoringSignificantLocationChanges, stopMonitoringSignificantLocationChanges
    case startMonitoringVisits, stopMonitoringVisits, startMonitoring, stopMonitoring, requestState
    case startRangingBeacons, stopRangingBeacons, setTimer, cancelTimer, completeRemoteNotification, record
    case setCPULoad
    // Push slice (VOIP, AUDIO).
    case reportIncomingCall, endCall, setKeepAliveTimeout, startAudio, stopAudio
    // Scheduler slice (BGT)
    case submitTaskRequest, cancelTaskRequest, completeScheduledTask, setMinimumBackgroundFetchInterval
    case completeBackgroundFetch, reportTaskProgress
    // network slice
    case startTransfer, cancelTransfers, completeBackgroundEvents, sendRequest, scanForPeripherals, stopScan
    case connect, cancelConnection, writeValue, subscribe
    // Peripheral slice
    case startAdvertising, stopAdvertising
    // Jobs and uploads
    case runJob, cancelJob, upload

    init(_ command: Command) {
        switch command {
        case .beginBackgroundTask: self = .beginBackgroundTask
        case .endBackgroundTask: self = .endBackgroundTask
        case .startUpdatingLocation: self = .startUpdatingLocation
        case .stopUpdatingLocation: self = .stopUpdatingLocation
        case .requestLocation: self = .requestLocation
        case .startMonitoringSignificantLocationChanges: self = .startMonitoringSignificantLocationChanges
        case .stopMonitoringSignificantLocationChanges: self = .stopMonitoringSignificantLocationChanges
        case .startMonitoringVisits: self = .startMonitoringVisits
        case .stopMonitoringVisits: self = .stopMonitoringVisits
        case .startMonitoring: self = .startMonitoring
        case .stopMonitoring: self = .stopMonitoring
        case .requestState: self = .requestState
        case .startRangingBeacons: self = .startRangingBeacons
        case .stopRangingBeacons: self = .stopRangingBeacons
        case .setTimer: self = .setTimer
        case .cancelTimer: self = .cancelTimer
        case .completeRemoteNotification: self = .completeRemoteNotification
        case .record: self = .record
        case .setCPULoad: self = .setCPULoad
        case .reportIncomingCall: self = .reportIncomingCall
        case .endCall: self = .endCall
        case .setKeepAliveTimeout: self = .setKeepAliveTimeout
        case .startAudio: self = .startAudio
        case .stopAudio: self = .stopAudio
        // Scheduler slice (BGT)
        case .submitTaskRequest: self = .submitTaskRequest
        case .cancelTaskRequest: self = .cancelTaskRequest
        case .completeScheduledTask: self = .completeScheduledTask
        case .setMinimumBackgroundFetchInterval: self = .setMinimumBackgroundFetchInterval
        case .completeBackgroundFetch: self = .completeBackgroundFetch
        case .reportTaskProgress: self = .reportTaskProgress
        // network slice
        case .startTransfer: self = .startTransfer
        case .cancelTransfers: self = .cancelTransfers
        case .completeBackgroundEvents: self = .completeBackgroundEvents
        case .sendRequest: self = .sendRequest
        case .scanForPeripherals: self = .scanForPeripherals
        case .stopScan: self = .stopScan
        case .connect: self = .connect
        case .cancelConnection: self = .cancelConnection
        case .writeValue: self = .writeValue
        case .subscribe: self = .subscribe
        case .startAdvertising: self = .startAdvertising
        case .stopAdvertising: self = .stopAdvertising
        case .runJob: self = .runJob
        case .cancelJob: self = .cancelJob
        case .upload: self = .upload
        }
    }

    var samples: [Command] {
        let constraints = TimelineSamples.constraints
        switch self {
        case .beginBackgroundTask: return [.beginBackgroundTask(BackgroundTaskID(owner: "TaskExtension", serial: 1))]
        case .endBackgroundTask: return [.endBackgroundTask(BackgroundTaskID(owner: "LowPowerLocationKeepAlive", serial: 12))]
        case .startUpdatingLocation:
            return [.startUpdatingLocation(LocationRequest())] + LocationRequest.ActivityType.allCases.map {
                .startUpdatingLocation(LocationRequest(
                    desiredAccuracy: 3000, distanceFilter: 2.5, pausesAutomatically: false,
                    allowsBackgroundUpdates: true, showsBackgroundIndicator: true, activityType: $0))
            }
        case .setCPULoad: return [.setCPULoad(0), .setCPULoad(0.85)]
        case .stopUpdatingLocation: return [.stopUpdatingLocation]
        case .requestLocation: return [.requestLocation]
        case .startMonitoringSignificantLocationChanges: return [.startMonitoringSignificantLocationChanges]
        case .stopMonitoringSignificantLocationChanges: return [.stopMonitoringSignificantLocationChanges]
        case .startMonitoringVisits: return [.startMonitoringVisits]
        case .stopMonitoringVisits: return [.stopMonitoringVisits]
        case .startMonitoring: return TimelineShapeCase.allCases.flatMap(\.samples).map { .startMonitoring($0) }
        case .stopMonitoring: return [.stopMonitoring("gas-station")]
        case .requestState: return [.requestState("gas-station")]
        case .startRangingBeacons: return constraints.map { .startRangingBeacons($0) }
        case .stopRangingBeacons: return constraints.map { .stopRangingBeacons($0) }
        case .setTimer:
            return [
                .setTimer(TimerRequest(id: "keepAlive", interval: 170)),
                .setTimer(TimerRequest(id: "poll", interval: 0.5, repeats: true)),
            ]
        case .cancelTimer: return [.cancelTimer("keepAlive")]
        case .completeRemoteNotification:
            return BackgroundFetchResult.allCases.map { .completeRemoteNotification(id: "push-1", result: $0) }
        case .record:
            return [
                .record(Record(kind: "trigger", fields: [
                    Field("region", "gas-station"), Field("accuracy", 2.5), Field("rssi", -61),
                    Field("appState", "background"),
                ])),
                .record(Record(kind: "note")),
                .record(Record(kind: "collisions", fields: TimelineSamples.fields(
                    reserved: ["t", "kind", "by", "command", "record"]))),
            ]
        case .reportIncomingCall: return [.reportIncomingCall(id: "call-1")]
        case .endCall: return [.endCall(id: "call \"1\"")]
        case .setKeepAliveTimeout: return [.setKeepAliveTimeout(seconds: 600), .setKeepAliveTimeout(seconds: 612.5)]
        case .startAudio: return [.startAudio(audible: true), .startAudio(audible: false)]
        case .stopAudio: return [.stopAudio]
        // Scheduler slice (BGT)
        case .submitTaskRequest:
            return TaskRequest.Kind.allCases.map { .submitTaskRequest(TaskRequest(identifier: "com.example.\($0.rawValue)", kind: $0)) }
                + [.submitTaskRequest(TaskRequest(
                    identifier: "com.example.sync", kind: .processing, earliestBeginDate: 3600.5,
                    requiresExternalPower: true, requiresNetworkConnectivity: true))]
        case .cancelTaskRequest: return [.cancelTaskRequest(identifier: "com.example.sync")]
        case .completeScheduledTask:
            return [.completeScheduledTask(identifier: "com.example.sync", success: true), .completeScheduledTask(identifier: "r", success: false)]
        case .setMinimumBackgroundFetchInterval: return [.setMinimumBackgroundFetchInterval(nil), .setMinimumBackgroundFetchInterval(900)]
        case .completeBackgroundFetch: return BackgroundFetchResult.allCases.map { .completeBackgroundFetch(result: $0) }
        case .reportTaskProgress: return [.reportTaskProgress(identifier: "com.example.export", fraction: 0.25)]
        // network slice
        case .startTransfer:
            return TransferDirection.allCases.map {
                .startTransfer(TransferRequest(session: "upload", taskDescription: "batch \"1\"", direction: $0, bytes: 50_000))
            } + [.startTransfer(TransferRequest(session: "s", taskDescription: "", direction: .download, bytes: 0, discretionary: true))]
        case .cancelTransfers: return [.cancelTransfers(session: "upload")]
        case .completeBackgroundEvents: return [.completeBackgroundEvents(session: "upload")]
        case .sendRequest: return [.sendRequest(RequestDescription(id: "heartbeat-1", bytes: 200))]
        case .scanForPeripherals:
            return [.scanForPeripherals(services: nil), .scanForPeripherals(services: []), .scanForPeripherals(services: ["FFE0", "180D"])]
        case .stopScan: return [.stopScan]
        case .connect: return [.connect(peripheral: "dongle")]
        case .cancelConnection: return [.cancelConnection(peripheral: "dongle")]
        case .writeValue: return [.writeValue(peripheral: "dongle", characteristic: "FFE1", bytes: 4)]
        case .subscribe: return [.subscribe(peripheral: "dongle", characteristic: "FFE1")]
        case .startAdvertising:
            return [.startAdvertising(localName: nil, services: []), .startAdvertising(localName: "Wakeful \"1\"", services: ["FFE0", "180D"])]
        case .stopAdvertising: return [.stopAdvertising]
        case .runJob:
            return [
                .runJob(JobRun(job: "sensors", run: 1, budget: 25)),
                .runJob(JobRun(job: "sync", run: 2, budget: Context.unlimited, progress: 0.5, checkpoint: "{\"sample\":3}")),
            ]
        case .cancelJob: return [.cancelJob(job: "sensors", run: 1)]
        case .upload:
            let batch = UUID(uuidString: "6F1C3A52-1B7E-4C7A-9C55-0D2B8E1F3A10")!
            return [
                .upload(UploadRequest(id: "upload-1", batch: batch, records: 500, bytes: 131_072, background: true)),
                .upload(UploadRequest(id: "upload-2", batch: batch, records: 1, bytes: 300, background: false)),
            ]
        }
    }
}

enum TimelineShapeCase: String, CaseIterable {
    case circle, beacon

    init(_ shape: MonitoredRegion.Shape) {
        switch shape {
        case .circle: self = .circle
        case .beacon: self = .beacon
        }
    }

    var samples: [MonitoredRegion] {
        switch self {
        case .circle:
            [MonitoredRegion(id: "home", shape: .circle(center: Coordinate(latitude: 48.8566, longitude: 2.3522), radius: 150))]
        case .beacon:
            [MonitoredRegion(
                id: "gas-station", shape: .beacon(TimelineSamples.constraints[1]), notifyOnEntry: false,
                notifyOnExit: true, notifyEntryStateOnDisplay: true)]
        }
    }
}
