import Foundation

/// Tracks the user with GPS only while they move: once still for a stop timeout it leaves a
/// stationary geofence, turns the GPS off and lets the app be suspended; the fence's exit (or, while
/// the app runs, Core Motion seeing movement) turns the GPS back on, and the activity history tells
/// when the trip really began.
///
/// The state machine:
///
/// ```
///            fix or motion: moving                 stop timeout with no sign of movement
///  launch ──▶ moving (GPS on) ──────────────────────────────────────────▶ stationary
///               ▲                                                        (fence + GPS off,
///               │   fence exit (LOC-19, LOC-21; relaunch LOC-16)           app may suspend)
///               └──────── or a moving activity while the app runs (MOTION-4) ◀──┘
///                          then: history query → the trip's true start (MOTION-3)
/// ```
///
/// - **Moving.** Standard updates at GPS accuracy with `allowsBackgroundLocationUpdates` keep the app
///   running (LOC-1, LOC-2); automatic pausing is off because it would never resume in the background
///   (LOC-5). Every fix faster than ``Options/movingSpeed`` and every travelling activity (MOTION-1)
///   is a sign of movement; the stop timer fires ``Options/stopTimeout`` after the last one.
/// - **Stationary.** A circular region of ``Options/stationaryRadius`` (≥100 m, LOC-20) around the last
///   fix; the GPS is off. Leaving it needs ≈200 m past the edge for ≥20 s (LOC-19), which wakes or
///   relaunches the app (LOC-16, LOC-21) some radius + 200 m into the trip. With Motion & Fitness and
///   ``Options/watchesMotionWhileStationary`` the app stays running on cell-only updates (LOC-6), so
///   the activity updates it could not get while suspended (MOTION-4) arrive, and GPS resumes within
///   Core Motion's detection lag instead.
/// - **Trip start.** On resuming, the strategy queries the activity history (MOTION-3) and records a
///   `tripStart` at the first travelling activity after the last still one: the trip's true start at
///   the fence's centre, instead of the point ≈200 m later where the GPS came back.
///
/// Without Motion & Fitness (denied, restricted, no coprocessor, or ``Options/usesMotion`` off) it
/// still works on fixes and the fence alone, and records once what it loses (`motionUnavailable`):
/// GPS resumes only on the fence exit, so each trip starts ≈radius + 200 m late, and the start cannot
/// be recovered. Needs Always authorization (region relaunches, LOC-16), the `location` mode and,
/// with motion, `NSMotionUsageDescription` (MOTION-2).
public struct MotionAwareTracking: Strategy {
    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// Seconds without a sign of movement before the GPS goes off.
        public var stopTimeout: TimeInterval
        /// The stationary fence's radius in metres (≥100 m recommended, LOC-20).
        public var stationaryRadius: Double
        /// `desiredAccuracy` while moving, in metres.
        public var desiredAccuracy: Double
        /// `distanceFilter` while moving, in metres.
        public var distanceFilter: Double
        /// A fix at least this fast (m/s) counts as movement.
        public var movingSpeed: Double
        /// Whether to use Core Motion at all (needs Motion & Fitness, MOTION-2).
        public var usesMotion: Bool
        /// Keep the app running on cell-only updates while stationary (LOC-6), so that activity
        /// updates arrive (MOTION-4) and resume the GPS before the fence's exit would.
        public var watchesMotionWhileStationary: Bool
        /// How far back the history is searched after a relaunch, when the stationary time is lost
        /// with the process (at most 7 days, MOTION-3).
        public var historyLookback: TimeInterval

