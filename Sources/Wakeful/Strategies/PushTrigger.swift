import Foundation

/// Seed 003's bike rental: silent pushes from the server start and stop a trip, and the trip runs
/// standard location updates while it lasts.
///
/// A push whose `userInfo[key]` is ``Options/startValue`` starts location updates (with the
/// configured accuracy and distance filter, `allowsBackgroundLocationUpdates` on, no auto-pause) and
/// records `trip` with `phase` `start`; ``Options/stopValue`` stops them and records `trip` with
/// `phase` `stop`. Both carry the push's `id`. Every push is completed at once (PUSH-6), so the
/// handler never risks the 30 s kill. While a trip runs and updates arrive, each fix is recorded as
/// `fix` when ``Options/recordsFixes`` is on.
///
/// Its fate is the push's: silent pushes need the `remote-notification` mode (PUSH-1), priority 5
/// and from iOS 13 the `apns-push-type: background` header (PUSH-2, PUSH-3); the system delivers
/// about 3 per hour and holds only the newest of the rest (PUSH-4, PUSH-5), none after a force-quit
/// (PUSH-7, TERM-1) and none in Low Power Mode (PUSH-9, CONF-11). iOS 6 has no silent push at all.
/// Once a trip runs, the `location` mode keeps the app alive (LOC-1, LOC-2) until the stop push, so
/// a throttled stop push means a trip that never ends (the seed's "overlapping trips"). Cost: GPS
/// for the whole trip. App Review: low for `remote-notification`, medium for `location` unless the
/// trip is visibly user-facing (REVIEW-3).
public struct PushTrigger: Strategy {
    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// The `userInfo` key that carries the command.
        public var key: String
        /// The value that starts a trip.
        public var startValue: String
        /// The value that stops it.
        public var stopValue: String
        /// Whether a trip runs standard location updates.
        public var usesLocation: Bool
        /// `desiredAccuracy` in metres for the trip's updates (0 is best).
        public var desiredAccuracy: Double
        /// `distanceFilter` in metres.
        public var distanceFilter: Double
        /// Record every fix delivered during a trip as `fix`.
        public var recordsFixes: Bool

        /// Creates options.
        public init(
            key: String = "trip", startValue: String = "start", stopValue: String = "stop", usesLocation: Bool = true,
            desiredAccuracy: Double = 10, distanceFilter: Double = 0, recordsFixes: Bool = true
        ) {
            self.key = key
            self.startValue = startValue
            self.stopValue = stopValue
            self.usesLocation = usesLocation
            self.desiredAccuracy = desiredAccuracy
            self.distanceFilter = distanceFilter
            self.recordsFixes = recordsFixes
        }
    }

    /// The configuration.
    public var options: Options
    /// Whether a trip is running in this process.
    public private(set) var tripRunning = false

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "PushTrigger" }
    public var requirements: Requirements {
        options.usesLocation
            ? Requirements(backgroundModes: [.remoteNotification, .location], locationAuthorization: .always)
            : Requirements(backgroundModes: [.remoteNotification])
    }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .remoteNotification(let push):
            let value = push.userInfo[options.key]?.description
            if value == options.startValue {
                tripRunning = true
                let request = LocationRequest(
                    desiredAccuracy: options.desiredAccuracy, distanceFilter: options.distanceFilter,
                    pausesAutomatically: false, allowsBackgroundUpdates: true, activityType: .fitness)
                return (options.usesLocation ? [.startUpdatingLocation(request)] : [])
                    + [Self.trip("start", push, context), .completeRemoteNotification(id: push.id, result: .newData)]
            }
            if value == options.stopValue {
                tripRunning = false
                return (options.usesLocation ? [.stopUpdatingLocation] : [])
                    + [Self.trip("stop", push, context), .completeRemoteNotification(id: push.id, result: .newData)]
            }
            return [.completeRemoteNotification(id: push.id, result: .noData)]
        case .locationsUpdated(let fixes) where tripRunning && options.recordsFixes:
            return fixes.map { fix in
                .record(Record(kind: "fix", fields: [
                    Field("lat", .double(fix.coordinate.latitude)), Field("lon", .double(fix.coordinate.longitude)),
                    Field("accuracy", .double(fix.horizontalAccuracy)),
                ]))
            }
        default:
            return []
        }
    }

    private static func trip(_ phase: String, _ push: RemoteNotification, _ context: Context) -> Command {
        .record(Record(kind: "trip", fields: [
            Field("phase", .string(phase)), Field("id", .string(push.id)), Field("appState", .string(context.appState.rawValue)),
        ]))
    }
}
