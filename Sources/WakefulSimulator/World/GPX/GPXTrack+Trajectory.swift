import Foundation
import Wakeful

extension GPXTrack {
    /// Turns the track into a trajectory relative to `startTime` (simulation seconds). Timed points keep their spacing (first point at startTime); untimed points are traversed at `fallbackSpeed` m/s. Throws if times go backwards.
    ///
    /// In detail: the first point is at `startTime`. Untimed points before the first timed point,
    /// after the last one, or in a track with no times at all follow each other at `fallbackSpeed`.
    /// Each timed point keeps its time offset from the first timed point. Untimed points between two
    /// timed points share the time between them in proportion to distance, so the timed spacing is
    /// kept exactly.
    ///
    /// - Parameters:
    ///   - projection: Maps the points onto the simulator's local plane.
    ///   - startTime: Simulation time of the first point, in seconds.
    ///   - fallbackSpeed: Speed in m/s for untimed stretches; must be finite and greater than 0
    ///     (checked even when every point is timed).
    /// - Throws: ``GPXError`` naming the point whose time is earlier than an earlier point's, whose
    ///   time or coordinate is invalid (possible for tracks built in code), or the invalid argument.
    public func trajectory(
        projection: LocalProjection,
        startTime: TimeInterval,
        fallbackSpeed: Double
    ) throws(GPXError) -> Trajectory {
        let file = self.file ?? ("GPX track" + (name.map { " \"\($0)\"" } ?? ""))
        guard startTime.isFinite else {
            throw GPXError(
                file: file, message: "startTime is \(startTime) s; expected a finite number of seconds",
                code: .invalidArgument)
        }
        guard fallbackSpeed.isFinite, fallbackSpeed > 0 else {
            throw GPXError(
                file: file,
                message: "fallbackSpeed is \(fallbackSpeed) m/s; expected a finite speed greater than 0 m/s",
                code: .invalidArgument
            )
        }
        guard !points.isEmpty else {
            throw GPXError(file: file, message: "the track has no points; expected at least one point", code: .noPoints)
        }

        var locals: [LocalPoint] = []
        locals.reserveCapacity(points.count)
        var previousTimed: Int?
        for (index, point) in points.enumerated() {
            let coordinate = point.coordinate
            guard coordinate.latitude.isFinite, (-90.0...90.0).contains(coordinate.latitude),
                coordinate.longitude.isFinite, (-180.0...180.0).contains(coordinate.longitude)
            else {
                throw GPXError(
                    file: file, location: label(ofPointAt: index),
                    message: "coordinate is (\(coordinate.latitude), \(coordinate.longitude)); "
                        + "expected latitude between -90 and 90 and longitude between -180 and 180",
                    code: .invalidAttribute
                )
            }
            locals.append(projection.point(for: coordinate))
            guard let time = point.time else { continue }
            guard time.isFinite else {
                throw GPXError(
                    file: file, location: label(ofPointAt: index),
                    message: "time is \(time); expected \(ISO8601Timestamp.expectedForm)", code: .invalidElement
                )
            }
            if let previous = previousTimed, let previousTime = points[previous].time, time < previousTime {
                throw GPXError(
                    file: file, location: label(ofPointAt: index),
                    message: "<time> \(ISO8601Timestamp.format(time)) is earlier than \(label(ofPointAt: previous))'s "
                        + "\(ISO8601Timestamp.format(previousTime)); expected times that never go backwards",
                    code: .timeGoesBackwards
                )
            }
            previousTimed = index
        }

        var times = [TimeInterval](repeating: startTime, count: points.count)
        func advanceAtFallbackSpeed(_ index: Int) {
            times[index] = times[index - 1] + locals[index - 1].distance(to: locals[index]) / fallbackSpeed
        }
        var lastTimed = 0
        if let firstTimed = points.firstIndex(where: { $0.time != nil }), let firstTime = points[firstTimed].time {
            // Untimed lead-in: from startTime at the fallback speed.
            for index in stride(from: 1, through: firstTimed, by: 1) { advanceAtFallbackSpeed(index) }
            // Timed points keep their offset from the first timed point (differences of nearby
            // absolute times are exact); untimed points between them are spread by distance.
            lastTimed = firstTimed
            for index in (firstTimed + 1)..<points.count {
                guard let time = points[index].time else { continue }
                times[index] = times[firstTimed] + (time - firstTime)
                distribute(&times, locals, from: lastTimed, to: index)
                lastTimed = index
            }
        }
        // Untimed tail (or a wholly untimed track): the fallback speed.
        for index in (lastTimed + 1)..<points.count { advanceAtFallbackSpeed(index) }

        var knots: [TrajectoryKnot] = []
        knots.reserveCapacity(points.count)
        for index in points.indices {
            knots.append(TrajectoryKnot(time: times[index], point: locals[index]))
        }
        do {
            return try Trajectory(knots: knots)
        } catch {
            throw GPXError(file: file, message: "the track does not form a path: \(error)", code: .invalidArgument)
        }
    }

    /// Re-times the points strictly between `start` and `end` in proportion to distance along the path.
    private func distribute(_ times: inout [TimeInterval], _ locals: [LocalPoint], from start: Int, to end: Int) {
        guard end - start > 1 else { return }
        var total = 0.0
        for index in (start + 1)...end { total += locals[index - 1].distance(to: locals[index]) }
        let duration = times[end] - times[start]
        var travelled = 0.0
        for index in (start + 1)..<end {
            travelled += locals[index - 1].distance(to: locals[index])
            let fraction = total > 0 ? travelled / total : 0
            times[index] = times[start] + duration * fraction
        }
    }
}
