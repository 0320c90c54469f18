import Foundation

extension Command {
    /// The case name, as timelines spell it (`"beginBackgroundTask"`).
    public var name: String { caseName.rawValue }

    /// The names of the cases, in declaration order: the one list that ``TimelineDecoder`` accepts.
    enum CaseName: String, TimelineCaseName {
        case beginBackgroundTask, endBackgroundTask, startUpdatingLocation, stopUpdatingLocation, requestLocation
        case startMonitoringSignificantLocationChanges, stopMonitoringSignificantLocationChanges
        case startMonitoringVisits, stopMonitoringVisits, startMonitoring, stopMonitoring, requestState
        case startRangingBeacons, stopRangingBeacons, setTimer, cancelTimer, completeRemoteNotification
        case setCPULoad, record, reportIncomingCall, endCall, setKeepAliveTimeout, startAudio, stopAudio
        case submitTaskRequest, cancelTaskRequest, completeScheduledTask, setMinimumBackgroundFetchInterval
        case completeBackgroundFetch, reportTaskProgress, startTransfer, cancelTransfers, completeBackgroundEvents
        case sendRequest, scanForPeripherals, stopScan, connect, cancelConnection, writeValue, subscribe
        case startAdvertising, stopAdvertising, runJob, cancelJob, upload
        case requestWhenInUseAuthorization, requestAlwaysAuthorization, requestTemporaryFullAccuracy
        case startActivityUpdates, stopActivityUpdates, queryActivityHistory
        // Live updates and location sessions (LOC-8, LOC-9)
        case startLiveUpdates, stopLiveUpdates, startBackgroundActivitySession, invalidateBackgroundActivitySession
        case startServiceSession, invalidateServiceSession
        case openMonitor, addMonitorCondition, removeMonitorCondition
        case startHealthObserverQuery, enableHealthBackgroundDelivery, completeHealthObserverUpdate, queryHealthSamples
        // Live Activities (LIVE)
        case requestLiveActivity, updateLiveActivity, endLiveActivity, observeLiveActivities

        static let expectedForm = "a command name, one of \(names.joined(separator: ", "))"
    }

    /// A command of the named case for the decoder to fill.
    static func placeholder(_ name: CaseName) -> Command {
        switch name {
        case .beginBackgroundTask: .beginBackgroundTask(.placeholder)
        case .endBackgroundTask: .endBackgroundTask(.placeholder)
        case .startUpdatingLocation: .startUpdatingLocation(.placeholder)
        case .stopUpdatingLocation: .stopUpdatingLocation
        case .requestLocation: .requestLocation
        case .startMonitoringSignificantLocationChanges: .startMonitoringSignificantLocationChanges
        case .stopMonitoringSignificantLocationChanges: .stopMonitoringSignificantLocationChanges
        case .startMonitoringVisits: .startMonitoringVisits
        case .stopMonitoringVisits: .stopMonitoringVisits
        case .startMonitoring: .startMonitoring(.placeholder)
        case .stopMonitoring: .stopMonitoring("")
        case .requestState: .requestState("")
        case .startRangingBeacons: .startRangingBeacons(.placeholder)
        case .stopRangingBeacons: .stopRangingBeacons(.placeholder)
        case .setTimer: .setTimer(.placeholder)
        case .cancelTimer: .cancelTimer("")
        case .completeRemoteNotification: .completeRemoteNotification(id: "", result: .noData)
        case .setCPULoad: .setCPULoad(0)
        case .record: .record(Record(kind: ""))
        case .reportIncomingCall: .reportIncomingCall(id: "")
        case .endCall: .endCall(id: "")
        case .setKeepAliveTimeout: .setKeepAliveTimeout(seconds: 0)
        case .startAudio: .startAudio(audible: false)
        case .stopAudio: .stopAudio
        case .submitTaskRequest: .submitTaskRequest(.placeholder)
        case .cancelTaskRequest: .cancelTaskRequest(identifier: "")
        case .completeScheduledTask: .completeScheduledTask(identifier: "", success: false)
        case .setMinimumBackgroundFetchInterval: .setMinimumBackgroundFetchInterval(nil)
        case .completeBackgroundFetch: .completeBackgroundFetch(result: .noData)
        case .reportTaskProgress: .reportTaskProgress(identifier: "", fraction: 0)
        case .startTransfer: .startTransfer(.placeholder)
        case .cancelTransfers: .cancelTransfers(session: "")
        case .completeBackgroundEvents: .completeBackgroundEvents(session: "")
        case .sendRequest: .sendRequest(.placeholder)
        case .scanForPeripherals: .scanForPeripherals(services: nil)
        case .stopScan: .stopScan
        case .connect: .connect(peripheral: "")
        case .cancelConnection: .cancelConnection(peripheral: "")
        case .writeValue: .writeValue(peripheral: "", characteristic: "", bytes: 0)
        case .subscribe: .subscribe(peripheral: "", characteristic: "")
        case .startAdvertising: .startAdvertising(localName: nil, services: [])
        case .stopAdvertising: .stopAdvertising
        case .runJob: .runJob(.placeholder)
        case .cancelJob: .cancelJob(job: "", run: 0)
        case .upload: .upload(.placeholder)
        case .requestWhenInUseAuthorization: .requestWhenInUseAuthorization
        case .requestAlwaysAuthorization: .requestAlwaysAuthorization
        case .requestTemporaryFullAccuracy: .requestTemporaryFullAccuracy(purposeKey: "")
        case .startActivityUpdates: .startActivityUpdates
        case .stopActivityUpdates: .stopActivityUpdates
        case .queryActivityHistory: .queryActivityHistory(from: 0, to: 0)
        // Live updates and location sessions (LOC-8, LOC-9)
        case .startLiveUpdates: .startLiveUpdates(.other)
        case .stopLiveUpdates: .stopLiveUpdates
        case .startBackgroundActivitySession: .startBackgroundActivitySession
        case .invalidateBackgroundActivitySession: .invalidateBackgroundActivitySession
        case .startServiceSession: .startServiceSession(.placeholder)
        case .invalidateServiceSession: .invalidateServiceSession
        case .openMonitor: .openMonitor(name: "")
        case .addMonitorCondition: .addMonitorCondition(monitor: "", .placeholder, assuming: .unknown)
        case .removeMonitorCondition: .removeMonitorCondition(monitor: "", id: "")
        case .startHealthObserverQuery: .startHealthObserverQuery("")
        case .enableHealthBackgroundDelivery: .enableHealthBackgroundDelivery("", frequency: .immediate)
        case .completeHealthObserverUpdate: .completeHealthObserverUpdate(id: "")
        case .queryHealthSamples: .queryHealthSamples("")
        // Live Activities (LIVE)
        case .requestLiveActivity: .requestLiveActivity(.placeholder)
        case .updateLiveActivity: .updateLiveActivity(id: "", contentState: [], staleDate: nil)
        case .endLiveActivity: .endLiveActivity(id: "", contentState: [], dismissal: .default)
        case .observeLiveActivities: .observeLiveActivities(attributesType: "", pushToStart: false)
        }
    }
}
