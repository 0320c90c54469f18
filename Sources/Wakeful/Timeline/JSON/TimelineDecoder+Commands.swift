import Foundation

extension TimelineDecoder {
    /// The `command` values this version reads: the case names of ``Command``.
    public static let knownCommandNames = [
        "beginBackgroundTask", "endBackgroundTask", "startUpdatingLocation", "stopUpdatingLocation", "requestLocation",
        "startMonitoringSignificantLocationChanges", "stopMonitoringSignificantLocationChanges",
        "startMonitoringVisits", "stopMonitoringVisits", "startMonitoring", "stopMonitoring", "requestState",
        "startRangingBeacons", "stopRangingBeacons", "setTimer", "cancelTimer", "completeRemoteNotification", "record", "setCPULoad",
        // Pushes (VOIP, AUDIO).
        "reportIncomingCall", "endCall", "setKeepAliveTimeout", "startAudio", "stopAudio",
        // Scheduled tasks (BGT)
        "submitTaskRequest", "cancelTaskRequest", "completeScheduledTask", "setMinimumBackgroundFetchInterval",
        "completeBackgroundFetch", "reportTaskProgress",
        // Network
        "startTransfer", "cancelTransfers", "completeBackgroundEvents", "sendRequest", "scanForPeripherals", "stopScan",
        "connect", "cancelConnection", "writeValue", "subscribe",
        // Accessories
        "startAdvertising", "stopAdvertising",
        // Jobs and uploads
        "runJob", "cancelJob", "upload",
    ]

    /// The `shape` values of a monitored region.
    public static let knownRegionShapes = ["circle", "beacon"]

    private static let commandNameForm = "a command name, one of \(knownCommandNames.joined(separator: ", "))"
    private static let regionShapeForm = "one of \(knownRegionShapes.joined(separator: ", "))"

