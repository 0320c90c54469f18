import Foundation

/// An app feature that monitors a fixed set of regions from launch and asks for their state.
///
/// Registering a region while inside it produces no entry event (LOC-18), so it calls
/// `requestState` for each region after registering it.
///
/// Region events wake a suspended app only under Always (LOC-16), except from iOS 17 while the app
/// holds a `CLBackgroundActivitySession` (LOC-8): beside `LocationLogger(options: .init(updates:
/// .liveSession))`, a When-In-Use app hears its regions during a trip it started in front.
///
/// With ``GeofenceSet/API/monitor`` its circles are conditions of a `CLMonitor` named
/// ``monitorName`` (iOS 17+), opened first thing at every launch so that an event that relaunched
/// the app finds it (CLMON-3). The monitor keeps conditions across launches (CLMON-2): only those
/// it does not list are added, each with its state unknown, so that iOS answers with the state as
/// `requestState` would. If the monitor cannot be opened before protected data is available it is
/// opened again on `protectedDataDidBecomeAvailable` (DATA-4); before iOS 17, and for beacon
/// regions, which have no condition here, regions serve (LOC-24).
public struct RegionMonitor: Strategy {
    /// The name of its `CLMonitor` on the monitor path.
    public static let monitorName = "RegionMonitor"

    /// The regions, registered in this order.
    public var regions: [MonitoredRegion]
    /// The Core Location API that monitors the circles.
    public var api: GeofenceSet.API
    /// Whether it waits for protected data to open the monitor again (CLMON-2).
    private var waitsForProtectedData = false

    /// Creates the feature.
    public init(regions: [MonitoredRegion], api: GeofenceSet.API = .regions) {
        self.regions = regions
        self.api = api
    }

    public var name: String { "RegionMonitor" }
    public var requirements: Requirements {
        // LOC-16: relaunches for region events need Always authorization.
        // AUTH-6: no geofences with Precise Location off.
        Requirements(locationAuthorization: .always, locationCapabilities: [.relaunch, .regionMonitoring])
    }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .didFinishLaunching where api == .monitor:
            // CLMON-3: the monitor first; beacon regions have no condition and stay regions.
            return [.openMonitor(name: Self.monitorName)] + register(regions.filter { !$0.isCircle })
        case .didFinishLaunching:
            return register(regions)
        case .monitorOpened(Self.monitorName, let kept):
            // CLMON-2: conditions an earlier process added are still monitored.
            let known = Set(kept)
            return regions.compactMap { region in
                guard case .circle(let center, let radius) = region.shape, !known.contains(region.id) else {
                    return nil
                }
                return .addMonitorCondition(
                    monitor: Self.monitorName, MonitorCondition(id: region.id, center: center, radius: radius),
                    assuming: .unknown)
            }
        case .monitorOpenFailed(Self.monitorName, .protectedDataUnavailable):
            waitsForProtectedData = true  // CLMON-2, DATA-4
            return []
        case .protectedDataDidBecomeAvailable where waitsForProtectedData:
            waitsForProtectedData = false
            return [.openMonitor(name: Self.monitorName)]
        case .monitorOpenFailed(Self.monitorName, .unavailable):
            return register(regions.filter(\.isCircle))  // LOC-24: no CLMonitor before iOS 17
        default:
            return []
        }
    }

    /// Regions registered with their state asked (LOC-18).
    private func register(_ regions: [MonitoredRegion]) -> [Command] {
        regions.flatMap { region -> [Command] in [.startMonitoring(region), .requestState(region.id)] }
    }
}

extension MonitoredRegion {
    /// Whether it is a circle (a geofence), not a beacon region.
    var isCircle: Bool {
        if case .circle = shape { return true }
        return false
    }
}
