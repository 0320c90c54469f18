import Foundation
import Wakeful

/// The configurations of the demo, the same as the simulator's built-in scenarios
/// (`wakeful simulate gas-station`, `wakeful simulate bike-rental`), so what the phone does can be
/// compared with what the model predicts.
///
/// Only the core here: Linux tests compile this file (linked from Tests/WakefulDoctorTests) to
/// check the demo's Info.plist against what `wakeful plist` says these strategies need, and
/// (linked from Tests/WakefulReplayTests) to replay a timeline carrying the demo's header.
enum DemoConfiguration: String, CaseIterable, Identifiable {
    /// Seed 000: prompt to pay when pump 4's beacon is about 3 m away, not from across the street.
    /// `TaskExtension` ranges for about 30 s per region event on iOS 13+ (TASK-4), which the
    /// simulator predicts is too short; `LowPowerLocationKeepAlive` keeps ranging (LOC-1, LOC-6).
    case gasStationTaskExtension
    /// The gas station with the location keep-alive instead of background tasks.
    case gasStationKeepAlive
    /// Seed 003's bike rental: silent pushes start and stop a trip, whose route is logged and
    /// uploaded; refresh and processing tasks wake the app so the uploader can send what is left.
    case tripTracking

    var id: String { rawValue }

    /// What the settings screen shows.
    var title: String {
        switch self {
        case .gasStationTaskExtension: "Gas station (background tasks)"
        case .gasStationKeepAlive: "Gas station (location keep-alive)"
        case .tripTracking: "Trip tracking (silent pushes)"
        }
    }

    /// The beacon at pump 4, as in `gas-station.json`.
    static let pump = BeaconTrigger.Options(
        regionID: "pump-4",
        constraint: BeaconIdentityConstraint(
            uuid: UUID(uuidString: "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6")!, major: 1, minor: 4),
        triggerDistance: 3)

    /// The task identifiers of the trip configuration; they are listed in Info.plist
    /// (`BGTaskSchedulerPermittedIdentifiers`).
    static let refresh = ScheduledRefresh.Options(
        refreshIdentifier: "com.example.wakefuldemo.refresh", processingIdentifier: "com.example.wakefuldemo.sync")

    /// The strategies and features, in the order they receive events.
    var strategies: [any Strategy] {
        switch self {
        case .gasStationTaskExtension:
            [TaskExtension(), BeaconTrigger(options: Self.pump)]
        case .gasStationKeepAlive:
            [LowPowerLocationKeepAlive(), BeaconTrigger(options: Self.pump)]
        case .tripTracking:
            [PushTrigger(), LocationLogger(), ScheduledRefresh(options: Self.refresh)]
        }
    }
}
