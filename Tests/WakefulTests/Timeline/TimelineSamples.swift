import Foundation
import Wakeful

/// Sample entries covering every kind, every ``Event`` and ``Command`` case and every nested case.
///
/// The samples are plain lists. What makes them complete is the round-trip test: it iterates over
/// the names the core's one description of each case declares (``TimelineDecoder/knownEventNames``
/// and the others) and fails for a name without a sample, so a new case cannot be forgotten here.
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
    case run, user, state, event, command, decision, observation, world

    init(_ body: TimelineEntry.Body) {
        switch body {
        case .run: self = .run
        case .user: self = .user
        case .state: self = .state
        case .event: self = .event
        case .command: self = .command
        case .decision: self = .decision
        case .observation: self = .observation
        case .world: self = .world
        }
    }

    var samples: [TimelineEntry] {
        switch self {
        case .run:
            [
                TimelineEntry(
                    time: 0,
                    body: .run([
                        Field("format", 1), Field("scenario", "gas-station"), Field("ios", "12"), Field("seed", 42),
                    ])),
                TimelineEntry(time: 0, body: .run(TimelineSamples.fields(reserved: ["t", "kind"]))),
                TimelineEntry(time: 0, body: .run([])),
            ]
        case .user:
            [
                TimelineEntry(time: 12.25, body: .user(action: "pressHome", fields: [])),
                TimelineEntry(
                    time: 13,
                    body: .user(
                        action: "open \"app\"", fields: TimelineSamples.fields(reserved: ["t", "kind", "action"]))),
            ]
        case .state:
            AppState.allCases.map { state in
                TimelineEntry(
                    time: 176, body: .state(StateChange(from: .background, to: state, cause: "taskAssertionTimeout")))
            } + [
                TimelineEntry(
                    time: 0.03,
                    body: .state(
                        StateChange(
                            from: .notRunning, to: .background, cause: "regionWake", rules: ["STATE-2", "LOC-16"],
                            fields: TimelineSamples.fields(reserved: ["t", "kind", "from", "to", "cause", "rules"]))))
            ]
        case .event:
            TimelineSamples.events.enumerated().map { index, event in
                TimelineEntry(time: Double(index) * 0.1, body: .event(event))
            }
        case .command:
            TimelineSamples.commands.map { command in
                TimelineEntry(time: 1e-3, body: .command(command, by: "TaskExtension"))
            }
        case .decision:
            [
                TimelineEntry(time: 5, body: .decision(SystemDecision(name: "taskAllowance"))),
                TimelineEntry(
                    time: 5,
                    body: .decision(
                        SystemDecision(
                            name: "wakeSuppressed", rules: ["PUSH-9"],
                            fields: TimelineSamples.fields(reserved: ["t", "kind", "decision", "rules"])))),
            ]
        case .observation:
            [
                TimelineEntry(time: 0, body: .observation([Field("network", "wifi"), Field("externalPower", false)])),
                TimelineEntry(time: 7, body: .observation(TimelineSamples.fields(reserved: ["t", "kind"]))),
            ]
        case .world:
            [
                TimelineEntry(
                    time: 620, body: .world(fact: "path", fields: [Field("east", 300.0), Field("north", 0.0)])),
                TimelineEntry(
                    time: 0,
                    body: .world(fact: "beacon", fields: TimelineSamples.fields(reserved: ["t", "kind", "fact"]))),
            ]
        }
    }
}

