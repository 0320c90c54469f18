import Foundation

/// Something a strategy gets from Core Location that a lesser permission takes away.
///
/// Strategies list what they rely on in ``Requirements/locationCapabilities``, and
/// ``LocationPermission/losses(of:)`` says which of them a permission withholds, so that a report
/// can say what each strategy loses under When-In-Use or with Precise Location off.
///
/// ```swift
/// LocationPermission(status: .always, accuracy: .reduced).losses(of: [.regionMonitoring, .relaunch])
/// // [.regionMonitoring]: geofences stop under reduced accuracy (AUTH-6), SLC still relaunches
/// ```
public enum LocationCapability: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Standard updates that go on in the background once started in the foreground (LOC-1, LOC-4).
    case backgroundUpdates
    /// Starting location updates while in the background: Always only (LOC-4).
    case backgroundStart
    /// Being woken or relaunched by significant changes, visits or regions: Always only (LOC-16).
    case relaunch
    /// Geofences: Always for background events (LOC-16), and full accuracy (AUTH-6).
    case regionMonitoring
    /// Beacon regions and ranging: Always in the background (BEACON-1), and full accuracy (AUTH-6).
    case beaconRanging
    /// Fixes of metres, as often as the app asks: full accuracy only; reduced gives ≈4 an hour,
    /// 1–20 km off (AUTH-6).
    case preciseFixes

    public static func < (lhs: LocationCapability, rhs: LocationCapability) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// What losing it means, in a few words for reports.
    public var lossSummary: String {
        switch self {
        case .backgroundUpdates: "no location updates"
        case .backgroundStart: "no starting updates in the background"
        case .relaunch: "no background wakes or relaunches"
        case .regionMonitoring: "no geofences"
        case .beaconRanging: "no beacons"
        case .preciseFixes: "≈4 fixes/h, 1–20 km off"
        }
    }
}
