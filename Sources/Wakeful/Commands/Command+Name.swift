import Foundation

extension Command {
    /// The case name, as timelines spell it (`"beginBackgroundTask"`).
    public var name: String {
        switch self {
        case .beginBackgroundTask: "beginBackgroundTask"
        case .endBackgroundTask: "endBackgroundTask"
        case .startUpdatingLocation: "startUpdatingLocation"
        case .stopUpdatingLocation: "stopUpdatingLocation"
        case .requestLocation: "requestLocation"
        case .startMonitoringSignificantLocationChanges: "startMonitoringSignificantLocationChanges"
        case .stopMonitoringSignificantLocationChanges: "stopMonitoringSignificantLocationChanges"
        case .startMonitoringVisits: "startMonitoringVisits"
        case .stopMonitoringVisits: "stopMonitoringVisits"
        case .startMonitoring: "startMonitoring"
        case .stopMonitoring: "stopMonitoring"
        case .requestState: "requestState"
        case .startRangingBeacons: "startRangingBeacons"
        case .stopRangingBeacons: "stopRangingBeacons"
        case .setTimer: "setTimer"
        case .cancelTimer: "cancelTimer"
        case .completeRemoteNotification: "completeRemoteNotification"
        case .setCPULoad: "setCPULoad"
        case .record: "record"
        // Push slice (VOIP, AUDIO).
        case .reportIncomingCall: "reportIncomingCall"
        case .endCall: "endCall"
        case .setKeepAliveTimeout: "setKeepAliveTimeout"
        case .startAudio: "startAudio"
        case .stopAudio: "stopAudio"
        // Scheduler slice (BGT)
        case .submitTaskRequest: "submitTaskRequest"
        case .cancelTaskRequest: "cancelTaskRequest"
        case .completeScheduledTask: "completeScheduledTask"
        case .setMinimumBackgroundFetchInterval: "setMinimumBackgroundFetchInterval"
        case .completeBackgroundFetch: "completeBackgroundFetch"
        case .reportTaskProgress: "reportTaskProgress"
        // network slice
        case .startTransfer: "startTransfer"
        case .cancelTransfers: "cancelTransfers"
        case .completeBackgroundEvents: "completeBackgroundEvents"
        case .sendRequest: "sendRequest"
        case .scanForPeripherals: "scanForPeripherals"
        case .stopScan: "stopScan"
        case .connect: "connect"
        case .cancelConnection: "cancelConnection"
        case .writeValue: "writeValue"
        case .subscribe: "subscribe"
        // Peripheral slice
        case .runJob: "runJob"
        case .cancelJob: "cancelJob"
        case .upload: "upload"
        case .startAdvertising: "startAdvertising"
        case .stopAdvertising: "stopAdvertising"
        }
    }
}
