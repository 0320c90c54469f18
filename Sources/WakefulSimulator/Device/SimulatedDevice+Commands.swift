import Foundation
import Wakeful

/// Events in, commands out: the device hands the app's code an event while, and only while, the
/// app executes, and carries out the commands it returns.
extension SimulatedDevice {
    /// Delivers an event to the app's code and carries out the commands it returns.
    ///
    /// Only an executing app receives events: everything else is a model bug, caught here.
    mutating func deliver(_ event: Event) {
        guard state.isExecuting, hasProcess else {
            tally.violations.append("t=\(now): event delivered while \(state.rawValue)")
            return
        }
        // Right after a wake nothing is known yet to hold the app: note what does now, so that a
        // suspension in this same step (a handler completed at once) names it. Once something is
        // known, as on every ranging callback of a running app, this costs nothing.
        if state == .background, lifecycle.lastRunReasons.isEmpty {
            let reasons = runReasons
            lifecycle.noteRunReasons(reasons)
        }
        var context = Context(
            now: now, appState: state, backgroundTimeRemaining: backgroundTimeRemaining, network: networkPath,
            externalPower: scenario.world.power.charging(at: now), localTime: scenario.world.localTime(at: now))
        context.locationPermission = authorizer.permission.seenByTheApp
        let commands: [Command]
        if outbox.hasConfiguration {
            guard let handled = agentHandle(event, in: context) else { return }
            commands = handled
        } else {
            commands = process.runtime.handle(event, in: context, timeline: &timeline)
        }
        tally.eventsDelivered += 1
        let number = process.number
        for command in commands {
            // A command may get the app killed (TASK-15); the rest of the batch never runs.
            guard hasProcess, process.number == number else { break }
            execute(command)
        }
    }

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
        case .stopMonitoringSignificantLocationChanges: locationServices.stopSignificantChanges()
        case .startMonitoring(let region): startMonitoring(region)
        case .stopMonitoring(let id): geofences.stopMonitoring(id)
        case .requestState(let id):
            guard let regionState = geofences.state(of: id) else {
                refuse("requestState", "region \(id) is not monitored", rules: ["LOC-18"])
                return
            }
            deliver(.regionStateDetermined(id, regionState))
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
        case .stopMonitoringVisits: locationServices.stopVisits()
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
        }
    }

    /// A command the simulated release does not have, or refuses: a `commandRefused` decision.
    mutating func refuse(_ command: String, _ why: String, rules: [String]) {
        carryOut([.refusal(command, why, rules: rules)])
    }
}