extension TimelineSamples {
    /// One or more samples of every event case.
    static var events: [Event] {
        let uuid = TimelineSamples.uuid
        let fix = TimelineSamples.fix
        var all: [Event] = []
        all += LaunchReason.allCases.map { .didFinishLaunching($0) }
        all += [.willEnterForeground]
        all += [.didBecomeActive]
        all += [.willResignActive]
        all += [.didEnterBackground]
        all += [.willTerminate]
        all += [.memoryWarning, .protectedDataWillBecomeUnavailable, .protectedDataDidBecomeAvailable]
        all += [.backgroundTaskExpiring(BackgroundTaskID(owner: "TaskExtension", serial: 1))]
        // An owner containing `#` still parses: the serial follows the last one.
        all += [.backgroundTaskDenied(BackgroundTaskID(owner: "Odd#Owner \"é\"", serial: 30))]
        do {
            var second = fix
            second.coordinate = Coordinate(latitude: -33.8688, longitude: 151.2093)
            second.speed = 13.9
            all += [.locationsUpdated([]), .locationsUpdated([fix, second])]
        }
        all += [.significantLocationChange(fix)]
        all += [
            .visit(Visit(coordinate: fix.coordinate, horizontalAccuracy: 20, arrival: 100, departure: nil)),
            .visit(Visit(coordinate: fix.coordinate, horizontalAccuracy: 20.5, arrival: 100, departure: 3700.25)),
        ]
        all += [.locationUpdatesPaused]
        all += [.locationUpdatesResumed]
        all += LocationAuthorization.allCases.map { .authorizationChanged($0) }
        all += [.regionEntered("gas-station")]
        all += [.regionExited("gas \"station\"")]
        all += RegionState.allCases.map { .regionStateDetermined("gas-station", $0) }
        all += RegionMonitoringFailure.allCases.map { .regionMonitoringFailed("home", $0) }
        all += [
            .beaconsRanged(TimelineSamples.constraints[0], []),
            .beaconsRanged(
                TimelineSamples.constraints[1],
                RangedBeacon.Proximity.allCases.map {
                    RangedBeacon(uuid: uuid, major: 1, minor: 2, accuracy: 3.41, rssi: -70, proximity: $0)
                }),
            .beaconsRanged(
                TimelineSamples.constraints[2],
                [
                    RangedBeacon(
                        uuid: TimelineSamples.otherUUID, major: 0, minor: 65535, accuracy: -1, rssi: 0,
                        proximity: .unknown)
                ]),
        ]
        all += [.timerFired("keepAlive")]
        all += [
            .remoteNotification(RemoteNotification(id: "push-1")),
            .remoteNotification(
                RemoteNotification(
                    id: "push-2",
                    userInfo: [
                        Field("t", "no escaping needed in a nested object"), Field("count", 2), Field("ratio", 2.0),
                        Field("flag", false),
                    ])),
        ]
        all += ScheduledTaskKind.allCases.map {
            .scheduledTaskLaunched(ScheduledTaskLaunch(identifier: "com.example.refresh", kind: $0))
        }
        all += [.scheduledTaskExpiring(identifier: "com.example.refresh")]
        all += [.urlSessionEvents(sessionIdentifier: "upload")]
        all += [
            .urlSessionTaskCompleted(
                URLSessionTaskResult(sessionIdentifier: "upload", taskDescription: "batch 1", statusCode: 200)),
            .urlSessionTaskCompleted(
                URLSessionTaskResult(
                    sessionIdentifier: "upload", taskDescription: "batch 2", statusCode: nil,
                    error: "cancelledUserForceQuitApplication")),
        ]
        all += TimelineSamples.bluetoothEvents.map { .bluetooth($0) }
        all += [.lowPowerModeChanged(true), .lowPowerModeChanged(false)]
        all += BackgroundRefreshStatus.allCases.map { .backgroundRefreshStatusChanged($0) }
        all += [
            .voipPush(RemoteNotification(id: "call-1")),
            .voipPush(
                RemoteNotification(id: "call-2", userInfo: [Field("caller", "Ana \"A\""), Field("video", true)])),
        ]
        all += [.keepAliveFired]
        all += TaskSchedulerError.allCases.map {
            .scheduledTaskSubmitFailed(identifier: "com.example.refresh", error: $0)
        }
        all += [
            .requestCompleted(id: "heartbeat-1", statusCode: 200, error: nil),
            .requestCompleted(id: "heartbeat \"2\"", statusCode: nil, error: "notConnectedToInternet"),
            .requestCompleted(id: "h3", statusCode: 503, error: "serverError"),
        ]
        all +=
            JobOutcome.allCases.map {
                .jobFinished(JobResult(job: "sensors", run: 3, outcome: $0, progress: 0.5))
            } + [
                .jobFinished(
                    JobResult(
                        job: "sync \"a\"", run: 1, outcome: .checkpointed, progress: 0.25,
                        checkpoint: "{\"sample\":12}",
                        reason: "cancelled",
                        records: [
                            Record(
                                kind: "sensor",
                                fields: [Field("job", "sync"), Field("sample", 12), Field("value", 0.5)]),
                            Record(kind: "note"),
                        ]))
            ]
        do {
            let batch = UUID(uuidString: "6F1C3A52-1B7E-4C7A-9C55-0D2B8E1F3A10")!
            all += [
                .uploadCompleted(
                    UploadOutcome(
                        id: "upload-1", batch: batch, statusCode: 200, answer: IngestAnswer(accepted: 2, duplicates: 1))
                ),
                .uploadCompleted(
                    UploadOutcome(
                        id: "upload-2", batch: batch, statusCode: 200,
                        answer: IngestAnswer(
                            accepted: 0, duplicates: 0,
                            rejected: [RecordRejection(uuid: batch, reason: "payload: expected an object")]))),
                .uploadCompleted(UploadOutcome(id: "upload-3", batch: batch, statusCode: 503, retryAfter: 120.5)),
                .uploadCompleted(UploadOutcome(id: "upload-4", batch: batch, statusCode: nil, error: "timedOut")),
            ]
        }
        all += AccuracyAuthorization.allCases.map { .accuracyAuthorizationChanged($0) }
        // Motion (MOTION)
        let atTheLight = MotionActivity(kinds: [.automotive, .stationary], confidence: .medium, start: 120.5)
        let walking = MotionActivity(kinds: .walking, confidence: .high, start: -604_800)
        all += [.activityUpdated(atTheLight), .activityUpdated(MotionActivity(kinds: [], confidence: .low, start: 0))]
        all += [
            .activityHistory(MotionActivityHistory(from: 0, to: 300, activities: [walking, atTheLight])),
            .activityHistory(MotionActivityHistory(from: 10, to: 20, activities: [], error: .notAuthorized)),
        ]
        all += MotionAuthorization.allCases.map { .motionAuthorizationChanged($0) }
        // Live updates and location sessions (LOC-8, LOC-9)
        let liveFix = LocationFix(
            coordinate: Coordinate(latitude: 45.764, longitude: 4.8357), horizontalAccuracy: 5, speed: 13.5,
            timestamp: 812.25)
        all += [
            .liveLocationUpdate(LiveLocationUpdate(location: liveFix)),
            .liveLocationUpdate(LiveLocationUpdate(location: liveFix, isStationary: true)),
            .liveLocationUpdate(
                LiveLocationUpdate(location: nil, diagnostics: [.insufficientlyInUse, .accuracyLimited])),
            .backgroundActivitySessionDiagnostic([.insufficientlyInUse]), .backgroundActivitySessionDiagnostic([]),
            .serviceSessionDiagnostic(LocationDiagnostic.allCases),
        ]
        // CLMonitor (CLMON)
        all += MonitorConditionState.allCases.map {
            .monitorEvent(MonitorEvent(monitor: "fences", id: "shop-12|since=36000.5", state: $0))
        }
        all += [
            .monitorEvent(MonitorEvent(monitor: "", id: "drop-21", state: .unknown, conditionLimitExceeded: true)),
            .monitorOpened(name: "fences", conditions: ["shop-12", "GeofenceSet.swap"]),
            .monitorOpened(name: "empty", conditions: []),
        ]
        all += MonitorOpenFailure.allCases.map { .monitorOpenFailed(name: "fences", reason: $0) }
        // One-shot fixes
        all += LocationRequestFailure.allCases.map { .locationRequestFailed($0) }
        // HealthKit (HK)
        all += [
            .healthObserverUpdate(HealthObserverUpdate(id: "bloodGlucose-update-1", type: .bloodGlucose)),
            .healthSamplesQueried(
                HealthQueryResult(
                    type: .stepCount,
                    samples: [
                        HealthSample(id: "steps-1", value: 240, at: 600.5), HealthSample(id: "", value: 0, at: -1),
                    ])),
            .healthSamplesQueried(HealthQueryResult(type: .bloodGlucose)),
        ]
        all += HealthQueryError.allCases.map {
            .healthSamplesQueried(HealthQueryResult(type: .bloodGlucose, error: $0))
        }
        // Live Activities (LIVE)
        all += LiveActivityStart.Origin.allCases.map {
            .liveActivityStarted(
                LiveActivityStart(activity: "order-1042", attributesType: "DeliveryAttributes", origin: $0))
        }
        all += LiveActivityError.allCases.map { .liveActivityRequestFailed(id: "order \"1042\"", error: $0) }
        all += [
            .liveActivityPushToken(activity: "order-1042", token: String(repeating: "ab", count: 32)),
            .liveActivityPushToStartToken(String(repeating: "0f", count: 32)),
        ]
        all += LiveActivityState.allCases.map { .liveActivityStateChanged(activity: "order-1042", state: $0) }
        return all
    }
}

