import Foundation
import Wakeful

/// A moment the device came into one of the app's fences, from the world's movement: the truth
/// that ``SuccessMeasure/entries(within:)`` holds the app's `geofenceEntered` records against.
struct FenceEntry: Sendable, Hashable {
    var fence: RegionID
    var time: TimeInterval

    /// Every entry into `fences` along the world's trajectory up to `end`, in time order. A device
    /// that starts inside a fence has not entered it. Circles are solved exactly on each straight
    /// piece of the path; polygons are sampled every second where the piece meets their circle.
    static func entries(into fences: [Geofence], along world: WorldDescription, until end: TimeInterval)
        -> [FenceEntry]
    {
        let projection = world.projection
        let knots = world.trajectory.knots
        var entries: [FenceEntry] = []
        for fence in fences {
            let circle = fence.monitoredCircle
            let center = projection.point(for: circle.center)
            let isInside: (LocalPoint) -> Bool =
                fence.needsConfirmation
                ? { fence.contains(projection.coordinate(for: $0)) }
                : { $0.distance(to: center) <= circle.radius }
            var inside = isInside(knots[0].point)
            for (from, to) in zip(knots, knots.dropFirst()) where from.time < end {
                defer { inside = isInside(to.point) }
                guard to.time > from.time,
                    let (enter, leave) = crossing(from.point, to.point, center: center, radius: circle.radius)
                else { continue }
                let span = to.time - from.time
                if !fence.needsConfirmation {
                    // A straight piece that starts inside a circle cannot leave and come back.
                    let time = from.time + enter * span
                    if !inside, time <= end { entries.append(FenceEntry(fence: fence.id, time: time)) }
                    continue
                }
                // A polygon: sample the part of the piece inside its circle. A piece that starts
                // inside a polygon that is not convex can leave it and come back.
                var time = (from.time + enter * span).rounded(.up)
                var was = inside
                while time <= min(from.time + leave * span, end) {
                    let point = from.point.interpolated(to: to.point, fraction: (time - from.time) / span)
                    let now = isInside(point)
                    if now && !was { entries.append(FenceEntry(fence: fence.id, time: time)) }
                    was = now
                    time += 1
                }
            }
        }
        return entries.sorted { $0.time != $1.time ? $0.time < $1.time : $0.fence.rawValue < $1.fence.rawValue }
    }

    /// Where, as fractions of the piece from `a` to `b`, it goes into and out of the circle; nil
    /// when it misses it.
    private static func crossing(_ a: LocalPoint, _ b: LocalPoint, center: LocalPoint, radius: Double)
        -> (enter: Double, leave: Double)?
    {
        let dx = b.east - a.east
        let dy = b.north - a.north
        let fx = a.east - center.east
        let fy = a.north - center.north
        let qa = dx * dx + dy * dy
        guard qa > 0 else { return nil }
        let qb = 2 * (fx * dx + fy * dy)
        let qc = fx * fx + fy * fy - radius * radius
        let discriminant = qb * qb - 4 * qa * qc
        guard discriminant >= 0 else { return nil }
        let root = discriminant.squareRoot()
        let enter = (-qb - root) / (2 * qa)
        let leave = (-qb + root) / (2 * qa)
        guard enter <= 1, leave >= 0 else { return nil }
        return (max(0, enter), min(1, leave))
    }
}

extension RunTally {
    /// Scores ``SuccessMeasure/entries(within:)``: each true entry is seen when a `geofenceEntered`
    /// record names its fence no earlier than the entry and at most `within` seconds after it. The
    /// largest gap is the first entry missed, attributed to what the app was doing then.
    func entriesResult(_ measure: String, truth: [FenceEntry], within: TimeInterval, duration: TimeInterval)
        -> SuccessResult
    {
        var seen: [String: [TimeInterval]] = [:]
        for output in recordLog where output.kind == GeofenceSet.enteredKind {
            if let id = output.id { seen[id, default: []].append(output.time) }
        }
        var onTime = 0
        var firstMissed: FenceEntry?
        for entry in truth {  // in time order (FenceEntry.entries)
            // Each record answers one entry: two entries a moment apart need two records.
            if let index = seen[entry.fence.rawValue]?.firstIndex(where: {
                $0 >= entry.time && $0 <= entry.time + within
            }) {
                seen[entry.fence.rawValue]?.remove(at: index)
                onTime += 1
            } else if firstMissed == nil {
                firstMissed = entry
            }
        }
        let score = truth.isEmpty ? 1 : Double(onTime) / Double(truth.count)
        let summary =
            "\(onTime) of \(truth.count) entries seen within \(Format.duration(within)) (\(Int((score * 100).rounded())) %)"
        let gap = firstMissed.map {
            attributeGap(from: $0.time, to: min($0.time + within, duration), end: duration)
        }
        return SuccessResult(measure: measure, score: score, summary: summary, largestGap: gap)
    }
}
