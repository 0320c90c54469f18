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
/// up to about 6 per hour and holds only the newest of the rest (PUSH-4, PUSH-5), a push to a
/// suspended app on an idle phone 7–10 min late (PUSH-8), none after a force-quit
/// (PUSH-7, TERM-1) and none in Low Power Mode (PUSH-9, CONF-11). iOS 6 has no silent push at all.
/// Once a trip runs, the `location` mode keeps the app alive (LOC-1, LOC-2) until the stop push, so
/// a throttled stop push means a trip that never ends (the seed's "overlapping trips"). Cost: GPS
/// for the whole trip. App Review: low for `remote-notification`, medium for `location` unless the
/// trip is visibly user-facing (REVIEW-3).
///
/// With ``Options/uploadsOnStop`` the stop push also starts a background `URLSession` upload of the
/// trip's fixes ("upload at trip end"; assumption: 64 bytes per fix collected during the
/// trip) on the session ``Options/uploadSession``. The transfer runs in the daemon (URLS-1), so it
/// completes while the app is suspended; its outcome is recorded as `upload` (or `uploadFailed`) when
/// `urlSessionTaskCompleted` arrives, and the events handler is completed after
/// `handleEventsForBackgroundURLSession`. No stop push after a force-quit (PUSH-7) means no upload,
/// and a force-quit cancels a transfer in flight (URLS-5).
///
/// What it loses (with location): under When-In-Use a push cannot start updates in the background
/// (LOC-4), so no trip is recorded; with Precise Location off a trip gets ≈4 fixes an hour,
/// 1–20 km off (AUTH-6).
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
        /// Upload the trip's fixes through a background session at the stop push (URLS-1).
        public var uploadsOnStop: Bool
        /// The background session's identifier for the trip upload.
        public var uploadSession: String

        /// Creates options.
        public init(
            key: String = "trip", startValue: String = "start", stopValue: String = "stop", usesLocation: Bool = true,
            desiredAccuracy: Double = 10, distanceFilter: Double = 0, recordsFixes: Bool = true,
            uploadsOnStop: Bool = false, uploadSession: String = "wakeful.trip"
        ) {
            self.key = key
            self.startValue = startValue
            self.stopValue = stopValue
            self.usesLocation = usesLocation
            self.desiredAccuracy = desiredAccuracy
            self.distanceFilter = distanceFilter
            self.recordsFixes = recordsFixes
            self.uploadsOnStop = uploadsOnStop
            self.uploadSession = uploadSession
        }
    }

    /// Bytes uploaded per fix collected during a trip (assumption: 64, a compact binary fix).
    public static let bytesPerFix = 64
    /// Fires just after the session's outcomes were delivered: `urlSessionDidFinishEvents`.
    public static let finishEvents: TimerID = "PushTrigger.finishEvents"

    /// The configuration.
    public var options: Options
    /// Whether a trip is running in this process.
    public private(set) var tripRunning = false
    /// Fixes delivered during the current trip (for the upload at its end).
    public private(set) var tripFixes = 0
    private var handlerPending = false

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "PushTrigger" }
    public var requirements: Requirements {
        options.usesLocation
            ? Requirements(
                backgroundModes: [.remoteNotification, .location], locationAuthorization: .always,
                locationCapabilities: [.backgroundStart, .backgroundUpdates, .preciseFixes])
            : Requirements(backgroundModes: [.remoteNotification])
    }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .remoteNotification(let push):
            let value = push.userInfo[options.key]?.description
            if value == options.startValue {
                tripRunning = true
                tripFixes = 0
                let request = LocationRequest(
                    desiredAccuracy: options.desiredAccuracy, distanceFilter: options.distanceFilter,
                    pausesAutomatically: false, allowsBackgroundUpdates: true,
                    showsBackgroundIndicator: true,  // LOC-30: a push relaunch starts the trip
                    activityType: .fitness)
                return (options.usesLocation ? [.startUpdatingLocation(request)] : [])
                    + [Self.trip("start", push, context), .completeRemoteNotification(id: push.id, result: .newData)]
            }
            if value == options.stopValue {
                let fixes = tripRunning ? tripFixes : 0
                tripRunning = false
                tripFixes = 0
                // URLS-1: the upload is handed to the daemon before the push is completed (PUSH-6).
                let upload: [Command] =
                    options.uploadsOnStop
                    ? [
                        .startTransfer(
                            TransferRequest(
                                session: options.uploadSession, taskDescription: "trip \(push.id)", direction: .upload,
                                bytes: Self.bytesPerFix * fixes))
                    ]
                    : []
                return (options.usesLocation ? [.stopUpdatingLocation] : [])
                    + [Self.trip("stop", push, context)] + upload + [
                        .completeRemoteNotification(id: push.id, result: .newData)
                    ]
            }
            return [.completeRemoteNotification(id: push.id, result: .noData)]
        case .urlSessionEvents(let session) where options.uploadsOnStop && session == options.uploadSession:
            handlerPending = true
            return [.setTimer(TimerRequest(id: Self.finishEvents, interval: 0.001))]
        case .timerFired(Self.finishEvents):
            guard handlerPending else { return [] }
            handlerPending = false
            return [.completeBackgroundEvents(session: options.uploadSession)]
        case .urlSessionTaskCompleted(let result)
        where options.uploadsOnStop && result.sessionIdentifier == options.uploadSession:
            let accepted = result.statusCode.map { (200..<300).contains($0) } ?? false
            return [
                .record(
                    Record(
                        kind: accepted ? "upload" : "uploadFailed",
                        fields: [
                            Field("task", .string(result.taskDescription)),
                            Field("appState", .string(context.appState.rawValue)),
                        ]
                            + (accepted
                                ? [] : [Field("error", .string(result.error ?? "HTTP \(result.statusCode ?? 0)"))])))
            ]
        case .locationsUpdated(let fixes) where tripRunning:
            tripFixes += fixes.count
            guard options.recordsFixes else { return [] }
            return fixes.map { fix in
                .record(
                    Record(
                        kind: "fix",
                        fields: [
                            Field("lat", .double(fix.coordinate.latitude)),
                            Field("lon", .double(fix.coordinate.longitude)),
                            Field("accuracy", .double(fix.horizontalAccuracy)),
                        ]))
            }
        default:
            return []
        }
    }

    private static func trip(_ phase: String, _ push: RemoteNotification, _ context: Context) -> Command {
        .record(
            Record(
                kind: "trip",
                fields: [
                    Field("phase", .string(phase)), Field("id", .string(push.id)),
                    Field("appState", .string(context.appState.rawValue)),
                ]))
    }
}

extension PushTrigger.Options: RangeCheckedOptions {
    public var rangeViolations: [OptionRangeViolation] {
        [
            OptionRange.accuracy("desiredAccuracy", desiredAccuracy),
            OptionRange.distanceFilter("distanceFilter", distanceFilter),
        ].compactMap { $0 }
    }
}
