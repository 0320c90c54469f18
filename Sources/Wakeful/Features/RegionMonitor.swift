import Foundation

/// An app feature that monitors a fixed set of regions from launch and asks for their state.
///
/// Registering a region while inside it produces no entry event (LOC-18), so it calls
/// `requestState` for each region after registering it.
///
/// Region events wake a suspended app only under Always (LOC-16), except from iOS 17 while the app
/// holds a `CLBackgroundActivitySession` (LOC-8): beside `LocationLogger(options: .init(updates:
/// .liveSession))`, a When-In-Use app hears its regions during a trip it started in front.
public struct RegionMonitor: Strategy {
    /// The regions, registered in this order.
    public var regions: [MonitoredRegion]

    /// Creates the feature.
    public init(regions: [MonitoredRegion]) {
        self.regions = regions
    }

    public var name: String { "RegionMonitor" }
    public var requirements: Requirements {
        // LOC-16: relaunches for region events need Always authorization.
        // AUTH-6: no geofences with Precise Location off.
        Requirements(locationAuthorization: .always, locationCapabilities: [.relaunch, .regionMonitoring])
    }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        guard case .didFinishLaunching = event else { return [] }
        return regions.flatMap { region -> [Command] in [.startMonitoring(region), .requestState(region.id)] }
    }
}
