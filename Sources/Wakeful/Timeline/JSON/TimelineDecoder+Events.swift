import Foundation

extension TimelineDecoder {
    /// The `event` values this version reads: the case names of ``Event``.
    public static let knownEventNames = [
        "didFinishLaunching", "willEnterForeground", "didBecomeActive", "willResignActive", "didEnterBackground",
        "willTerminate", "memoryWarning", "backgroundTaskExpiring", "backgroundTaskDenied", "locationsUpdated",
        "significantLocationChange", "visit", "locationUpdatesPaused", "locationUpdatesResumed",
        "authorizationChanged", "regionEntered", "regionExited", "regionStateDetermined", "regionMonitoringFailed",
        "beaconsRanged", "timerFired", "remoteNotification", "scheduledTaskLaunched", "scheduledTaskExpiring",
        "urlSessionEvents", "urlSessionTaskCompleted", "bluetooth", "lowPowerModeChanged",
        "backgroundRefreshStatusChanged",
        // Pushes (VOIP).
        "voipPush", "keepAliveFired",
        // Scheduled tasks (BGT)
        "scheduledTaskSubmitFailed",
        // Network
        "requestCompleted",
        // Jobs and uploads
        "jobFinished", "uploadCompleted",
    ]

    /// The `bluetooth` values of a Bluetooth event: the case names of ``BluetoothEvent``.
    public static let knownBluetoothEventNames = [
        "willRestoreState", "discovered", "connected", "disconnected", "valueUpdated",
        // Accessories
        "centralWrote",
    ]

    private static let eventNameForm = "an event name, one of \(knownEventNames.joined(separator: ", "))"
    private static let bluetoothNameForm =
        "a Bluetooth event name, one of \(knownBluetoothEventNames.joined(separator: ", "))"

    /// Reads the `event` key and the payload keys of that event.
    static func decodeEvent(_ reader: inout TimelineLineReader) throws(TimelineDecodingError) -> Event {
        let expected = eventNameForm
        let nameValue = try reader.required("event", expected: expected)
        guard case .string(let name) = nameValue else {
            throw reader.mismatch("event", expected: expected, found: nameValue)
        }
        switch name {
        case "didFinishLaunching": return .didFinishLaunching(try reader.enumeration("reason", as: LaunchReason.self))
        case "willEnterForeground": return .willEnterForeground
        case "didBecomeActive": return .didBecomeActive
        case "willResignActive": return .willResignActive
        case "didEnterBackground": return .didEnterBackground
        case "willTerminate": return .willTerminate
        case "memoryWarning": return .memoryWarning
        case "backgroundTaskExpiring": return .backgroundTaskExpiring(try reader.taskID("task"))
        case "backgroundTaskDenied": return .backgroundTaskDenied(try reader.taskID("task"))
        case "locationsUpdated":
            var fixes: [LocationFix] = []
            for var element in try reader.objects("locations") {
                fixes.append(try decodeFix(&element))
                try element.finish()
            }
            return .locationsUpdated(fixes)
        case "significantLocationChange": return .significantLocationChange(try decodeFix(&reader))
        case "visit":
            return .visit(Visit(
                coordinate: try decodeCoordinate(&reader),
                horizontalAccuracy: try reader.double("horizontalAccuracy"),
                arrival: try reader.double("arrival"),
                departure: try reader.optionalDouble("departure")))
        case "locationUpdatesPaused": return .locationUpdatesPaused
        case "locationUpdatesResumed": return .locationUpdatesResumed
        case "authorizationChanged":
            return .authorizationChanged(try reader.enumeration("authorization", as: LocationAuthorization.self))
        case "regionEntered": return .regionEntered(RegionID(try reader.string("region")))
        case "regionExited": return .regionExited(RegionID(try reader.string("region")))
        case "regionStateDetermined":
            let region = RegionID(try reader.string("region"))
            return .regionStateDetermined(region, try reader.enumeration("state", as: RegionState.self))
        case "regionMonitoringFailed":
            let region = RegionID(try reader.string("region"))
            return .regionMonitoringFailed(region, try reader.enumeration("failure", as: RegionMonitoringFailure.self))
        case "beaconsRanged":
            let constraint = try reader.constraint("constraint")
            var beacons: [RangedBeacon] = []
            for var element in try reader.objects("beacons") {
                beacons.append(try decodeBeacon(&element))
                try element.finish()
            }
            return .beaconsRanged(constraint, beacons)
        case "timerFired": return .timerFired(TimerID(try reader.string("timer")))
        case "remoteNotification":
            let id = try reader.string("id")
            return .remoteNotification(RemoteNotification(id: id, userInfo: try reader.fieldObject("userInfo")))
        case "scheduledTaskLaunched":
            let identifier = try reader.string("identifier")
            let kind = try reader.enumeration("taskKind", as: ScheduledTaskKind.self)
            return .scheduledTaskLaunched(ScheduledTaskLaunch(identifier: identifier, kind: kind))
        case "scheduledTaskExpiring": return .scheduledTaskExpiring(identifier: try reader.string("identifier"))
        case "urlSessionEvents": return .urlSessionEvents(sessionIdentifier: try reader.string("session"))
        case "urlSessionTaskCompleted":
            return .urlSessionTaskCompleted(URLSessionTaskResult(
                sessionIdentifier: try reader.string("session"),
                taskDescription: try reader.string("taskDescription"),
                statusCode: try reader.optionalInt("statusCode"),
                error: try reader.optionalString("error")))
        case "bluetooth": return .bluetooth(try decodeBluetooth(&reader))
        case "lowPowerModeChanged": return .lowPowerModeChanged(try reader.bool("enabled"))
        case "backgroundRefreshStatusChanged":
            return .backgroundRefreshStatusChanged(try reader.enumeration("status", as: BackgroundRefreshStatus.self))
        // Pushes (VOIP).
        case "voipPush":
            let id = try reader.string("id")
            return .voipPush(RemoteNotification(id: id, userInfo: try reader.fieldObject("userInfo")))
        case "keepAliveFired": return .keepAliveFired
        // Scheduled tasks (BGT)
        case "scheduledTaskSubmitFailed":
            let identifier = try reader.string("identifier")
            return .scheduledTaskSubmitFailed(identifier: identifier, error: try reader.enumeration("error", as: TaskSchedulerError.self))
        // Network
        case "requestCompleted":
            return .requestCompleted(
                id: try reader.string("id"), statusCode: try reader.optionalInt("statusCode"),
                error: try reader.optionalString("error"))
        default:
            if let event = try decodeJobEvent(named: name, &reader) { return event }
            throw reader.mismatch("event", expected: expected, found: nameValue)
        }
    }

