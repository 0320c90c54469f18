import Foundation

/// Which fences a ``GeofenceSet`` monitors, and the swap fence that says when to choose again.
///
/// iOS gives an app 20 regions (LOC-17, LOC-24). With more fences than slots the selection keeps
/// the fences nearest to the device (by the distance to their monitored circle's edge, ties by
/// identifier, so the choice is the same in every process) and spends one slot on a *swap fence*
/// centred on the device. Its radius reaches to the nearest fence left out, less the distance iOS
/// needs past an edge before it reports an exit (LOC-19, ≈200 m) and the distance the device covers
/// in the 20 s iOS waits there, so the exit, which triggers the next selection, comes before the
/// device can reach a fence that is not monitored. The radius
/// is bounded below (LOC-20: small regions behave poorly) and above
/// (`maximumRegionMonitoringDistance`, LOC-17), so with fences packed close together the swap can
/// come late for the next one; the set's `requestState` after each swap catches a fence the
/// device is already inside (LOC-18).
///
/// ```swift
/// let selection = GeofenceSelection.nearest(fences, to: here, slots: 20, bounds: bounds)
/// selection.fences.count   // 19 when there are more than 20 fences
/// selection.swapRadius     // metres, nil when every fence fits
/// ```
public struct GeofenceSelection: Sendable, Hashable {
    /// Indices into the fences, nearest first (or in registration order for ``first(_:slots:)``).
    public var fences: [Int]
    /// The swap fence's centre; nil when every fence is monitored.
    public var swapCenter: Coordinate?
    /// The swap fence's radius in metres.
    public var swapRadius: Double?

    /// The limits on the swap fence's radius, in metres.
    public struct Bounds: Sendable, Hashable, Codable {
        /// The smallest radius (LOC-20).
        public var minimum: Double
        /// The largest radius (LOC-17: a larger region fails with `radiusTooLarge`).
        public var maximum: Double
        /// How far past the edge iOS reports an exit (LOC-19), taken off the radius.
        public var exitMargin: Double

        /// Creates bounds.
        public init(minimum: Double, maximum: Double, exitMargin: Double) {
            self.minimum = minimum
            self.maximum = maximum
            self.exitMargin = exitMargin
        }
    }

    /// Creates a selection.
    public init(fences: [Int], swapCenter: Coordinate? = nil, swapRadius: Double? = nil) {
        self.fences = fences
        self.swapCenter = swapCenter
        self.swapRadius = swapRadius
    }

    /// The fences nearest to `position` and a swap fence around it.
    ///
    /// - Parameters:
    ///   - fences: Every fence registered.
    ///   - position: Where the device is.
    ///   - slots: The regions the set may use, the swap fence included.
    ///   - bounds: The swap fence's limits.
    ///   - travel: Metres the device covers while iOS waits out the exit's dwell (LOC-19: ≥20 s
    ///     past the margin), taken off the radius too; 0 when the speed is not known.
    /// - Returns: All fences and no swap fence when they fit in `slots`; otherwise `slots − 1`
    ///   fences and the swap fence.
    /// - Complexity: O(n log n) for n fences.
    public static func nearest(
        _ fences: [Geofence], to position: Coordinate, slots: Int, bounds: Bounds, travel: Double = 0
    ) -> GeofenceSelection {
        guard fences.count > slots else { return GeofenceSelection(fences: Array(fences.indices)) }
        let kept = max(0, slots - 1)
        let ranked = fences.indices.map { ($0, fences[$0].distanceToEdge(from: position)) }
            .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : fences[$0.0].id.rawValue < fences[$1.0].id.rawValue }
        let firstLeftOut = ranked[kept].1
        let radius = min(bounds.maximum, max(bounds.minimum, firstLeftOut - bounds.exitMargin - travel))
        return GeofenceSelection(fences: ranked.prefix(kept).map(\.0), swapCenter: position, swapRadius: radius)
    }

    /// The first `slots` fences in registration order and no swap fence: what an app that simply
    /// registers its fences gets, since iOS refuses the rest (LOC-17).
    public static func first(_ fences: [Geofence], slots: Int) -> GeofenceSelection {
        GeofenceSelection(fences: Array(fences.indices.prefix(max(0, slots))))
    }
}
