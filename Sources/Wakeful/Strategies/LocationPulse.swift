import Foundation

/// Seed 004's location pulse: on entering the background, start location updates and restart them
/// (and a background task) every minute to "refresh the background time".
///
/// What keeps the app alive is not the pulse but the running updates: with the `location` mode,
/// `allowsBackgroundLocationUpdates` (iOS 9+, LOC-1) and updates running, the app is never suspended
/// (LOC-2); without the mode the first task expires (TASK-3, TASK-6), the app is suspended, and a
/// suspended app's timer never fires, so the pulse stops after one beat. With
/// ``Options/stopsBetweenPulses`` it duty-cycles the GPS the way the seed's author hoped would save
/// power, and that is exactly what gets it suspended. It runs the GPS (best accuracy), which costs
/// far more than ``LowPowerLocationKeepAlive``'s cell-only updates (ENERGY-4), and it carries the
/// same App Review risk (REVIEW-3).
///
/// What it loses: under When-In-Use each pulse restarts updates in the background, which only
/// Always allows (LOC-4), so the first pulse after entering the background is refused and the app
/// is suspended; with Precise Location off it keeps the app running but gets ≈4 fixes an hour,
/// 1–20 km off (AUTH-6), for the cost of a GPS it no longer uses.
public struct LocationPulse: Strategy {
    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// Seconds between pulses.
        public var interval: TimeInterval
        /// `desiredAccuracy` in metres; the seed uses the default (best).
        public var desiredAccuracy: Double
        /// Stop updates after each pulse's first fix (duty-cycling).
        public var stopsBetweenPulses: Bool

        /// Creates options.
        public init(interval: TimeInterval = 60, desiredAccuracy: Double = 0, stopsBetweenPulses: Bool = false) {
            self.interval = interval
            self.desiredAccuracy = desiredAccuracy
            self.stopsBetweenPulses = stopsBetweenPulses
        }
    }

    /// The timer that drives the pulse.
    public static let timer: TimerID = "LocationPulse"

    /// The configuration.
    public var options: Options
    private var task = BackgroundTaskSlot(owner: "LocationPulse")
    private var awaitingFix = false

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "LocationPulse" }
    public var requirements: Requirements {
        Requirements(
            backgroundModes: [.location], locationAuthorization: .always,
            reviewFindings: [
                ReviewFinding(
                    subject: "GPS pulses", level: .medium, guideline: "2.4.2, 5.1.5", rules: ["REVIEW-5", "ENERGY-4"],
                    note:
                        "running the GPS to stay awake drains the battery and uses location without a feature that needs it"
                )
            ], locationCapabilities: [.backgroundUpdates, .backgroundStart, .preciseFixes])
    }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        if let answer = task.answer(event) { return answer }
        switch event {
        case .didEnterBackground:
            return pulse() + [.setTimer(TimerRequest(id: Self.timer, interval: options.interval, repeats: true))]
        case .timerFired(Self.timer) where context.isInBackground:
            return pulse()
        case .didBecomeActive:
            awaitingFix = false
            return [.cancelTimer(Self.timer)]
        case .locationsUpdated where awaitingFix && options.stopsBetweenPulses:
            awaitingFix = false
            return [.stopUpdatingLocation] + task.endOpen()
        default:
            return []
        }
    }

    /// One beat: restart updates and the background task.
    private mutating func pulse() -> [Command] {
        awaitingFix = true
        let request = LocationRequest(
            desiredAccuracy: options.desiredAccuracy, pausesAutomatically: false, allowsBackgroundUpdates: true,
            showsBackgroundIndicator: true)  // LOC-30: hidden, relaunched updates stop on 16.4+
        let restartTask = task.restart()
        return [.stopUpdatingLocation, .startUpdatingLocation(request)] + restartTask
    }
}

extension LocationPulse.Options: RangeCheckedOptions {
    public var rangeViolations: [OptionRangeViolation] {
        [
            OptionRange.accuracy("desiredAccuracy", desiredAccuracy),
            OptionRange.positive("interval", interval, unit: "seconds"),
        ].compactMap { $0 }
    }
}
