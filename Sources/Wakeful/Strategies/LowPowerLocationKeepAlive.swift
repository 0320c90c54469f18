import Foundation

/// Seed 002's "forever ranging": standard location updates at the lowest power setting keep the
/// app running in the background without limit, plus a background task.
///
/// With the `location` background mode, Always authorization and `allowsBackgroundLocationUpdates`
/// (from iOS 9, LOC-1), running location updates keep the app from being suspended (LOC-2). At
/// 3 km accuracy with a 3000 m distance filter the GPS stays off and only the cell radio is used
/// (LOC-6), and automatic pausing is turned off so updates never stop while stationary (LOC-5).
/// Beacon ranging then continues indefinitely (BEACON-8). App Review accepts it only when the app
/// has a visible, user-facing reason to use location in the background (REVIEW-1, REVIEW-3, 5.1.5).
///
/// What it loses: under When-In-Use it keeps running only if the updates started in the
/// foreground, and a relaunch into the background cannot start them (LOC-4), so a system kill
/// ends it; with Precise Location off it keeps running, but gets ≈4 fixes an hour, 1–20 km off
/// (AUTH-6), and beacon ranging beside it stops. It starts again when the authorization changes (AUTH-5).
public struct LowPowerLocationKeepAlive: Strategy {
    /// Configuration; the defaults are the seed's.
    public struct Options: Sendable, Hashable, Codable {
        /// `desiredAccuracy` in metres (3000 = `kCLLocationAccuracyThreeKilometers`).
        public var desiredAccuracy: Double
        /// `distanceFilter` in metres.
        public var distanceFilter: Double
        /// Also begin a background task when entering the background, as the seed does.
        public var beginsBackgroundTask: Bool

        /// Creates options.
        public init(desiredAccuracy: Double = 3000, distanceFilter: Double = 3000, beginsBackgroundTask: Bool = true) {
            self.desiredAccuracy = desiredAccuracy
            self.distanceFilter = distanceFilter
            self.beginsBackgroundTask = beginsBackgroundTask
        }
    }

    /// The configuration.
    public var options: Options
    private var task = BackgroundTaskSlot(owner: "LowPowerLocationKeepAlive")

    /// The open task, if any.
    public var openTask: BackgroundTaskID? { task.openTask }

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "LowPowerLocationKeepAlive" }
    public var requirements: Requirements {
        Requirements(
            backgroundModes: [.location], locationAuthorization: .always,
            locationCapabilities: [.backgroundUpdates, .backgroundStart, .preciseFixes])
    }

    /// The location request the seed makes.
    public var locationRequest: LocationRequest {
        LocationRequest(
            desiredAccuracy: options.desiredAccuracy,
            distanceFilter: options.distanceFilter,
            pausesAutomatically: false,
            allowsBackgroundUpdates: true,
            // LOC-30: from 16.4, updates started after a background relaunch with the indicator
            // hidden were seen to stop; showing it keeps them (a plugin vendor's fix too).
            showsBackgroundIndicator: true
        )
    }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        if let answer = task.answer(event) { return answer }
        switch event {
        case .didFinishLaunching:
            // Every launch, including relaunches into the background: a new process has no updates running.
            var commands: [Command] = [.startUpdatingLocation(locationRequest)]
            if context.isInBackground { commands += beginTask() }
            return commands
        case .authorizationChanged(.always), .authorizationChanged(.whenInUse):
            // AUTH-5: updates refused before the user answered start once they can.
            return [.startUpdatingLocation(locationRequest)]
        case .didEnterBackground:
            return beginTask()
        default:
            return []
        }
    }

    private mutating func beginTask() -> [Command] {
        options.beginsBackgroundTask ? task.begin() : []
    }
}

extension LowPowerLocationKeepAlive.Options: RangeCheckedOptions {
    public var rangeViolations: [OptionRangeViolation] {
        [
            OptionRange.accuracy("desiredAccuracy", desiredAccuracy),
            OptionRange.distanceFilter("distanceFilter", distanceFilter),
        ].compactMap { $0 }
    }
}