extension TimelineSamples {
    /// One or more samples of every Bluetooth event case.
    static var bluetoothEvents: [BluetoothEvent] {
        var all: [BluetoothEvent] = []
        all += [.willRestoreState(peripherals: []), .willRestoreState(peripherals: ["A", "B"])]
        all += [.discovered(peripheral: "A", rssi: -80)]
        all += [.connected(peripheral: "A")]
        all += [.disconnected(peripheral: "A", error: nil), .disconnected(peripheral: "A", error: "timeout")]
        all += [.valueUpdated(peripheral: "A", characteristic: "2A37", bytes: 20)]
        all += [.centralWrote(central: "reader", characteristic: "FFE1", bytes: 20)]
        return all
    }
}

extension TimelineSamples {
    /// One or more samples of every command case.
    static var commands: [Command] {
        let constraints = TimelineSamples.constraints
        var all: [Command] = []
        all += [.beginBackgroundTask(BackgroundTaskID(owner: "TaskExtension", serial: 1))]
        all += [.endBackgroundTask(BackgroundTaskID(owner: "LowPowerLocationKeepAlive", serial: 12))]
        all +=
            [.startUpdatingLocation(LocationRequest())]
            + LocationRequest.ActivityType.allCases.map {
                .startUpdatingLocation(
                    LocationRequest(
                        desiredAccuracy: 3000, distanceFilter: 2.5, pausesAutomatically: false,
                        allowsBackgroundUpdates: true, showsBackgroundIndicator: true, activityType: $0))
            }
        all += [.setCPULoad(0), .setCPULoad(0.85)]
        all += [.stopUpdatingLocation]
        all += [.requestLocation]
        all += [.startMonitoringSignificantLocationChanges]
        all += [.stopMonitoringSignificantLocationChanges]
        all += [.startMonitoringVisits]
        all += [.stopMonitoringVisits]
        all += TimelineSamples.regions.map { .startMonitoring($0) }
        all += [.stopMonitoring("gas-station")]
        all += [.requestState("gas-station")]
        all += constraints.map { .startRangingBeacons($0) }
        all += constraints.map { .stopRangingBeacons($0) }
        all += [
            .setTimer(TimerRequest(id: "keepAlive", interval: 170)),
            .setTimer(TimerRequest(id: "poll", interval: 0.5, repeats: true)),
        ]
        all += [.cancelTimer("keepAlive")]
        all += BackgroundFetchResult.allCases.map { .completeRemoteNotification(id: "push-1", result: $0) }
        all += [
            .record(
                Record(
                    kind: "trigger",
                    fields: [
                        Field("region", "gas-station"), Field("accuracy", 2.5), Field("rssi", -61),
                        Field("appState", "background"),
                    ])),
            .record(Record(kind: "note")),
            .record(
                Record(
                    kind: "collisions",
                    fields: TimelineSamples.fields(
                        reserved: ["t", "kind", "by", "command", "record"]))),
        ]
        all += [.reportIncomingCall(id: "call-1")]
        all += [.endCall(id: "call \"1\"")]
        all += [.setKeepAliveTimeout(seconds: 600), .setKeepAliveTimeout(seconds: 612.5)]
        all += [.startAudio(audible: true), .startAudio(audible: false)]
        all += [.stopAudio]
        all +=
            TaskRequest.Kind.allCases.map {
                .submitTaskRequest(TaskRequest(identifier: "com.example.\($0.rawValue)", kind: $0))
            }
            + [
                .submitTaskRequest(
                    TaskRequest(
                        identifier: "com.example.sync", kind: .processing, earliestBeginDate: 3600.5,
                        requiresExternalPower: true, requiresNetworkConnectivity: true))
            ]
        all += [.cancelTaskRequest(identifier: "com.example.sync")]
        all += [
            .completeScheduledTask(identifier: "com.example.sync", success: true),
            .completeScheduledTask(identifier: "r", success: false),
        ]
        all += [.setMinimumBackgroundFetchInterval(nil), .setMinimumBackgroundFetchInterval(900)]
        all += BackgroundFetchResult.allCases.map { .completeBackgroundFetch(result: $0) }
        all += [.reportTaskProgress(identifier: "com.example.export", fraction: 0.25)]
        all +=
            TransferDirection.allCases.map {
                .startTransfer(
                    TransferRequest(session: "upload", taskDescription: "batch \"1\"", direction: $0, bytes: 50_000))
            } + [
                .startTransfer(
                    TransferRequest(
                        session: "s", taskDescription: "", direction: .download, bytes: 0, discretionary: true))
            ]
        all += [.cancelTransfers(session: "upload")]
        all += [.completeBackgroundEvents(session: "upload")]
        all += [.sendRequest(RequestDescription(id: "heartbeat-1", bytes: 200))]
        all += [
            .scanForPeripherals(services: nil), .scanForPeripherals(services: []),
            .scanForPeripherals(services: ["FFE0", "180D"]),
        ]
        all += [.stopScan]
        all += [.connect(peripheral: "dongle")]
        all += [.cancelConnection(peripheral: "dongle")]
        all += [.writeValue(peripheral: "dongle", characteristic: "FFE1", bytes: 4)]
        all += [.subscribe(peripheral: "dongle", characteristic: "FFE1")]
        all += [
            .startAdvertising(localName: nil, services: []),
            .startAdvertising(localName: "Wakeful \"1\"", services: ["FFE0", "180D"]),
        ]
        all += [.stopAdvertising]
        all += [
            .runJob(JobRun(job: "sensors", run: 1, budget: 25)),
            .runJob(
                JobRun(job: "sync", run: 2, budget: Context.unlimited, progress: 0.5, checkpoint: "{\"sample\":3}")),
        ]
        all += [.cancelJob(job: "sensors", run: 1)]
        do {
            let batch = UUID(uuidString: "6F1C3A52-1B7E-4C7A-9C55-0D2B8E1F3A10")!
            all += [
                .upload(UploadRequest(id: "upload-1", batch: batch, records: 500, bytes: 131_072, background: true)),
                .upload(UploadRequest(id: "upload-2", batch: batch, records: 1, bytes: 300, background: false)),
            ]
        }
        all += [.requestWhenInUseAuthorization, .requestAlwaysAuthorization]
        all += [.requestTemporaryFullAccuracy(purposeKey: "Delivery \"now\"")]
        // Motion (MOTION)
        all += [.startActivityUpdates, .stopActivityUpdates, .queryActivityHistory(from: -3600.5, to: 12)]
        // Live updates and location sessions (LOC-8, LOC-9)
        all += LocationRequest.ActivityType.allCases.map { .startLiveUpdates($0) }
        all += [.stopLiveUpdates, .startBackgroundActivitySession, .invalidateBackgroundActivitySession]
        all += [
            .startServiceSession(ServiceSessionRequest(authorization: .always)),
            .startServiceSession(ServiceSessionRequest(authorization: .whenInUse, fullAccuracyPurposeKey: "Trip")),
            .invalidateServiceSession,
        ]
        // CLMonitor (CLMON)
        let shop = MonitorCondition(
            id: "shop-12", center: Coordinate(latitude: 48.8566, longitude: -2.3522), radius: 99.5)
        all += [.openMonitor(name: "fences"), .openMonitor(name: "")]
        all += MonitorConditionState.allCases.map { .addMonitorCondition(monitor: "fences", shop, assuming: $0) }
        all += [.removeMonitorCondition(monitor: "fences", id: "shop-12|since=1.5")]
        // HealthKit (HK)
        all += HealthUpdateFrequency.allCases.map { .enableHealthBackgroundDelivery(.stepCount, frequency: $0) }
        all += [
            .startHealthObserverQuery(.bloodGlucose), .queryHealthSamples("heartRate"),
            .completeHealthObserverUpdate(id: "bloodGlucose-update-1"),
        ]
        // Live Activities (LIVE)
        all += [
            .requestLiveActivity(
                LiveActivityRequest(
                    id: "order-1042", attributesType: "DeliveryAttributes", attributes: [Field("restaurant", "Roma")],
                    contentState: [Field("status", "placed"), Field("eta", 35), Field("late", false)], staleDate: 900.5,
                    relevanceScore: 0.25)),
            .requestLiveActivity(LiveActivityRequest(id: "", attributesType: "", receivesPushUpdates: false)),
            .updateLiveActivity(id: "order-1042", contentState: [Field("status", "on the way")], staleDate: 1800),
            .updateLiveActivity(id: "order-1042", contentState: [], staleDate: nil),
            .endLiveActivity(id: "order-1042", contentState: [Field("status", "delivered")], dismissal: .default),
            .endLiveActivity(id: "order-1042", contentState: [], dismissal: .immediate),
            .endLiveActivity(id: "order-1042", contentState: [], dismissal: .after(4500.25)),
            .observeLiveActivities(attributesType: "DeliveryAttributes", pushToStart: true),
            .observeLiveActivities(attributesType: "", pushToStart: false),
        ]
        return all
    }
}

extension TimelineSamples {
    /// A monitored region of every shape.
    static let regions = [
        MonitoredRegion(
            id: "home", shape: .circle(center: Coordinate(latitude: 48.8566, longitude: 2.3522), radius: 150)),
        MonitoredRegion(
            id: "gas-station", shape: .beacon(constraints[1]), notifyOnEntry: false,
            notifyOnExit: true, notifyEntryStateOnDisplay: true),
    ]
}
