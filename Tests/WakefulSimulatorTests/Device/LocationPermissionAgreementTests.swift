import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// What ``LocationPermission/allows(_:)`` says a permission gives, the simulated device gives, and
/// what it withholds the device withholds: the losses `compare` reports for each strategy come from
/// the same rules the model enforces (LOC-4, LOC-16, BEACON-1, AUTH-6).
@Suite("Device: the capabilities a permission allows are the ones the model gives", .watchdog, .cpuBound)
struct LocationPermissionAgreementTests {
    static let permissions = [
        LocationPermission(status: .always), LocationPermission(status: .whenInUse),
        LocationPermission(status: .always, accuracy: .reduced),
        LocationPermission(status: .whenInUse, accuracy: .reduced),
    ]

    static let keepRunning = LocationRequest(
        desiredAccuracy: 10, pausesAutomatically: false, allowsBackgroundUpdates: true)

    /// A drive of 6 km east at 10 m/s from t = 20; the user presses Home at 10.
    static func drive(_ permission: LocationPermission) -> Scenario {
        var scenario = Scenarios.make(
            duration: 3600, at: .zero, walkFrom: 20,
            legs: [RouteLeg(destination: LocalPoint(east: 6000, north: 0), speed: 10)],
            authorization: permission.status)
        scenario.app.preciseLocation = permission.accuracy == .full
        return scenario
    }

    /// Whether the simulated device gives `capability` under `permission` on iOS 17.
    static func gives(_ capability: LocationCapability, under permission: LocationPermission) throws -> Bool {
        let ios = try Versions.parse("17")
        switch capability {
        case .backgroundUpdates:
            // Started in the foreground, fixes keep coming after Home.
            let app = Scripted("Tracker", modes: [.location]) { event, _ in
                guard case .didFinishLaunching = event else { return [] }
                return [.startUpdatingLocation(keepRunning)]
            }
            let trace = Trace(drive(permission), ios: ios, setup: .custom(app))
            return !trace.events { if case .locationsUpdated = $0 { true } else { false } }.filter { $0.time > 60 }
                .isEmpty
        case .backgroundStart:
            // Started after Home, inside a background task.
            let app = Scripted("LateTracker", modes: [.location]) { event, _ in
                guard event == .didEnterBackground else { return [] }
                return [
                    .beginBackgroundTask(BackgroundTaskID(owner: "LateTracker", serial: 1)),
                    .startUpdatingLocation(keepRunning),
                ]
            }
            let trace = Trace(drive(permission), ios: ios, setup: .custom(app))
            return !trace.events { if case .locationsUpdated = $0 { true } else { false } }.isEmpty
        case .relaunch:
            // The significant-change service wakes the suspended app as it drives (LOC-12).
            let trace = Trace(drive(permission), ios: ios, setup: .custom(Apps.significantChange))
            return trace.metrics.wakes["significantChange", default: 0] > 0
        case .regionMonitoring:
            // A geofence left while suspended.
            var walk = DeviceScenarios.fenceWalk(authorization: permission.status)
            walk.app.preciseLocation = permission.accuracy == .full
            let trace = Trace(walk, ios: ios)
            return !trace.events { if case .regionExited = $0 { true } else { false } }.isEmpty
        case .beaconRanging:
            // Ranging in the background, the app kept running by updates started in the foreground.
            let app = Scripted("Ranger", modes: [.location]) { event, _ in
                guard case .didFinishLaunching = event else { return [] }
                return [.startUpdatingLocation(keepRunning), .startRangingBeacons(Scenarios.beacon().constraint)]
            }
            var scenario = DeviceScenarios.nearBeacon(duration: 120, authorization: permission.status)
            scenario.app.preciseLocation = permission.accuracy == .full
            let trace = Trace(scenario, ios: ios, setup: .custom(app))
            return !trace.events { if case .beaconsRanged(_, let seen) = $0 { !seen.isEmpty } else { false } }
                .filter { $0.time > 30 }.isEmpty
        case .preciseFixes:
            let app = Scripted("Tracker", modes: [.location]) { event, _ in
                guard case .didFinishLaunching = event else { return [] }
                return [.startUpdatingLocation(keepRunning)]
            }
            let trace = Trace(drive(permission), ios: ios, setup: .custom(app))
            let fixes = trace.events { if case .locationsUpdated = $0 { true } else { false } }.flatMap {
                entry -> [LocationFix] in
                guard case .locationsUpdated(let fixes) = entry.event else { return [] }
                return fixes
            }
            return fixes.contains { $0.horizontalAccuracy <= 100 }
        }
    }

    @Test(
        "each capability under each permission", arguments: LocationCapability.allCases, permissions)
    func agrees(capability: LocationCapability, permission: LocationPermission) throws {
        #expect(
            try Self.gives(capability, under: permission) == permission.allows(capability),
            "\(capability.rawValue) under \(permission.label)")
    }
}
