#if canImport(UIKit)
    import Foundation
    import Logging
    import Wakeful

    extension WakefulApp {
        /// Hands one command to the adapter of its framework. No decision is taken here: every
        /// command is carried out as issued, or, when a device cannot carry it out, noted in the
        /// timeline as a `commandNotCarriedOut` decision so the gap is visible.
        func execute(_ command: Command) {
            switch command {
            case .beginBackgroundTask(let id): tasks.begin(id)
            case .endBackgroundTask(let id): tasks.end(id)

            case .startUpdatingLocation(let request):
                // LOC-1: the adapter never sets allowsBackgroundLocationUpdates without the mode (a
                // fatal error); the updates run in the foreground only, and the timeline says so.
                if request.allowsBackgroundUpdates, !infoPlist.declares(.location) {
                    notCarriedOut(command, reason: "noLocationBackgroundMode")
                }
                location.startUpdating(request)
            case .stopUpdatingLocation: location.stopUpdating()
            case .requestLocation: location.requestLocation()
            case .startMonitoringSignificantLocationChanges: location.startSignificantChanges()
            case .stopMonitoringSignificantLocationChanges: location.stopSignificantChanges()
            case .startMonitoringVisits: location.startVisits()
            case .stopMonitoringVisits: location.stopVisits()
            case .startMonitoring(let region): location.startMonitoring(region)
            case .stopMonitoring(let id): location.stopMonitoring(id)
            case .requestState(let id): location.requestState(id)
            case .startRangingBeacons(let constraint): location.startRanging(constraint)
            case .stopRangingBeacons(let constraint): location.stopRanging(constraint)
            case .requestWhenInUseAuthorization: location.requestWhenInUse()
            case .requestAlwaysAuthorization: location.requestAlways()
            case .requestTemporaryFullAccuracy(let key): location.requestTemporaryFullAccuracy(purposeKey: key)

            case .openMonitor(let name): monitors.open(name)
            case .addMonitorCondition(let name, let condition, let assuming):
                withMonitor(name, command) { $0.add(condition, to: name, assuming: assuming) }
            case .removeMonitorCondition(let name, let id): withMonitor(name, command) { $0.remove(id, from: name) }

            case .setTimer(let request): timers.set(request)
            case .cancelTimer(let id): timers.cancel(id)

            case .completeRemoteNotification(let id, let result): pushes.complete(id, result: result)

            case .submitTaskRequest(let request): scheduled.submit(request)
            case .cancelTaskRequest(let identifier): scheduled.cancel(identifier)
            case .completeScheduledTask(let identifier, let success): scheduled.complete(identifier, success: success)
            case .reportTaskProgress(let identifier, let fraction):
                scheduled.reportProgress(identifier, fraction: fraction)

            case .startTransfer(let transfer): sessions.start(transfer)
            case .cancelTransfers(let session): sessions.cancel(session: session)
            case .completeBackgroundEvents(let session): sessions.completeEvents(session)
            case .sendRequest(let request): sessions.send(request)
            case .upload(let request): upload(request)

            case .scanForPeripherals(let services): withBluetooth(command) { $0.scan(services: services) }
            case .stopScan: withBluetooth(command) { $0.stopScan() }
            case .connect(let peripheral): withBluetooth(command) { $0.connect(peripheral) }
            case .cancelConnection(let peripheral): withBluetooth(command) { $0.cancelConnection(peripheral) }
            case .writeValue(let peripheral, let characteristic, let bytes):
                withBluetooth(command) {
                    $0.write(peripheral: peripheral, characteristic: characteristic, bytes: bytes)
                }
            case .subscribe(let peripheral, let characteristic):
                withBluetooth(command) { $0.subscribe(peripheral: peripheral, characteristic: characteristic) }

            case .runJob, .cancelJob: jobs.execute(command)

            case .startActivityUpdates: withMotion(command) { $0.startUpdates() }
            case .stopActivityUpdates: withMotion(command) { $0.stopUpdates() }
            case .queryActivityHistory(let from, let to): withMotion(command) { $0.queryHistory(from: from, to: to) }
            // Live updates and location sessions (LOC-8, LOC-9)
            case .startLiveUpdates(let configuration): locationSessions.startLiveUpdates(configuration)
            case .stopLiveUpdates: locationSessions.stopLiveUpdates()
            case .startBackgroundActivitySession: locationSessions.startBackgroundActivitySession()
            case .invalidateBackgroundActivitySession: locationSessions.invalidateBackgroundActivitySession()
            case .startServiceSession(let request): locationSessions.startServiceSession(request)
            case .invalidateServiceSession: locationSessions.invalidateServiceSession()
            // HealthKit (HK)
            case .startHealthObserverQuery, .enableHealthBackgroundDelivery, .completeHealthObserverUpdate,
                .queryHealthSamples:
                executeHealth(command)
            // Live Activities (LIVE)
            case .requestLiveActivity, .updateLiveActivity, .endLiveActivity, .observeLiveActivities:
                executeLiveActivity(command)

            // Already done by the agent: records are in the outbox before the commands run.
            case .record: break
            // The simulator's CPU and energy model; a device measures its own CPU.
            case .setCPULoad: break

            // BGT-1, BGT-2: background fetch is deprecated since iOS 13 in favour of BGAppRefreshTask,
            // below this package's iOS 15 floor; CallKit, PushKit, audio and the peripheral role
            // have no adapter in this module yet.
            case .setMinimumBackgroundFetchInterval, .completeBackgroundFetch, .reportIncomingCall, .endCall,
                .setKeepAliveTimeout,
                .startAudio, .stopAudio, .startAdvertising, .stopAdvertising:
                notCarriedOut(command, reason: "noAdapter")
            }
        }

        /// ``Command/upload(_:)``: the body from the agent, the endpoint and credential from the app.
        private func upload(_ request: UploadRequest) {
            guard let endpoint = configuration.ingestEndpoint else {
                return notCarriedOut(.upload(request), reason: "noIngestEndpoint")
            }
            let credential: String?
            do {
                credential = try configuration.credential()
            } catch {
                // DATA-5: the Keychain withholds the item while locked; send nothing rather than be
                // answered 401, and let the uploader wait for the unlock.
                logger.notice("credential unreadable, upload waits for the unlock", metadata: ["error": "\(error)"])
                return deliver(
                    .uploadCompleted(
                        UploadOutcome(
                            id: request.id, batch: request.batch, statusCode: nil,
                            error: UploadOutcome.credentialUnavailable)))
            }
            do {
                let body = try agent.requestBody(for: request)
                sessions.upload(
                    request, body: body, endpoint: endpoint, credential: credential,
                    configurationVersion: configuration.configurationPublicKey == nil
                        ? nil : agent.remoteConfigurationVersion,
                    timeout: configuration.agent.upload?.requestTimeout ?? 60)
            } catch {
                logger.error("could not encode an upload batch", metadata: ["error": "\(error)"])
                notCarriedOut(.upload(request), reason: "bodyNotEncoded")
            }
        }

        /// MOTION-2: "If you don’t include this key [NSMotionUsageDescription], your app will crash when
        /// it attempts to access motion data"; without it the command is noted, not carried out.
        /// https://developer.apple.com/documentation/bundleresources/information-property-list/nsmotionusagedescription
        private func withMotion(_ command: Command, _ action: (MotionAdapter) -> Void) {
            guard infoPlist.allowsMotion else { return notCarriedOut(command, reason: "noMotionUsageDescription") }
            action(motion)
        }

        private func withBluetooth(_ command: Command, _ action: (BluetoothAdapter) -> Void) {
            guard let bluetooth else {
                let reason =
                    configuration.bluetoothRestoreIdentifier == nil
                    ? "noBluetoothRestoreIdentifier" : "bluetoothNotInInfoPlist"
                return notCarriedOut(command, reason: reason)
            }
            action(bluetooth)
        }

        /// Runs a condition command on an open monitor; without one it is noted (CLMON-2: conditions
        /// belong to a monitor the process opened).
        private func withMonitor(_ name: String, _ command: Command, _ action: (MonitorAdapter) -> Void) {
            guard monitors.isOpen(name) else { return notCarriedOut(command, reason: "monitorNotOpen") }
            action(monitors)
        }

        /// Notes in the timeline that a command could not be carried out on this device.
        func notCarriedOut(_ command: Command, reason: String) {
            logger.warning("command not carried out", metadata: ["command": "\(command.name)", "reason": "\(reason)"])
            note(
                TimelineEntry(
                    time: context().now,
                    body: .decision(
                        SystemDecision(
                            name: "commandNotCarriedOut",
                            fields: [Field("command", .string(command.name)), Field("reason", .string(reason))]))))
        }
    }
#endif
