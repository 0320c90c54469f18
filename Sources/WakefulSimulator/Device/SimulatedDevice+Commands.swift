import Foundation
import Wakeful

extension SimulatedDevice {
    /// Carries out one command the app issued.
    mutating func execute(_ command: Command) {
        defer {
            switch command {
            case .startUpdatingLocation, .stopUpdatingLocation, .startRangingBeacons, .stopRangingBeacons:
                refreshEnergy()
            default: break
            }
        }
        switch command {
        case .beginBackgroundTask(let id): beginBackgroundTask(id)
        case .endBackgroundTask(let id): endBackgroundTask(id)
        case .startUpdatingLocation(let request): startUpdatingLocation(request)
        case .stopUpdatingLocation:
            process.location = nil
            checkLocationInUse()  // AUTH-4, AUTH-7: background updates were what kept it in use
        case .requestLocation: requestLocation()
        case .startMonitoringSignificantLocationChanges: startSignificantChanges()
        case .stopMonitoringSignificantLocationChanges: significantChange = nil
        case .startMonitoring(let region): startMonitoring(region)
        case .stopMonitoring(let id): regions.removeAll { $0.region.id == id }
        case .requestState(let id):
            guard let watch = regions.first(where: { $0.region.id == id }) else {
                refuse("requestState", "region \(id) is not monitored", rules: ["LOC-18"])
                return
            }
            deliver(.regionStateDetermined(id, watch.state))
        // CLMonitor (CLMON)
        case .openMonitor(let name): openMonitor(name)
        case .addMonitorCondition(let monitor, let condition, let assuming):
            addMonitorCondition(condition, to: monitor, assuming: assuming)
        case .removeMonitorCondition(let monitor, let id): removeMonitorCondition(id, from: monitor)
        case .startRangingBeacons(let constraint): startRanging(constraint)
        case .stopRangingBeacons(let constraint): stopRanging(constraint)
        case .setTimer(let request): setTimer(request)
        case .cancelTimer(let id): process.timers.removeAll { $0.request.id == id }
        case .record(let record):
            tally.noteRecord(
                record, at: now, distance: distanceToTriggerBeacon,
                keptRunningBy: state == .background ? runReasons.names : ["foreground"])
        case .setCPULoad(let load): setCPULoad(load)
        case .startMonitoringVisits: startVisits()
        case .stopMonitoringVisits: visits = nil
        // Pushes (PUSH, VOIP, AUDIO).
        case .completeRemoteNotification(let id, let result): completeRemoteNotification(id, result: result)
        case .reportIncomingCall(let id): reportIncomingCall(id)
        case .endCall(let id): endCall(id)
        case .setKeepAliveTimeout(let seconds): setKeepAliveTimeout(seconds)
        case .startAudio(let audible): startAudio(audible: audible)
        case .stopAudio: stopAudio()
        // Scheduled tasks (BGT)
        case .submitTaskRequest(let request): submitTaskRequest(request)
        case .cancelTaskRequest(let identifier): cancelTaskRequest(identifier)
        case .completeScheduledTask(let identifier, let success): completeScheduledTask(identifier, success: success)
        case .setMinimumBackgroundFetchInterval(let interval): setMinimumBackgroundFetchInterval(interval)
        case .completeBackgroundFetch(let result): completeBackgroundFetch(result)
        case .reportTaskProgress(let identifier, let fraction): reportTaskProgress(identifier, fraction: fraction)
        // Network
        case .startTransfer(let request): startTransfer(request)
        case .cancelTransfers(let session): cancelTransfers(session: session)
        case .completeBackgroundEvents(let session): completeBackgroundEvents(session: session)
        case .sendRequest(let request): sendRequest(request)
        case .scanForPeripherals(let services): scanForPeripherals(services: services)
        case .stopScan: stopScan()
        case .connect(let peripheral): connect(peripheral)
        case .cancelConnection(let peripheral): cancelConnection(peripheral)
        case .writeValue(let peripheral, let characteristic, let bytes):
            writeValue(peripheral, characteristic: characteristic, bytes: bytes)
        case .subscribe(let peripheral, let characteristic): subscribe(peripheral, characteristic: characteristic)
        // Accessories (BLE-1, BLE-3)
        case .startAdvertising(let localName, let services): startAdvertising(localName: localName, services: services)
        case .stopAdvertising: stopAdvertising()
        // Jobs and uploads
        case .runJob(let run): runJob(run)
        case .cancelJob(let job, let run): cancelJob(job, run: run)
        case .upload(let request): startUpload(request)
        // Authorization (AUTH)
        case .requestWhenInUseAuthorization: requestAuthorization(.whenInUse)
        case .requestAlwaysAuthorization: requestAuthorization(.always)
        case .requestTemporaryFullAccuracy(let key): requestAuthorization(.temporaryFullAccuracy(purposeKey: key))
        // Motion (MOTION)
        case .startActivityUpdates: startActivityUpdates()
        case .stopActivityUpdates: process.activityUpdates = nil
        case .queryActivityHistory(let from, let to): queryActivityHistory(from: from, to: to)
        // Live updates and location sessions (LOC-8, LOC-9)
        case .startLiveUpdates: startLiveUpdates()
        case .stopLiveUpdates: stopLiveUpdates()
        case .startBackgroundActivitySession: startBackgroundActivitySession()
        case .invalidateBackgroundActivitySession: invalidateBackgroundActivitySession()
        case .startServiceSession(let request): startServiceSession(request)
        case .invalidateServiceSession: invalidateServiceSession()
        case .requestLiveActivity, .updateLiveActivity, .endLiveActivity, .observeLiveActivities:
            executeLiveActivityCommand(command)
        }
    }

    /// A command the simulated release does not have, or refuses: a `commandRefused` decision.
    mutating func refuse(_ command: String, _ why: String, rules: [String]) {
        decide("commandRefused", rules: rules, [Field("command", .string(command)), Field("why", .string(why))])
    }
}