    /// Reads the `command` key and the payload keys of that command.
    static func decodeCommand(_ reader: inout TimelineLineReader) throws(TimelineDecodingError) -> Command {
        let expected = commandNameForm
        let nameValue = try reader.required("command", expected: expected)
        guard case .string(let name) = nameValue else {
            throw reader.mismatch("command", expected: expected, found: nameValue)
        }
        switch name {
        case "beginBackgroundTask": return .beginBackgroundTask(try reader.taskID("task"))
        case "endBackgroundTask": return .endBackgroundTask(try reader.taskID("task"))
        case "startUpdatingLocation":
            return .startUpdatingLocation(LocationRequest(
                desiredAccuracy: try reader.double("desiredAccuracy"),
                distanceFilter: try reader.double("distanceFilter"),
                pausesAutomatically: try reader.bool("pausesAutomatically"),
                allowsBackgroundUpdates: try reader.bool("allowsBackgroundUpdates"),
                showsBackgroundIndicator: try reader.bool("showsBackgroundIndicator"),
                activityType: try reader.enumeration("activityType", as: LocationRequest.ActivityType.self)))
        case "stopUpdatingLocation": return .stopUpdatingLocation
        case "requestLocation": return .requestLocation
        case "setCPULoad": return .setCPULoad(try reader.double("load"))
        case "startMonitoringSignificantLocationChanges": return .startMonitoringSignificantLocationChanges
        case "stopMonitoringSignificantLocationChanges": return .stopMonitoringSignificantLocationChanges
        case "startMonitoringVisits": return .startMonitoringVisits
        case "stopMonitoringVisits": return .stopMonitoringVisits
        case "startMonitoring": return .startMonitoring(try decodeRegion(&reader))
        case "stopMonitoring": return .stopMonitoring(RegionID(try reader.string("region")))
        case "requestState": return .requestState(RegionID(try reader.string("region")))
        case "startRangingBeacons": return .startRangingBeacons(try reader.constraint("constraint"))
        case "stopRangingBeacons": return .stopRangingBeacons(try reader.constraint("constraint"))
        case "setTimer":
            return .setTimer(TimerRequest(
                id: TimerID(try reader.string("timer")),
                interval: try reader.double("interval"),
                repeats: try reader.bool("repeats")))
        case "cancelTimer": return .cancelTimer(TimerID(try reader.string("timer")))
        case "completeRemoteNotification":
            let id = try reader.string("id")
            let result = try reader.enumeration("result", as: BackgroundFetchResult.self)
            return .completeRemoteNotification(id: id, result: result)
        case "record":
            let kind = try reader.string("record")
            return .record(Record(kind: kind, fields: try reader.remainingFields(reserved: FlattenedFieldKeys.record)))
        // Pushes (VOIP, AUDIO).
        case "reportIncomingCall": return .reportIncomingCall(id: try reader.string("id"))
        case "endCall": return .endCall(id: try reader.string("id"))
        case "setKeepAliveTimeout": return .setKeepAliveTimeout(seconds: try reader.double("seconds"))
        case "startAudio": return .startAudio(audible: try reader.bool("audible"))
        case "stopAudio": return .stopAudio
        // Scheduled tasks (BGT)
        case "submitTaskRequest":
            return .submitTaskRequest(TaskRequest(
                identifier: try reader.string("identifier"),
                kind: try reader.enumeration("taskKind", as: TaskRequest.Kind.self),
                earliestBeginDate: try reader.optionalDouble("earliestBeginDate"),
                requiresExternalPower: try reader.bool("requiresExternalPower"),
                requiresNetworkConnectivity: try reader.bool("requiresNetworkConnectivity")))
        case "cancelTaskRequest": return .cancelTaskRequest(identifier: try reader.string("identifier"))
        case "completeScheduledTask":
            let identifier = try reader.string("identifier")
            return .completeScheduledTask(identifier: identifier, success: try reader.bool("success"))
        case "setMinimumBackgroundFetchInterval":
            return .setMinimumBackgroundFetchInterval(try reader.optionalDouble("interval"))
        case "completeBackgroundFetch":
            return .completeBackgroundFetch(result: try reader.enumeration("result", as: BackgroundFetchResult.self))
        case "reportTaskProgress":
            let identifier = try reader.string("identifier")
            return .reportTaskProgress(identifier: identifier, fraction: try reader.double("fraction"))
        // Network
        case "startTransfer":
            return .startTransfer(TransferRequest(
                session: try reader.string("session"),
                taskDescription: try reader.string("taskDescription"),
                direction: try reader.enumeration("direction", as: TransferDirection.self),
                bytes: try reader.int("bytes"),
                discretionary: try reader.bool("discretionary")))
        case "cancelTransfers": return .cancelTransfers(session: try reader.string("session"))
        case "completeBackgroundEvents": return .completeBackgroundEvents(session: try reader.string("session"))
        case "sendRequest":
            return .sendRequest(RequestDescription(id: try reader.string("id"), bytes: try reader.int("bytes")))
        case "scanForPeripherals": return .scanForPeripherals(services: try reader.optionalStrings("services"))
        case "stopScan": return .stopScan
        case "connect": return .connect(peripheral: try reader.string("peripheral"))
        case "cancelConnection": return .cancelConnection(peripheral: try reader.string("peripheral"))
        case "writeValue":
            return .writeValue(
                peripheral: try reader.string("peripheral"), characteristic: try reader.string("characteristic"),
                bytes: try reader.int("bytes"))
        case "subscribe":
            return .subscribe(peripheral: try reader.string("peripheral"), characteristic: try reader.string("characteristic"))
        // Accessories
        case "startAdvertising":
            return .startAdvertising(localName: try reader.optionalString("localName"), services: try reader.strings("services"))
        case "stopAdvertising": return .stopAdvertising
        default:
            if let command = try decodeJobCommand(named: name, &reader) { return command }
            throw reader.mismatch("command", expected: expected, found: nameValue)
        }
    }

    private static func decodeRegion(
        _ reader: inout TimelineLineReader
    ) throws(TimelineDecodingError) -> MonitoredRegion {
        let id = RegionID(try reader.string("region"))
        let expected = regionShapeForm
        let shapeValue = try reader.required("shape", expected: expected)
        let shape: MonitoredRegion.Shape
        switch shapeValue {
        case .string("circle"):
            let center = try decodeCoordinate(&reader)
            shape = .circle(center: center, radius: try reader.double("radius"))
        case .string("beacon"):
            shape = .beacon(try reader.constraint("constraint"))
        default:
            throw reader.mismatch("shape", expected: expected, found: shapeValue)
        }
        return MonitoredRegion(
            id: id,
            shape: shape,
            notifyOnEntry: try reader.bool("notifyOnEntry"),
            notifyOnExit: try reader.bool("notifyOnExit"),
            notifyEntryStateOnDisplay: try reader.bool("notifyEntryStateOnDisplay"))
    }
}
