import Foundation

/// The regions this process asked Core Location to monitor, so a stop or a state request issued
/// right after a start finds its region.
///
/// CLLocationManager.h:720: monitoring a region "is done asynchronously and may not be immediately
/// reflected in monitoredRegions" (and :706 for stopping). The core issues
/// `[.startMonitoring(region), .requestState(region.id)]` in one list, so the region is looked up
/// first among those issued in this process, then among `monitoredRegions`, which also holds the
/// regions of earlier launches (a stop is valid across managers and launches, CLLocationManager.h:703–704).
public struct RegionRegistry<Region> {
    private var issued: [String: Region] = [:]

    /// An empty registry.
    public init() {}

    /// `startMonitoring(for:)` was called with this region.
    public mutating func started(_ id: String, _ region: Region) {
        issued[id] = region
    }

    /// The region for a state request: the one issued in this process, else the system's.
    public func region(_ id: String, monitored: [String: Region]) -> Region? {
        issued[id] ?? monitored[id]
    }

    /// The region to stop, forgotten here: the one issued in this process, else the system's.
    public mutating func stop(_ id: String, monitored: [String: Region]) -> Region? {
        issued.removeValue(forKey: id) ?? monitored[id]
    }
}

extension RegionRegistry: Sendable where Region: Sendable {}
