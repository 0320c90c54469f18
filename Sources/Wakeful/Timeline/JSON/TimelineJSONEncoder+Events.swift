import Foundation

extension TimelineJSONEncoder {
    /// Appends an event's name as the value of `"event"`, then its payload keys.
    ///
    /// The switch has no `default`, so a new ``Event`` case does not compile until it has a line form.
    func appendEvent(_ event: Event, into buffer: inout [UInt8]) {
        switch event {
        case .didFinishLaunching(let reason):
            buffer.appendJSONRaw("\"didFinishLaunching\",\"reason\":\"")
            buffer.appendJSONStringContents(reason.rawValue)
            buffer.append(UInt8(ascii: "\""))
        case .willEnterForeground:
            buffer.appendJSONRaw("\"willEnterForeground\"")
        case .didBecomeActive:
            buffer.appendJSONRaw("\"didBecomeActive\"")
        case .willResignActive:
            buffer.appendJSONRaw("\"willResignActive\"")
        case .didEnterBackground:
            buffer.appendJSONRaw("\"didEnterBackground\"")
        case .willTerminate:
            buffer.appendJSONRaw("\"willTerminate\"")
        case .memoryWarning:
            buffer.appendJSONRaw("\"memoryWarning\"")
        case .backgroundTaskExpiring(let id):
            buffer.appendJSONRaw("\"backgroundTaskExpiring\",\"task\":")
            appendTaskID(id, into: &buffer)
        case .backgroundTaskDenied(let id):
            buffer.appendJSONRaw("\"backgroundTaskDenied\",\"task\":")
            appendTaskID(id, into: &buffer)
        case .locationsUpdated(let fixes):
            buffer.appendJSONRaw("\"locationsUpdated\",\"locations\":[")
            for (index, fix) in fixes.enumerated() {
                buffer.appendJSONRaw(index == 0 ? "{" : ",{")
                appendFixMembers(fix, into: &buffer)
                buffer.append(UInt8(ascii: "}"))
            }
            buffer.append(UInt8(ascii: "]"))
        case .significantLocationChange(let fix):
            buffer.appendJSONRaw("\"significantLocationChange\"")
            buffer.append(UInt8(ascii: ","))
            appendFixMembers(fix, into: &buffer)
        case .visit(let visit):
            buffer.appendJSONRaw("\"visit\"")
            appendCoordinate(visit.coordinate, into: &buffer)
            buffer.appendJSONKey("horizontalAccuracy")
            appendNumber(visit.horizontalAccuracy, into: &buffer)
            buffer.appendJSONKey("arrival")
            appendNumber(visit.arrival, into: &buffer)
            if let departure = visit.departure {
                buffer.appendJSONKey("departure")
                appendNumber(departure, into: &buffer)
            }
        case .locationUpdatesPaused:
            buffer.appendJSONRaw("\"locationUpdatesPaused\"")
        case .locationUpdatesResumed:
            buffer.appendJSONRaw("\"locationUpdatesResumed\"")
        case .authorizationChanged(let authorization):
            buffer.appendJSONRaw("\"authorizationChanged\",\"authorization\":\"")
            buffer.appendJSONStringContents(authorization.rawValue)
            buffer.append(UInt8(ascii: "\""))
        case .regionEntered(let region):
            buffer.appendJSONRaw("\"regionEntered\",\"region\":")
            buffer.appendJSONString(region.rawValue)
        case .regionExited(let region):
            buffer.appendJSONRaw("\"regionExited\",\"region\":")
            buffer.appendJSONString(region.rawValue)
        case .regionStateDetermined(let region, let state):
            buffer.appendJSONRaw("\"regionStateDetermined\",\"region\":")
            buffer.appendJSONString(region.rawValue)
            buffer.appendJSONRaw(",\"state\":\"")
            buffer.appendJSONStringContents(state.rawValue)
            buffer.append(UInt8(ascii: "\""))
        case .regionMonitoringFailed(let region, let failure):
            buffer.appendJSONRaw("\"regionMonitoringFailed\",\"region\":")
            buffer.appendJSONString(region.rawValue)
            buffer.appendJSONRaw(",\"failure\":\"")
            buffer.appendJSONStringContents(failure.rawValue)
            buffer.append(UInt8(ascii: "\""))
        case .beaconsRanged(let constraint, let beacons):
            buffer.appendJSONRaw("\"beaconsRanged\",\"constraint\":")
            appendConstraint(constraint, into: &buffer)
            buffer.appendJSONRaw(",\"beacons\":[")
            for (index, beacon) in beacons.enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                appendBeacon(beacon, into: &buffer)
            }
            buffer.append(UInt8(ascii: "]"))
        case .timerFired(let timer):
            buffer.appendJSONRaw("\"timerFired\",\"timer\":")
            buffer.appendJSONString(timer.rawValue)
        case .remoteNotification(let notification):
            buffer.appendJSONRaw("\"remoteNotification\",\"id\":")
            buffer.appendJSONString(notification.id)
            buffer.appendJSONKey("userInfo")
            appendFieldObject(notification.userInfo, into: &buffer)
        case .scheduledTaskLaunched(let launch):
            buffer.appendJSONRaw("\"scheduledTaskLaunched\",\"identifier\":")
            buffer.appendJSONString(launch.identifier)
            buffer.appendJSONRaw(",\"taskKind\":\"")
            buffer.appendJSONStringContents(launch.kind.rawValue)
            buffer.append(UInt8(ascii: "\""))
        case .scheduledTaskExpiring(let identifier):
            buffer.appendJSONRaw("\"scheduledTaskExpiring\",\"identifier\":")
            buffer.appendJSONString(identifier)
        case .urlSessionEvents(let session):
            buffer.appendJSONRaw("\"urlSessionEvents\",\"session\":")
            buffer.appendJSONString(session)
        case .urlSessionTaskCompleted(let result):
            buffer.appendJSONRaw("\"urlSessionTaskCompleted\",\"session\":")
            buffer.appendJSONString(result.sessionIdentifier)
            buffer.appendJSONKey("taskDescription")
            buffer.appendJSONString(result.taskDescription)
            if let statusCode = result.statusCode {
                buffer.appendJSONKey("statusCode")
                buffer.appendJSONInt(statusCode)
            }
            if let error = result.error {
                buffer.appendJSONKey("error")
                buffer.appendJSONString(error)
            }
        case .bluetooth(let bluetooth):
            buffer.appendJSONRaw("\"bluetooth\",\"bluetooth\":")
            appendBluetooth(bluetooth, into: &buffer)
        case .lowPowerModeChanged(let enabled):
            buffer.appendJSONRaw("\"lowPowerModeChanged\",\"enabled\":")
            buffer.appendJSONBool(enabled)
        case .backgroundRefreshStatusChanged(let status):
            buffer.appendJSONRaw("\"backgroundRefreshStatusChanged\",\"status\":\"")
            buffer.appendJSONStringContents(status.rawValue)
            buffer.append(UInt8(ascii: "\""))
        // Pushes (VOIP).
        case .voipPush(let notification):
            buffer.appendJSONRaw("\"voipPush\",\"id\":")
            buffer.appendJSONString(notification.id)
            buffer.appendJSONKey("userInfo")
            appendFieldObject(notification.userInfo, into: &buffer)
        case .keepAliveFired:
            buffer.appendJSONRaw("\"keepAliveFired\"")
        // Scheduled tasks (BGT)
        case .scheduledTaskSubmitFailed(let identifier, let error):
            buffer.appendJSONRaw("\"scheduledTaskSubmitFailed\",\"identifier\":")
            buffer.appendJSONString(identifier)
            buffer.appendJSONRaw(",\"error\":\"")
            buffer.appendJSONStringContents(error.rawValue)
            buffer.append(UInt8(ascii: "\""))
        case .jobFinished, .uploadCompleted:
            appendJobEvent(event, into: &buffer)
        // Network
        case .requestCompleted(let id, let statusCode, let error):
            buffer.appendJSONRaw("\"requestCompleted\",\"id\":")
            buffer.appendJSONString(id)
            if let statusCode {
                buffer.appendJSONKey("statusCode")
                buffer.appendJSONInt(statusCode)
            }
            if let error {
                buffer.appendJSONKey("error")
                buffer.appendJSONString(error)
            }
        }
    }

    /// Appends a fix's members, `"lat":…` first, without braces or a leading comma.
    private func appendFixMembers(_ fix: LocationFix, into buffer: inout [UInt8]) {
        buffer.appendJSONRaw("\"lat\":")
        appendNumber(fix.coordinate.latitude, into: &buffer)
        buffer.appendJSONKey("lon")
        appendNumber(fix.coordinate.longitude, into: &buffer)
        buffer.appendJSONKey("horizontalAccuracy")
        appendNumber(fix.horizontalAccuracy, into: &buffer)
        buffer.appendJSONKey("speed")
        appendNumber(fix.speed, into: &buffer)
        buffer.appendJSONKey("timestamp")
        appendNumber(fix.timestamp, into: &buffer)
    }

    /// Appends one ranged beacon as an object.
    private func appendBeacon(_ beacon: RangedBeacon, into buffer: inout [UInt8]) {
        buffer.appendJSONRaw("{\"uuid\":\"")
        buffer.appendUUIDContents(beacon.uuid)
        buffer.appendJSONRaw("\",\"major\":")
        buffer.appendJSONInt(Int(beacon.major))
        buffer.appendJSONKey("minor")
        buffer.appendJSONInt(Int(beacon.minor))
        buffer.appendJSONKey("accuracy")
        appendNumber(beacon.accuracy, into: &buffer)
        buffer.appendJSONKey("rssi")
        buffer.appendJSONInt(beacon.rssi)
        buffer.appendJSONRaw(",\"proximity\":\"")
        buffer.appendJSONStringContents(beacon.proximity.rawValue)
        buffer.appendJSONRaw("\"}")
    }

    /// Appends a Bluetooth event's name as the value of `"bluetooth"`, then its payload keys.
    private func appendBluetooth(_ event: BluetoothEvent, into buffer: inout [UInt8]) {
        switch event {
        case .willRestoreState(let peripherals):
            buffer.appendJSONRaw("\"willRestoreState\",\"peripherals\":")
            appendStrings(peripherals, into: &buffer)
        case .discovered(let peripheral, let rssi):
            buffer.appendJSONRaw("\"discovered\",\"peripheral\":")
            buffer.appendJSONString(peripheral)
            buffer.appendJSONKey("rssi")
            buffer.appendJSONInt(rssi)
        case .connected(let peripheral):
            buffer.appendJSONRaw("\"connected\",\"peripheral\":")
            buffer.appendJSONString(peripheral)
        case .disconnected(let peripheral, let error):
            buffer.appendJSONRaw("\"disconnected\",\"peripheral\":")
            buffer.appendJSONString(peripheral)
            if let error {
                buffer.appendJSONKey("error")
                buffer.appendJSONString(error)
            }
        case .valueUpdated(let peripheral, let characteristic, let bytes):
            buffer.appendJSONRaw("\"valueUpdated\",\"peripheral\":")
            buffer.appendJSONString(peripheral)
            buffer.appendJSONKey("characteristic")
            buffer.appendJSONString(characteristic)
            buffer.appendJSONKey("bytes")
            buffer.appendJSONInt(bytes)
        // Accessories
        case .centralWrote(let central, let characteristic, let bytes):
            buffer.appendJSONRaw("\"centralWrote\",\"central\":")
            buffer.appendJSONString(central)
            buffer.appendJSONKey("characteristic")
            buffer.appendJSONString(characteristic)
            buffer.appendJSONKey("bytes")
            buffer.appendJSONInt(bytes)
        }
    }
}
