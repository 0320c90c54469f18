import Foundation

extension Command: TimelineVariant {
    /// The line form of every command, described once for ``TimelineJSONEncoder`` and
    /// ``TimelineDecoder``: the name, then the members in line order.
    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        switch self {
        case .beginBackgroundTask(let id):
            try coder.caseName(CaseName.beginBackgroundTask)
            return .beginBackgroundTask(try coder.taskID("task", id))
        case .endBackgroundTask(let id):
            try coder.caseName(CaseName.endBackgroundTask)
            return .endBackgroundTask(try coder.taskID("task", id))
        case .startUpdatingLocation(let request):
            try coder.caseName(CaseName.startUpdatingLocation)
            return .startUpdatingLocation(try coder.members(request))
        case .stopUpdatingLocation:
            try coder.caseName(CaseName.stopUpdatingLocation)
            return self
        case .requestLocation:
            try coder.caseName(CaseName.requestLocation)
            return self
        case .startMonitoringSignificantLocationChanges:
            try coder.caseName(CaseName.startMonitoringSignificantLocationChanges)
            return self
        case .stopMonitoringSignificantLocationChanges:
            try coder.caseName(CaseName.stopMonitoringSignificantLocationChanges)
            return self
        case .startMonitoringVisits:
            try coder.caseName(CaseName.startMonitoringVisits)
            return self
        case .stopMonitoringVisits:
            try coder.caseName(CaseName.stopMonitoringVisits)
            return self
        case .startMonitoring(let region):
            try coder.caseName(CaseName.startMonitoring)
            return .startMonitoring(try coder.members(region))
        case .stopMonitoring(let region):
            try coder.caseName(CaseName.stopMonitoring)
            return .stopMonitoring(RegionID(rawValue: try coder.string("region", region.rawValue)))
        case .requestState(let region):
            try coder.caseName(CaseName.requestState)
            return .requestState(RegionID(rawValue: try coder.string("region", region.rawValue)))
        case .startRangingBeacons(let constraint):
            try coder.caseName(CaseName.startRangingBeacons)
            return .startRangingBeacons(try coder.constraint("constraint", constraint))
        case .stopRangingBeacons(let constraint):
            try coder.caseName(CaseName.stopRangingBeacons)
            return .stopRangingBeacons(try coder.constraint("constraint", constraint))
        case .setTimer(let request):
            try coder.caseName(CaseName.setTimer)
            return .setTimer(try coder.members(request))
        case .cancelTimer(let timer):
            try coder.caseName(CaseName.cancelTimer)
            return .cancelTimer(TimerID(rawValue: try coder.string("timer", timer.rawValue)))
        case .completeRemoteNotification(let id, let result):
            try coder.caseName(CaseName.completeRemoteNotification)
            return .completeRemoteNotification(
                id: try coder.string("id", id),
                result: try coder.enumeration("result", result)
            )
        case .setCPULoad(let load):
            try coder.caseName(CaseName.setCPULoad)
            return .setCPULoad(try coder.double("load", load))
        case .record(let record):
            try coder.caseName(CaseName.record)
            var read = Record(kind: try coder.string("record", record.kind))
            read.fields = try coder.flattenedFields(reserved: FlattenedFieldKeys.record, record.fields)
            return .record(read)
        case .reportIncomingCall(let id):
            try coder.caseName(CaseName.reportIncomingCall)
            return .reportIncomingCall(id: try coder.string("id", id))
        case .endCall(let id):
            try coder.caseName(CaseName.endCall)
            return .endCall(id: try coder.string("id", id))
        case .setKeepAliveTimeout(let seconds):
            try coder.caseName(CaseName.setKeepAliveTimeout)
            return .setKeepAliveTimeout(seconds: try coder.double("seconds", seconds))
        case .startAudio(let audible):
            try coder.caseName(CaseName.startAudio)
            return .startAudio(audible: try coder.bool("audible", audible))
        case .stopAudio:
            try coder.caseName(CaseName.stopAudio)
            return self
        case .submitTaskRequest(let request):
            try coder.caseName(CaseName.submitTaskRequest)
            return .submitTaskRequest(try coder.members(request))
        case .cancelTaskRequest(let identifier):
            try coder.caseName(CaseName.cancelTaskRequest)
            return .cancelTaskRequest(identifier: try coder.string("identifier", identifier))
        case .completeScheduledTask(let identifier, let success):
            try coder.caseName(CaseName.completeScheduledTask)
            return .completeScheduledTask(
                identifier: try coder.string("identifier", identifier),
                success: try coder.bool("success", success)
            )
        case .setMinimumBackgroundFetchInterval(let interval):
            try coder.caseName(CaseName.setMinimumBackgroundFetchInterval)
            return .setMinimumBackgroundFetchInterval(try coder.optionalDouble("interval", interval))
        case .completeBackgroundFetch(let result):
            try coder.caseName(CaseName.completeBackgroundFetch)
            return .completeBackgroundFetch(result: try coder.enumeration("result", result))
        case .reportTaskProgress(let identifier, let fraction):
            try coder.caseName(CaseName.reportTaskProgress)
            return .reportTaskProgress(
                identifier: try coder.string("identifier", identifier),
                fraction: try coder.double("fraction", fraction)
            )
        case .startTransfer(let request):
            try coder.caseName(CaseName.startTransfer)
            return .startTransfer(try coder.members(request))
        case .cancelTransfers(let session):
            try coder.caseName(CaseName.cancelTransfers)
            return .cancelTransfers(session: try coder.string("session", session))
        case .completeBackgroundEvents(let session):
            try coder.caseName(CaseName.completeBackgroundEvents)
            return .completeBackgroundEvents(session: try coder.string("session", session))
        case .sendRequest(let request):
            try coder.caseName(CaseName.sendRequest)
            return .sendRequest(try coder.members(request))
        case .scanForPeripherals(let services):
            try coder.caseName(CaseName.scanForPeripherals)
            return .scanForPeripherals(services: try coder.optionalStrings("services", services))
        case .stopScan:
            try coder.caseName(CaseName.stopScan)
            return self
        case .connect(let peripheral):
            try coder.caseName(CaseName.connect)
            return .connect(peripheral: try coder.string("peripheral", peripheral))
        case .cancelConnection(let peripheral):
            try coder.caseName(CaseName.cancelConnection)
            return .cancelConnection(peripheral: try coder.string("peripheral", peripheral))
        case .writeValue(let peripheral, let characteristic, let bytes):
            try coder.caseName(CaseName.writeValue)
            return .writeValue(
                peripheral: try coder.string("peripheral", peripheral),
                characteristic: try coder.string("characteristic", characteristic),
                bytes: try coder.int("bytes", bytes)
            )
        case .subscribe(let peripheral, let characteristic):
            try coder.caseName(CaseName.subscribe)
            return .subscribe(
                peripheral: try coder.string("peripheral", peripheral),
                characteristic: try coder.string("characteristic", characteristic)
            )
        case .startAdvertising(let localName, let services):
            try coder.caseName(CaseName.startAdvertising)
            return .startAdvertising(
                localName: try coder.optionalString("localName", localName),
                services: try coder.strings("services", services)
            )
        case .stopAdvertising:
            try coder.caseName(CaseName.stopAdvertising)
            return self
        case .runJob(let run):
            try coder.caseName(CaseName.runJob)
            return .runJob(try coder.members(run))
        case .cancelJob(let job, let run):
            try coder.caseName(CaseName.cancelJob)
            return .cancelJob(job: try coder.string("job", job), run: try coder.int("run", run))
        case .upload(let request):
            try coder.caseName(CaseName.upload)
            return .upload(try coder.members(request))
        case .requestWhenInUseAuthorization:
            try coder.caseName(CaseName.requestWhenInUseAuthorization)
            return self
        case .requestAlwaysAuthorization:
            try coder.caseName(CaseName.requestAlwaysAuthorization)
            return self
        case .requestTemporaryFullAccuracy(let key):
            try coder.caseName(CaseName.requestTemporaryFullAccuracy)
            return .requestTemporaryFullAccuracy(purposeKey: try coder.string("purposeKey", key))
        case .startActivityUpdates:
            try coder.caseName(CaseName.startActivityUpdates)
            return self
        case .stopActivityUpdates:
            try coder.caseName(CaseName.stopActivityUpdates)
            return self
        case .queryActivityHistory(let from, let to):
            try coder.caseName(CaseName.queryActivityHistory)
            return .queryActivityHistory(from: try coder.double("from", from), to: try coder.double("to", to))
        // Live updates and location sessions (LOC-8, LOC-9)
        case .startLiveUpdates(let configuration):
            try coder.caseName(CaseName.startLiveUpdates)
            return .startLiveUpdates(try coder.enumeration("configuration", configuration))
        case .stopLiveUpdates:
            try coder.caseName(CaseName.stopLiveUpdates)
            return self
        case .startBackgroundActivitySession:
            try coder.caseName(CaseName.startBackgroundActivitySession)
            return self
        case .invalidateBackgroundActivitySession:
            try coder.caseName(CaseName.invalidateBackgroundActivitySession)
            return self
        case .startServiceSession(let request):
            try coder.caseName(CaseName.startServiceSession)
            return .startServiceSession(try coder.members(request))
        case .invalidateServiceSession:
            try coder.caseName(CaseName.invalidateServiceSession)
            return self
        case .openMonitor(let name):
            try coder.caseName(CaseName.openMonitor)
            return .openMonitor(name: try coder.string("monitor", name))
        case .addMonitorCondition(let monitor, let condition, let assuming):
            try coder.caseName(CaseName.addMonitorCondition)
            return .addMonitorCondition(
                monitor: try coder.string("monitor", monitor), try coder.members(condition),
                assuming: try coder.enumeration("assuming", assuming))
        case .removeMonitorCondition(let monitor, let id):
            try coder.caseName(CaseName.removeMonitorCondition)
            return .removeMonitorCondition(
                monitor: try coder.string("monitor", monitor), id: RegionID(try coder.string("condition", id.rawValue)))
        case .startHealthObserverQuery(let type):
            try coder.caseName(CaseName.startHealthObserverQuery)
            return .startHealthObserverQuery(HealthDataType(rawValue: try coder.string("type", type.rawValue)))
        case .enableHealthBackgroundDelivery(let type, let frequency):
            try coder.caseName(CaseName.enableHealthBackgroundDelivery)
            return .enableHealthBackgroundDelivery(
                HealthDataType(rawValue: try coder.string("type", type.rawValue)),
                frequency: try coder.enumeration("frequency", frequency))
        case .completeHealthObserverUpdate(let id):
            try coder.caseName(CaseName.completeHealthObserverUpdate)
            return .completeHealthObserverUpdate(id: try coder.string("id", id))
        case .queryHealthSamples(let type):
            try coder.caseName(CaseName.queryHealthSamples)
            return .queryHealthSamples(HealthDataType(rawValue: try coder.string("type", type.rawValue)))
        // Live Activities (LIVE)
        case .requestLiveActivity(let request):
            try coder.caseName(CaseName.requestLiveActivity)
            return .requestLiveActivity(try coder.members(request))
        case .updateLiveActivity(let id, let content, let staleDate):
            try coder.caseName(CaseName.updateLiveActivity)
            return .updateLiveActivity(
                id: try coder.string("activity", id), contentState: try coder.fieldObject("contentState", content),
                staleDate: try coder.optionalDouble("staleDate", staleDate))
        case .endLiveActivity(let id, let content, let dismissal):
            try coder.caseName(CaseName.endLiveActivity)
            return .endLiveActivity(
                id: try coder.string("activity", id), contentState: try coder.fieldObject("contentState", content),
                dismissal: try coder.dismissal(dismissal))
        case .observeLiveActivities(let attributesType, let pushToStart):
            try coder.caseName(CaseName.observeLiveActivities)
            return .observeLiveActivities(
                attributesType: try coder.string("attributesType", attributesType),
                pushToStart: try coder.bool("pushToStart", pushToStart))
        }
    }
}
