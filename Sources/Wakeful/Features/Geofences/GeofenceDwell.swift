import Foundation

/// How a ``GeofenceSet`` remembers, across processes, since when the device is inside a fence
/// that has a dwell time.
///
/// A relaunched app has nothing in memory (LOC-16 relaunches it for the region event), and on a
/// locked phone its protected files cannot be read either (DATA-4). What it does get, with the
/// event that woke it, is the identifier of the region; and iOS keeps monitored regions, with
/// their identifiers, across launches (LOC-17). So on entering a fence with a dwell time the set
/// monitors the same circle again under an identifier that carries the entry time,
/// `shop-12|since=36000.5`, and goes back to the plain identifier once the dwell is recorded or
/// the fence is left. Registering a region the device is inside produces no entry (LOC-18), so
/// the swap of identifiers is silent.
///
/// ```swift
/// let id = GeofenceDwell.regionID(fence: "shop-12", since: 36_000.5)   // "shop-12|since=36000.5"
/// GeofenceDwell.parse(id)   // (fence: "shop-12", since: 36000.5)
/// ```
public enum GeofenceDwell {
    /// What separates a fence's identifier from its entry time; fence identifiers must not hold it.
    public static let separator = "|since="

    /// The identifier of a fence's region while a dwell is being timed.
    public static func regionID(fence: RegionID, since: TimeInterval) -> RegionID {
        RegionID(fence.rawValue + separator + "\(since)")
    }

    /// The fence and, when the identifier carries one, the entry time.
    public static func parse(_ id: RegionID) -> (fence: RegionID, since: TimeInterval?) {
        // Most identifiers carry no time: a byte scan tells, where Foundation's search (which the
        // separator's `|` cannot match without that byte) cost a tenth of a run with geofences.
        guard id.rawValue.utf8.contains(UInt8(ascii: "|")),
            let range = id.rawValue.range(of: separator, options: .backwards),
            let since = TimeInterval(id.rawValue[range.upperBound...]), since.isFinite
        else { return (id, nil) }
        return (RegionID(String(id.rawValue[..<range.lowerBound])), since)
    }

    /// Whether a stay that began at `since` has reached `dwell` seconds at `now`.
    public static func isDue(since: TimeInterval, dwell: TimeInterval, now: TimeInterval) -> Bool {
        now - since >= dwell
    }
}
