import Foundation

extension Command: TimelineVariant {
    /// The line form of every command, described once for ``TimelineJSONEncoder`` and
    /// ``TimelineDecoder``: the name, then the members in line order.
    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        switch self {
        case .beginBackgroundTask(var id):
            try coder.caseName(CaseName.beginBackgroundTask)
            try coder.taskID("task", &id)
            if Coder.reads { self = .beginBackgroundTask(id) }
        case .endBackgroundTask(var id):
            try coder.caseName(CaseName.endBackgroundTask)
            try coder.taskID("task", &id)
            if Coder.reads { self = .endBackgroundTask(id) }
        case .startUpdatingLocation(var request):
            try coder.caseName(CaseName.startUpdatingLocation)
            try coder.members(&request)
            if Coder.reads { self = .startUpdatingLocation(request) }
        case .stopUpdatingLocation:
            try coder.caseName(CaseName.stopUpdatingLocation)
        case .requestLocation:
            try coder.caseName(CaseName.requestLocation)
        case .startMonitoringSignificantLocationChanges:
            try coder.caseName(CaseName.startMonitoringSignificantLocationChanges)
        case .stopMonitoringSignificantLocationChanges:
            try coder.caseName(CaseName.stopMonitoringSignificantLocationChanges)
        case .startMonitoringVisits:
            try coder.caseName(CaseName.startMonitoringVisits)
        case .stopMonitoringVisits:
            try coder.caseName(CaseName.stopMonitoringVisits)
        case .startMonitoring(var region):
            try coder.caseName(CaseName.startMonitoring)
            try coder.members(&region)
            if Coder.reads { self = .startMonitoring(region) }
        case .stopMonitoring(var region):
            try coder.caseName(CaseName.stopMonitoring)
            try coder.string("region", &region.rawValue)
            if Coder.reads { self = .stopMonitoring(region) }
        case .requestState(var region):
            try coder.caseName(CaseName.requestState)
            try coder.string("region", &region.rawValue)
            if Coder.reads { self = .requestState(region) }
        case .startRangingBeacons(var constraint):
            try coder.caseName(CaseName.startRangingBeacons)
            try coder.constraint("constraint", &constraint)
            if Coder.reads { self = .startRangingBeacons(constraint) }
        case .stopRangingBeacons(var constraint):
            try coder.caseName(CaseName.stopRangingBeacons)
            try coder.constraint("constraint", &constraint)
            if Coder.reads { self = .stopRangingBeacons(constraint) }
        case .setTimer(var request):
            try coder.caseName(CaseName.setTimer)
            try coder.members(&request)
            if Coder.reads { self = .setTimer(request) }
        case .cancelTimer(var timer):
            try coder.caseName(CaseName.cancelTimer)
            try coder.string("timer", &timer.rawValue)
            if Coder.reads { self = .cancelTimer(timer) }
        case .completeRemoteNotification(var id, var result):
            try coder.caseName(CaseName.completeRemoteNotification)
            try coder.string("id", &id)
            try coder.enumeration("result", &result)
            if Coder.reads { self = .completeRemoteNotification(id: id, result: result) }
        case .setCPULoad(var load):
            try coder.caseName(CaseName.setCPULoad)
            try coder.double("load", &load)
            if Coder.reads { self = .setCPULoad(load) }
        case .record(var record):
            try coder.caseName(CaseName.record)
            try coder.string("record", &record.kind)
            try coder.flattenedFields(reserved: FlattenedFieldKeys.record, &record.fields)
            if Coder.reads { self = .record(record) }
        case .reportIncomingCall(var id):
            try coder.caseName(CaseName.reportIncomingCall)
            try coder.string("id", &id)
            if Coder.reads { self = .reportIncomingCall(id: id) }
        case .endCall(var id):
            try coder.caseName(CaseName.endCall)
            try coder.string("id", &id)
            if Coder.reads { self = .endCall(id: id) }
        case .setKeepAliveTimeout(var seconds):
            try coder.caseName(CaseName.setKeepAliveTimeout)
            try coder.double("seconds", &seconds)
            if Coder.reads { self = .setKeepAliveTimeout(seconds: seconds) }
        case .startAudio(var audible):
            try coder.caseName(CaseName.startAudio)
            try coder.bool("audible", &audible)
            if Coder.reads { self = .startAudio(audible: audible) }
        case .stopAudio:
            try coder.caseName(CaseName.stopAudio)
        case .submitTaskRequest(var request):
            try coder.caseName(CaseName.submitTaskRequest)
            try coder.members(&request)
            if Coder.reads { self = .submitTaskRequest(request) }
        case .cancelTaskRequest(var identifier):
            try coder.caseName(CaseName.cancelTaskRequest)
            try coder.string("identifier", &identifier)
            if Coder.reads { self = .cancelTaskRequest(identifier: identifier) }
        case .completeScheduledTask(var identifier, var success):
            try coder.caseName(CaseName.completeScheduledTask)
            try coder.string("identifier", &identifier)
            try coder.bool("success", &success)
            if Coder.reads { self = .completeScheduledTask(identifier: identifier, success: success) }
        case .setMinimumBackgroundFetchInterval(var interval):
            try coder.caseName(CaseName.setMinimumBackgroundFetchInterval)
            try coder.optionalDouble("interval", &interval)
            if Coder.reads { self = .setMinimumBackgroundFetchInterval(interval) }
        case .completeBackgroundFetch(var result):
            try coder.caseName(CaseName.completeBackgroundFetch)
            try coder.enumeration("result", &result)
            if Coder.reads { self = .completeBackgroundFetch(result: result) }
        case .reportTaskProgress(var identifier, var fraction):
            try coder.caseName(CaseName.reportTaskProgress)
            try coder.string("identifier", &identifier)
            try coder.double("fraction", &fraction)
            if Coder.reads { self = .reportTaskProgress(identifier: identifier, fraction: fraction) }
        case .startTransfer(var request):
            try coder.caseName(CaseName.startTransfer)
            try coder.members(&request)
            if Coder.reads { self = .startTransfer(request) }
        case .cancelTransfers(var session):
            try coder.caseName(CaseName.cancelTransfers)
            try coder.string("session", &session)
            if Coder.reads { self = .cancelTransfers(session: session) }
        case .completeBackgroundEvents(var session):
            try coder.caseName(CaseName.completeBackgroundEvents)
            try coder.string("session", &session)
            if Coder.reads { self = .completeBackgroundEvents(session: session) }
        case .sendRequest(var request):
            try coder.caseName(CaseName.sendRequest)
            try coder.members(&request)
            if Coder.reads { self = .sendRequest(request) }
        case .scanForPeripherals(var services):
            try coder.caseName(CaseName.scanForPeripherals)
            try coder.optionalStrings("services", &services)
            if Coder.reads { self = .scanForPeripherals(services: services) }
        case .stopScan:
            try coder.caseName(CaseName.stopScan)
        case .connect(var peripheral):
            try coder.caseName(CaseName.connect)
            try coder.string("peripheral", &peripheral)
            if Coder.reads { self = .connect(peripheral: peripheral) }
        case .cancelConnection(var peripheral):
            try coder.caseName(CaseName.cancelConnection)
            try coder.string("peripheral", &peripheral)
            if Coder.reads { self = .cancelConnection(peripheral: peripheral) }
        case .writeValue(var peripheral, var characteristic, var bytes):
            try coder.caseName(CaseName.writeValue)
            try coder.string("peripheral", &peripheral)
            try coder.string("characteristic", &characteristic)
            try coder.int("bytes", &bytes)
            if Coder.reads { self = .writeValue(peripheral: peripheral, characteristic: characteristic, bytes: bytes) }
        case .subscribe(var peripheral, var characteristic):
            try coder.caseName(CaseName.subscribe)
            try coder.string("peripheral", &peripheral)
            try coder.string("characteristic", &characteristic)
            if Coder.reads { self = .subscribe(peripheral: peripheral, characteristic: characteristic) }
        case .startAdvertising(var localName, var services):
            try coder.caseName(CaseName.startAdvertising)
            try coder.optionalString("localName", &localName)
            try coder.strings("services", &services)
            if Coder.reads { self = .startAdvertising(localName: localName, services: services) }
        case .stopAdvertising:
            try coder.caseName(CaseName.stopAdvertising)
        case .runJob(var run):
            try coder.caseName(CaseName.runJob)
            try coder.members(&run)
            if Coder.reads { self = .runJob(run) }
        case .cancelJob(var job, var run):
            try coder.caseName(CaseName.cancelJob)
            try coder.string("job", &job)
            try coder.int("run", &run)
            if Coder.reads { self = .cancelJob(job: job, run: run) }
        case .upload(var request):
            try coder.caseName(CaseName.upload)
            try coder.members(&request)
            if Coder.reads { self = .upload(request) }
        }
    }
}
