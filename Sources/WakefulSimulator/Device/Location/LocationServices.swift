import Foundation
import Wakeful

/// Core Location's services as the system keeps them for the app, outliving its process: the
/// significant-change service (LOC-10 to LOC-14), the visits service (LOC-16), the sessions the
/// last process held, which Core Location ends only at the next launch (LOC-8, LOC-32),
/// `requestLocation()` calls not yet answered, and the draws of every fix: stream 1 for a fix's
/// error, stream 5 for a reduced-accuracy fix's (AUTH-6), and this run's significant-change
/// accuracy (stream 61, LOC-10).
///
/// It reads the user's position, the time, the location rules and the device's shared stream
/// (stream 3, for the significant-change distances), and returns fixes, the events due and when
/// it next needs a look; the device wakes the app and delivers them (`SimulatedDevice+Location.swift`,
/// `+SignificantChanges`, `+Visits`, `+LocationSessions`).
struct LocationServices {
    // The services' memories and the carried sessions are touched only by LocationServices' own
    // files (the rules of each service are in their extensions here); the device asks through
    // their methods.

    /// The significant-change service's memory, while it runs.
    var significantChange: SignificantChangeWatch?
    /// The visits service's memory, while it runs.
    var visits: VisitWatch?
    /// The Core Location sessions the last process held when it ended (LOC-8, LOC-32).
    var carried = LocationSessions()
    /// Until when, after a launch, the carried service session still counts while the app recreates
    /// it (LOC-32).
    var serviceSessionRecreationDeadline = -TimeInterval.infinity
    /// `requestLocation()` calls not yet answered; they die with the process.
    private var pendingRequests = 0
    /// Stream 1: each fix's error.
    private var random: SeededGenerator
    /// How far off each reduced-accuracy fix is (AUTH-6): a stream of its own (5), so that a run
    /// with Precise Location on draws exactly what it drew before the model had one.
    private var coarseRandom: SeededGenerator
    /// The stated accuracy of this run's significant-change fixes, one of the field's (LOC-10).
    let significantChangeAccuracy: Double

    /// - Parameters:
    ///   - random: Stream 1.
    ///   - coarseRandom: Stream 5.
    ///   - accuracyRandom: Stream 61, one draw per run: the significant-change accuracy among `accuracies`.
    init(
        random: SeededGenerator, coarseRandom: SeededGenerator, accuracyRandom: SeededGenerator,
        accuracies: [Double]
    ) {
        self.random = random
        self.coarseRandom = coarseRandom
        var accuracyRandom = accuracyRandom
        significantChangeAccuracy =
            accuracies.isEmpty
            ? 500 : accuracies[min(accuracies.count - 1, Int(accuracyRandom.nextDouble() * Double(accuracies.count)))]
    }

    /// Whether the significant-change service runs.
    var monitorsSignificantChanges: Bool { significantChange != nil }
    /// Whether the visits service runs.
    var monitorsVisits: Bool { visits != nil }

    // MARK: Fixes

    /// A fix at `position` with Gaussian error of about half its stated accuracy.
    mutating func fix(
        accuracy: Double, at position: LocalPoint, speed: Double, time: TimeInterval, projection: LocalProjection
    ) -> LocationFix {
        let noisy = LocalPoint(
            east: position.east + random.gaussian(mean: 0, standardDeviation: accuracy / 2),
            north: position.north + random.gaussian(mean: 0, standardDeviation: accuracy / 2))
        return LocationFix(
            coordinate: projection.coordinate(for: noisy), horizontalAccuracy: accuracy, speed: speed, timestamp: time)
    }

    /// A reduced-accuracy fix: `error` off in a random direction, log-uniformly, with its stated
    /// accuracy rounded up to the kilometre (AUTH-6).
    mutating func coarseFix(
        at position: LocalPoint, time: TimeInterval, error range: ClosedRange<Double>, projection: LocalProjection
    ) -> LocationFix {
        let distance = range.lowerBound * pow(range.upperBound / range.lowerBound, coarseRandom.nextDouble())
        let bearing = coarseRandom.uniform(0...(2 * Double.pi))
        let off = LocalPoint(
            east: position.east + distance * sin(bearing), north: position.north + distance * cos(bearing))
        return LocationFix(
            coordinate: projection.coordinate(for: off),
            horizontalAccuracy: (distance / 1000).rounded(.up) * 1000, speed: -1, timestamp: time)
    }

    // MARK: requestLocation()

    /// Whether `requestLocation()` calls wait for their fix.
    var hasPendingRequests: Bool { pendingRequests > 0 }

    /// The app called `requestLocation()`.
    mutating func request() {
        pendingRequests += 1
    }

    /// One fix answers every waiting call.
    mutating func answerRequests() {
        pendingRequests = 0
    }

    /// The process ended: its waiting calls die with it, and Core Location keeps its sessions until
    /// the next launch (LOC-8, LOC-32).
    mutating func processEnded(holding sessions: LocationSessions) {
        carried = sessions
        pendingRequests = 0
    }
}