    /// Reads `lat` and `lon`.
    static func decodeCoordinate(_ reader: inout TimelineLineReader) throws(TimelineDecodingError) -> Coordinate {
        Coordinate(latitude: try reader.double("lat"), longitude: try reader.double("lon"))
    }

    private static func decodeFix(_ reader: inout TimelineLineReader) throws(TimelineDecodingError) -> LocationFix {
        LocationFix(
            coordinate: try decodeCoordinate(&reader),
            horizontalAccuracy: try reader.double("horizontalAccuracy"),
            speed: try reader.double("speed"),
            timestamp: try reader.double("timestamp"))
    }

    private static func decodeBeacon(_ reader: inout TimelineLineReader) throws(TimelineDecodingError) -> RangedBeacon {
        RangedBeacon(
            uuid: try reader.uuid("uuid"),
            major: try reader.uint16("major"),
            minor: try reader.uint16("minor"),
            accuracy: try reader.double("accuracy"),
            rssi: try reader.int("rssi"),
            proximity: try reader.enumeration("proximity", as: RangedBeacon.Proximity.self))
    }

    private static func decodeBluetooth(
        _ reader: inout TimelineLineReader
    ) throws(TimelineDecodingError) -> BluetoothEvent {
        let expected = bluetoothNameForm
        let nameValue = try reader.required("bluetooth", expected: expected)
        guard case .string(let name) = nameValue else {
            throw reader.mismatch("bluetooth", expected: expected, found: nameValue)
        }
        switch name {
        case "willRestoreState": return .willRestoreState(peripherals: try reader.strings("peripherals"))
        case "discovered":
            return .discovered(peripheral: try reader.string("peripheral"), rssi: try reader.int("rssi"))
        case "connected": return .connected(peripheral: try reader.string("peripheral"))
        case "disconnected":
            return .disconnected(peripheral: try reader.string("peripheral"), error: try reader.optionalString("error"))
        case "valueUpdated":
            return .valueUpdated(
                peripheral: try reader.string("peripheral"),
                characteristic: try reader.string("characteristic"),
                bytes: try reader.int("bytes"))
        // Accessories
        case "centralWrote":
            return .centralWrote(
                central: try reader.string("central"),
                characteristic: try reader.string("characteristic"),
                bytes: try reader.int("bytes"))
        default:
            throw reader.mismatch("bluetooth", expected: expected, found: nameValue)
        }
    }
}
