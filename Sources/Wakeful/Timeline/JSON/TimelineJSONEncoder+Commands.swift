import Foundation

extension TimelineJSONEncoder {
    /// Appends a command's name as the value of `"command"`, then its payload keys.
    ///
    /// The switch has no `default`, so a new ``Command`` case does not compile until it has a line form.
    func appendCommand(_ command: Command, into buffer: inout [UInt8]) {
        switch command {
        case .beginBackgroundTask(let id):
            buffer.appendJSONRaw("\"beginBackgroundTask\",\"task\":")
            appendTaskID(id, into: &buffer)
        case .endBackgroundTask(let id):
            buffer.appendJSONRaw("\"endBackgroundTask\",\"task\":")
            appendTaskID(id, into: &buffer)
        case .startUpdatingLocation(let request):
            buffer.appendJSONRaw("\"startUpdatingLocation\",\"desiredAccuracy\":")
            appendNumber(request.desiredAccuracy, into: &buffer)
            buffer.appendJSONKey("distanceFilter")
            appendNumber(request.distanceFilter, into: &buffer)
            buffer.appendJSONKey("pausesAutomatically")
            buffer.appendJSONBool(request.pausesAutomatically)
            buffer.appendJSONKey("allowsBackgroundUpdates")
            buffer.appendJSONBool(request.allowsBackgroundUpdates)
            buffer.appendJSONKey("showsBackgroundIndicator")
            buffer.appendJSONBool(request.showsBackgroundIndicator)
            buffer.appendJSONRaw(",\"activityType\":\"")
            buffer.appendJSONStringContents(request.activityType.rawValue)
            buffer.append(UInt8(ascii: "\""))
        case .stopUpdatingLocation:
            buffer.appendJSONRaw("\"stopUpdatingLocation\"")
        case .requestLocation:
            buffer.appendJSONRaw("\"requestLocation\"")
        case .setCPULoad(let load):
            buffer.appendJSONRaw("\"setCPULoad\",\"load\":")
            appendNumber(load, into: &buffer)
        case .startMonitoringSignificantLocationChanges:
            buffer.appendJSONRaw("\"startMonitoringSignificantLocationChanges\"")
        case .stopMonitoringSignificantLocationChanges:
            buffer.appendJSONRaw("\"stopMonitoringSignificantLocationChanges\"")
        case .startMonitoringVisits:
            buffer.appendJSONRaw("\"startMonitoringVisits\"")
        case .stopMonitoringVisits:
            buffer.appendJSONRaw("\"stopMonitoringVisits\"")
        case .startMonitoring(let region):
            buffer.appendJSONRaw("\"startMonitoring\"")
            appendRegion(region, into: &buffer)
        case .stopMonitoring(let region):
            buffer.appendJSONRaw("\"stopMonitoring\",\"region\":")
            buffer.appendJSONString(region.rawValue)
        case .requestState(let region):
            buffer.appendJSONRaw("\"requestState\",\"region\":")
            buffer.appendJSONString(region.rawValue)
        case .startRangingBeacons(let constraint):
            buffer.appendJSONRaw("\"startRangingBeacons\",\"constraint\":")
            appendConstraint(constraint, into: &buffer)
        case .stopRangingBeacons(let constraint):
            buffer.appendJSONRaw("\"stopRangingBeacons\",\"constraint\":")
            appendConstraint(constraint, into: &buffer)
        case .setTimer(let request):
            buffer.appendJSONRaw("\"setTimer\",\"timer\":")
            buffer.appendJSONString(request.id.rawValue)
            buffer.appendJSONKey("interval")
            appendNumber(request.interval, into: &buffer)
            buffer.appendJSONKey("repeats")
            buffer.appendJSONBool(request.repeats)
        case .cancelTimer(let timer):
            buffer.appendJSONRaw("\"cancelTimer\",\"timer\":")
            buffer.appendJSONString(timer.rawValue)
        case .completeRemoteNotification(let id, let result):
            buffer.appendJSONRaw("\"completeRemoteNotification\",\"id\":")
            buffer.appendJSONString(id)
            buffer.appendJSONRaw(",\"result\":\"")
            buffer.appendJSONStringContents(result.rawValue)
            buffer.append(UInt8(ascii: "\""))
        case .record(let record):
            buffer.appendJSONRaw("\"record\",\"record\":")
            buffer.appendJSONString(record.kind)
            appendFields(record.fields, reserved: FlattenedFieldKeys.record, into: &buffer)
        // Pushes (VOIP, AUDIO).
        case .reportIncomingCall(let id):
            buffer.appendJSONRaw("\"reportIncomingCall\",\"id\":")
            buffer.appendJSONString(id)
        case .endCall(let id):
            buffer.appendJSONRaw("\"endCall\",\"id\":")
            buffer.appendJSONString(id)
        case .setKeepAliveTimeout(let seconds):
            buffer.appendJSONRaw("\"setKeepAliveTimeout\",\"seconds\":")
            appendNumber(seconds, into: &buffer)
        case .startAudio(let audible):
            buffer.appendJSONRaw("\"startAudio\",\"audible\":")
            buffer.appendJSONBool(audible)
        case .stopAudio:
            buffer.appendJSONRaw("\"stopAudio\"")
        // Scheduled tasks (BGT)
        case .submitTaskRequest(let request):
            buffer.appendJSONRaw("\"submitTaskRequest\",\"identifier\":")
            buffer.appendJSONString(request.identifier)
            buffer.appendJSONRaw(",\"taskKind\":\"")
            buffer.appendJSONStringContents(request.kind.rawValue)
            buffer.append(UInt8(ascii: "\""))
            if let earliest = request.earliestBeginDate {
                buffer.appendJSONKey("earliestBeginDate")
                appendNumber(earliest, into: &buffer)
            }
            buffer.appendJSONKey("requiresExternalPower")
            buffer.appendJSONBool(request.requiresExternalPower)
            buffer.appendJSONKey("requiresNetworkConnectivity")
            buffer.appendJSONBool(request.requiresNetworkConnectivity)
        case .cancelTaskRequest(let identifier):
            buffer.appendJSONRaw("\"cancelTaskRequest\",\"identifier\":")
            buffer.appendJSONString(identifier)
        case .completeScheduledTask(let identifier, let success):
            buffer.appendJSONRaw("\"completeScheduledTask\",\"identifier\":")
            buffer.appendJSONString(identifier)
            buffer.appendJSONKey("success")
            buffer.appendJSONBool(success)
        case .setMinimumBackgroundFetchInterval(let interval):
            buffer.appendJSONRaw("\"setMinimumBackgroundFetchInterval\"")
            if let interval {
                buffer.appendJSONKey("interval")
                appendNumber(interval, into: &buffer)
            }
        case .completeBackgroundFetch(let result):
            buffer.appendJSONRaw("\"completeBackgroundFetch\",\"result\":\"")
            buffer.appendJSONStringContents(result.rawValue)
            buffer.append(UInt8(ascii: "\""))
        case .reportTaskProgress(let identifier, let fraction):
            buffer.appendJSONRaw("\"reportTaskProgress\",\"identifier\":")
            buffer.appendJSONString(identifier)
            buffer.appendJSONKey("fraction")
            appendNumber(fraction, into: &buffer)
        // Network
        case .startTransfer(let request):
            buffer.appendJSONRaw("\"startTransfer\",\"session\":")
            buffer.appendJSONString(request.session)
            buffer.appendJSONKey("taskDescription")
            buffer.appendJSONString(request.taskDescription)
            buffer.appendJSONRaw(",\"direction\":\"")
            buffer.appendJSONStringContents(request.direction.rawValue)
            buffer.appendJSONRaw("\",\"bytes\":")
            buffer.appendJSONInt(request.bytes)
            buffer.appendJSONKey("discretionary")
            buffer.appendJSONBool(request.discretionary)
        case .cancelTransfers(let session):
            buffer.appendJSONRaw("\"cancelTransfers\",\"session\":")
            buffer.appendJSONString(session)
        case .completeBackgroundEvents(let session):
            buffer.appendJSONRaw("\"completeBackgroundEvents\",\"session\":")
            buffer.appendJSONString(session)
        case .sendRequest(let request):
            buffer.appendJSONRaw("\"sendRequest\",\"id\":")
            buffer.appendJSONString(request.id)
            buffer.appendJSONKey("bytes")
            buffer.appendJSONInt(request.bytes)
        case .scanForPeripherals(let services):
            buffer.appendJSONRaw("\"scanForPeripherals\"")
            if let services {
                buffer.appendJSONKey("services")
                appendStrings(services, into: &buffer)
            }
        case .stopScan:
            buffer.appendJSONRaw("\"stopScan\"")
        case .connect(let peripheral):
            buffer.appendJSONRaw("\"connect\",\"peripheral\":")
            buffer.appendJSONString(peripheral)
        case .cancelConnection(let peripheral):
            buffer.appendJSONRaw("\"cancelConnection\",\"peripheral\":")
            buffer.appendJSONString(peripheral)
        case .writeValue(let peripheral, let characteristic, let bytes):
            buffer.appendJSONRaw("\"writeValue\",\"peripheral\":")
            buffer.appendJSONString(peripheral)
            buffer.appendJSONKey("characteristic")
            buffer.appendJSONString(characteristic)
            buffer.appendJSONKey("bytes")
            buffer.appendJSONInt(bytes)
        case .subscribe(let peripheral, let characteristic):
            buffer.appendJSONRaw("\"subscribe\",\"peripheral\":")
            buffer.appendJSONString(peripheral)
            buffer.appendJSONKey("characteristic")
            buffer.appendJSONString(characteristic)
        // Accessories
        case .startAdvertising(let localName, let services):
            buffer.appendJSONRaw("\"startAdvertising\"")
            if let localName {
                buffer.appendJSONKey("localName")
                buffer.appendJSONString(localName)
            }
            buffer.appendJSONKey("services")
            appendStrings(services, into: &buffer)
        case .runJob, .cancelJob, .upload:
            appendJobCommand(command, into: &buffer)
        case .stopAdvertising:
            buffer.appendJSONRaw("\"stopAdvertising\"")
        }
    }

    /// Appends `,"region":…,"shape":…` with the shape's keys, then the notification flags.
    private func appendRegion(_ region: MonitoredRegion, into buffer: inout [UInt8]) {
        buffer.appendJSONKey("region")
        buffer.appendJSONString(region.id.rawValue)
        switch region.shape {
        case .circle(let center, let radius):
            buffer.appendJSONRaw(",\"shape\":\"circle\"")
            appendCoordinate(center, into: &buffer)
            buffer.appendJSONKey("radius")
            appendNumber(radius, into: &buffer)
        case .beacon(let constraint):
            buffer.appendJSONRaw(",\"shape\":\"beacon\",\"constraint\":")
            appendConstraint(constraint, into: &buffer)
        }
        buffer.appendJSONKey("notifyOnEntry")
        buffer.appendJSONBool(region.notifyOnEntry)
        buffer.appendJSONKey("notifyOnExit")
        buffer.appendJSONBool(region.notifyOnExit)
        buffer.appendJSONKey("notifyEntryStateOnDisplay")
        buffer.appendJSONBool(region.notifyEntryStateOnDisplay)
    }
}
