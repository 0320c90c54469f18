import Foundation
import Wakeful

extension SimulatedDevice {
    /// Carries out one command the app issued.
    mutating func execute(_ command: Command) {
        switch command {
        case .beginBackgroundTask(let id): beginBackgroundTask(id)
        case .endBackgroundTask(let id): endBackgroundTask(id)
        case .startUpdatingLocation(let request): startUpdatingLocation(request)
        case .stopUpdatingLocation: process.location = nil
        case .requestLocation: requestLocation()
        case .startMonitoringSignificantLocationChanges: startSignificantChanges()
        case .stopMonitoringSignificantLocationChanges: significantChange = nil
        case .startMonitoring(let region): startMonitoring(region)
        case .stopMonitoring(let id): regions.removeAll { $0.region.id == id }
        case .requestState(let id):
            guard let watch = regions.first(where: { $0.region.id == id }) else {
                decide("commandRefused", rules: ["LOC-18"], [Field("command", "requestState"), Field("why", .string("region \(id) is not monitored"))])
                return
            }
            deliver(.regionStateDetermined(id, watch.state))
        case .startRangingBeacons(let constraint): startRanging(constraint)
        case .stopRangingBeacons(let constraint): stopRanging(constraint)
        case .setTimer(let request): setTimer(request)
        case .cancelTimer(let id): process.timers.removeAll { $0.request.id == id }
        case .record(let record):
            tally.noteRecord(record, at: now, distance: distanceToTriggerBeacon, keptRunningBy: state == .background ? runReasons.names : ["foreground"])
        case .startMonitoringVisits: startVisits()
        case .stopMonitoringVisits: visits = nil
        case .completeRemoteNotification:
            // Silent pushes are enforced by a later part of the model (PUSH); until then the
            // timeline says plainly that the completion changed nothing.
            decide("notModelled", rules: [], [Field("command", .string(command.name))])
        // Network slice
        case .startTransfer(let request): startTransfer(request)
        case .cancelTransfers(let session): cancelTransfers(session: session)
        case .completeBackgroundEvents(let session): completeBackgroundEvents(session: session)
        case .sendRequest(let request): sendRequest(request)
        case .scanForPeripherals(let services): scanForPeripherals(services: services)
        case .stopScan: stopScan()
        case .connect(let peripheral): connect(peripheral)
        case .cancelConnection(let peripheral): cancelConnection(peripheral)
        case .writeValue(let peripheral, let characteristic, let bytes): writeValue(peripheral, characteristic: characteristic, bytes: bytes)
        case .subscribe(let peripheral, let characteristic): subscribe(peripheral, characteristic: characteristic)
        }
    }
}