        /// Creates options.
        public init(
            stopTimeout: TimeInterval = 300, stationaryRadius: Double = 100, desiredAccuracy: Double = 10,
            distanceFilter: Double = 10, movingSpeed: Double = 1, usesMotion: Bool = true,
            watchesMotionWhileStationary: Bool = true, historyLookback: TimeInterval = 3600
        ) {
            self.stopTimeout = stopTimeout
            self.stationaryRadius = stationaryRadius
            self.desiredAccuracy = desiredAccuracy
            self.distanceFilter = distanceFilter
            self.movingSpeed = movingSpeed
            self.usesMotion = usesMotion
            self.watchesMotionWhileStationary = watchesMotionWhileStationary
            self.historyLookback = historyLookback
        }
    }

    /// Where the state machine is.
    public enum Phase: String, Sendable, Hashable, Codable, CaseIterable {
        /// GPS on.
        case moving
        /// GPS off, inside the stationary fence.
        case stationary
    }

    /// The stationary fence's region identifier.
    public static let regionID: RegionID = "MotionAwareTracking.stationary"
    /// The stop timer.
    public static let stopTimer: TimerID = "MotionAwareTracking.stop"
    /// The record of a trip's start.
    public static let tripStartKind = "tripStart"
    /// The record of entering the stationary phase.
    public static let stationaryKind = "stationary"
    /// The record of what the strategy loses without Core Motion.
    public static let motionUnavailableKind = "motionUnavailable"
    /// The maximum history Core Motion keeps (MOTION-3).
    public static let historyRetention: TimeInterval = 7 * 86_400

    /// The configuration.
    public var options: Options
    /// The current phase.
    public private(set) var phase = Phase.moving
    /// Whether Core Motion answers: nil until its first answer (MOTION-2).
    public private(set) var motion: Bool?
    /// The last fix, where the stationary fence goes.
    private var lastFix: LocationFix?
    /// The last sign of movement: a fast fix or a travelling activity.
    private var lastMovement: TimeInterval?
    /// The latest activity Core Motion reported.
    private var activity: MotionActivity?
    /// When the user stopped, set on entering the stationary phase (a relaunch starts moving).
    private var stillSince: TimeInterval?
    /// The fence's centre while stationary.
    private var fenceCenter: Coordinate?
    /// Set while a history answer should give the trip's start: when the GPS resumed.
    private var resumedAt: TimeInterval?
    /// Whether the fence is to be placed on the next fix.
    private var fenceWanted = false

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "MotionAwareTracking" }

    public var requirements: Requirements {
        var findings: [ReviewFinding] = []
        if options.usesMotion && options.watchesMotionWhileStationary {
            findings.append(
                ReviewFinding(
                    subject: "cell-only keep-alive while stationary", level: .low, guideline: "2.5.4, 5.1.5",
                    rules: ["LOC-6", "REVIEW-3"],
                    note:
                        "the app stays running on 3 km updates while the user is still; acceptable for a visible tracking feature"
                ))
        }
        return Requirements(
            backgroundModes: [.location], locationAuthorization: .always, reviewFindings: findings,
            // What a lesser location permission withholds (AUTH-6, LOC-4, LOC-16).
            locationCapabilities: [.backgroundUpdates, .backgroundStart, .relaunch, .regionMonitoring, .preciseFixes],
            usageDescriptions: options.usesMotion ? [.motion] : [])
    }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .didFinishLaunching(let reason):
            return launch(reason, context)
        case .locationsUpdated(let fixes):
            guard let fix = fixes.last, fix.horizontalAccuracy <= 100 else { return [] }  // GPS fixes only
            return fixed(fix, context)
        case .activityUpdated(let update):
            return activityChanged(update, context)
        case .activityHistory(let history):
            return answered(history, context)
        case .motionAuthorizationChanged(let status) where status != .notDetermined:
            return motionSettled(status.allowsActivity, why: status.rawValue, context)
        case .timerFired(Self.stopTimer):
            return stopTimerFired(context)
        case .regionExited(Self.regionID):
            return phase == .stationary ? resume(because: "fenceExit", context) : []
        default:
            return []
        }
    }

    // MARK: Moving

    /// A new process knows nothing: start moving, and let the history say whether the user is still.
    private mutating func launch(_ reason: LaunchReason, _ context: Context) -> [Command] {
        phase = .moving
        lastMovement = context.now
        // A relaunch by the fence's exit (LOC-16) resumes a trip: the fence has done its work.
        let relaunchedByFence = reason == .region
        resumedAt = relaunchedByFence ? context.now : nil
        var commands: [Command] = [.stopMonitoring(Self.regionID), .startUpdatingLocation(gpsRequest)]
        commands += armStopTimer(context)
        if options.usesMotion {
            commands += [.startActivityUpdates, historyQuery(from: context.now - options.historyLookback, context)]
        } else {
            commands += motionSettled(false, why: "usesMotion is off", context)
            if relaunchedByFence {
                resumedAt = nil
                commands.append(tripStart(at: context.now, recovered: false, cause: "fenceExit", context))
            }
        }
        return commands
    }

    private mutating func fixed(_ fix: LocationFix, _ context: Context) -> [Command] {
        guard phase == .moving else { return [] }
        lastFix = fix
        if fix.speed >= options.movingSpeed { lastMovement = max(lastMovement ?? fix.timestamp, fix.timestamp) }
        return fenceWanted ? enterStationary(context) : []
    }

    private mutating func activityChanged(_ update: MotionActivity, _ context: Context) -> [Command] {
        activity = update
        guard update.isTravelling else { return [] }
        // MOTION-1: automotive + stationary at a light still counts as travelling.
        lastMovement = context.now
        // MOTION-4: the update reached a running app, so GPS can resume before the fence's exit.
        return phase == .stationary ? resume(because: "motion", context) : []
    }

    /// The stop timer: still long enough, or re-armed from the last sign of movement.
    private mutating func stopTimerFired(_ context: Context) -> [Command] {
        guard phase == .moving else { return [] }
        if activity?.isTravelling == true { lastMovement = context.now }
        guard let last = lastMovement, context.now - last >= options.stopTimeout else { return armStopTimer(context) }
        guard lastFix != nil else {
            fenceWanted = true  // placed on the next fix
            return []
        }
        return enterStationary(context)
    }

    private func armStopTimer(_ context: Context) -> [Command] {
        let due = (lastMovement ?? context.now) + options.stopTimeout
        return [.setTimer(TimerRequest(id: Self.stopTimer, due: due, now: context.now))]
    }

    // MARK: Stationary

    private mutating func enterStationary(_ context: Context) -> [Command] {
        guard let fix = lastFix else { return [] }
        fenceWanted = false
        phase = .stationary
        let since = lastMovement ?? context.now
        stillSince = since
        fenceCenter = fix.coordinate
        let fence = MonitoredRegion(
            id: Self.regionID, shape: .circle(center: fix.coordinate, radius: options.stationaryRadius))
        // LOC-18: registered from inside, it yields no entry; only its exit matters.
        var commands: [Command] = [.stopUpdatingLocation, .cancelTimer(Self.stopTimer), .startMonitoring(fence)]
        let watches = options.watchesMotionWhileStationary && motion == true
        if watches { commands.append(.startUpdatingLocation(LowPowerLocationKeepAlive().locationRequest)) }  // LOC-6
        commands.append(
            .record(
                Record(
                    kind: Self.stationaryKind,
                    fields: [
                        Field("since", .double(since)),
                        Field("lat", .double(fix.coordinate.latitude)), Field("lon", .double(fix.coordinate.longitude)),
                        Field("radius", .double(options.stationaryRadius)),
                        Field("resumesOn", .string(watches ? "motion or fence exit" : "fence exit")),
                    ])))
        return commands
    }

    /// Back to moving: GPS on, the fence gone, and the history asked when the trip began.
    private mutating func resume(because cause: String, _ context: Context) -> [Command] {
        phase = .moving
        lastMovement = context.now
        resumedAt = context.now
        var commands: [Command] = [
            .startUpdatingLocation(gpsRequest), .stopMonitoring(Self.regionID),
        ]
        commands += armStopTimer(context)
        if motion == true {
            commands.append(historyQuery(from: stillSince ?? context.now - options.historyLookback, context))
        } else {
            commands.append(tripStart(at: context.now, recovered: false, cause: cause, context))
        }
        return commands
    }

    // MARK: Core Motion

    /// The history answer: the trip's start after a resume, or at launch how long the user has been still.
    private mutating func answered(_ history: MotionActivityHistory, _ context: Context) -> [Command] {
        if let error = history.error {
            var commands = motionSettled(false, why: error.rawValue, context)
            if let resumed = resumedAt {
                resumedAt = nil
                commands.append(tripStart(at: resumed, recovered: false, cause: "noHistory", context))
            }
            return commands
        }
        var commands = motion == nil ? motionSettled(true, why: "authorized", context) : []
        let activities = history.activities.sorted { $0.start < $1.start }
        if let resumed = resumedAt {
            resumedAt = nil
            let lastStill = activities.lastIndex { $0.isStill && $0.start <= resumed }
            let trip = activities[(lastStill.map { $0 + 1 } ?? 0)...].first {
                $0.isTravelling && $0.start <= resumed
            }
            // MOTION-3: the start the coprocessor saw, where the GPS could not.
            commands.append(
                tripStart(at: trip?.start ?? resumed, recovered: trip != nil, cause: "history", context))
        } else if phase == .moving, let current = activities.last, current.isStill,
            current.confidence >= .medium
        {
            // At launch: still since the current activity began, which may be long before the process.
            lastMovement = min(lastMovement ?? context.now, current.start)
            commands += armStopTimer(context)
        }
        return commands
    }

    /// The first answer of Core Motion settles whether it can be used; without it, say what is lost.
    private mutating func motionSettled(_ available: Bool, why: String, _ context: Context) -> [Command] {
        guard motion == nil || (motion == true && !available) else { return [] }
        motion = available
        guard !available else { return [] }
        return [
            .record(
                Record(
                    kind: Self.motionUnavailableKind,
                    fields: [
                        Field("why", .string(why)),
                        Field(
                            "loses",
                            .string(
                                "GPS resumes only on the stationary fence's exit, about radius + 200 m into each trip (LOC-19), and the trip's start cannot be recovered (MOTION-3)"
                            )),
                    ]))
        ]
    }

    private func historyQuery(from: TimeInterval, _ context: Context) -> Command {
        // MOTION-3: Core Motion keeps at most 7 days.
        .queryActivityHistory(from: max(from, context.now - Self.historyRetention), to: context.now)
    }

    private func tripStart(at start: TimeInterval, recovered: Bool, cause: String, _ context: Context) -> Command {
        var fields = [
            Field("start", .double(start)), Field("recovered", .bool(recovered)),
            Field("lateBy", .double(((context.now - start) * 1000).rounded() / 1000)), Field("cause", .string(cause)),
        ]
        if let center = fenceCenter {
            fields += [Field("lat", .double(center.latitude)), Field("lon", .double(center.longitude))]
        }
        return .record(Record(kind: Self.tripStartKind, fields: fields))
    }

    // MARK: Requests

    /// Standard updates while moving: GPS, never paused (LOC-5), in the background (LOC-1).
    private var gpsRequest: LocationRequest {
        LocationRequest(
            desiredAccuracy: options.desiredAccuracy, distanceFilter: options.distanceFilter,
            // LOC-30: GPS resumed at a fence's relaunch needs the indicator to keep running on 16.4+.
            pausesAutomatically: false, allowsBackgroundUpdates: true, showsBackgroundIndicator: true,
            activityType: .otherNavigation)
    }
}

extension MotionAwareTracking.Options: RangeCheckedOptions {
    public var rangeViolations: [OptionRangeViolation] {
        [
            OptionRange.accuracy("desiredAccuracy", desiredAccuracy),
            OptionRange.distanceFilter("distanceFilter", distanceFilter),
            OptionRange.positive("historyLookback", historyLookback, unit: "seconds"),
            OptionRange.nonNegative("movingSpeed", movingSpeed, unit: "metres per second"),
            OptionRange.positive("stationaryRadius", stationaryRadius, unit: "metres"),
            OptionRange.positive("stopTimeout", stopTimeout, unit: "seconds"),
        ].compactMap { $0 }
    }
}

extension MotionActivity {
    /// Moving, and sure enough of it to act on (MOTION-1: medium or high confidence).
    fileprivate var isTravelling: Bool { isMoving && confidence >= .medium }
}
