import Foundation

/// Tracking on a schedule (Radar's `startTrackingAfter`/`stopTrackingAfter`, transistorsoft's
/// `schedule`): GPS tracking inside the windows of a ``TrackingSchedule``, none outside, each
/// location inside a window recorded as ``LocationLogger`` records it.
///
/// The honest part is when the switch happens. Code runs only when iOS runs the app, so:
/// - **switching off** is on time while tracking keeps the app running in the background (LOC-6): a
///   timer fires at the window's end;
/// - **switching on** needs a wake, and a suspended app's timers do not fire. Out of hours the
///   strategy keeps one of three ``OffHours`` wake sources: `significantChange` (default: the
///   significant-change service relaunches the app after about 500 m of movement, LOC-10 to LOC-12,
///   and a `BGAppRefreshTask` asks for a launch at the window's start, which iOS grants at its own
///   time, BGT-3, BGT-11), `keepAlive` (coarse 3 km updates keep the app running so the timer is
///   on time, LOC-6, at a cost in energy and App Review risk), or `timerOnly` (nothing: the switch
///   waits for the user to open the app).
///
/// Each switch is a `trackingSwitched` record with `on`, `boundary` (when the schedule switched, in
/// context seconds) and `lateBy` (seconds after it); a relaunched process that finds the window
/// open records its switch again with the same boundary. Out of hours no location is recorded,
/// whatever the wake source delivers.
public struct ScheduledTracking: Strategy {
    /// What wakes the app out of hours, so that it can switch tracking on.
    public enum OffHours: String, Sendable, Hashable, Codable, CaseIterable {
        /// Significant-change monitoring and a refresh task for the window's start.
        case significantChange
        /// Coarse location updates that keep the app running (LOC-6).
        case keepAlive
        /// Nothing: only the user opening the app switches tracking on.
        case timerOnly
    }

    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// When to track.
        public var schedule: TrackingSchedule
        /// What wakes the app out of hours.
        public var offHours: OffHours
        /// The accuracy asked for while tracking, in metres.
        public var desiredAccuracy: Double
        /// The distance filter while tracking, in metres.
        public var distanceFilter: Double
        /// The refresh task's identifier (BGTaskSchedulerPermittedIdentifiers, BGT-9).
        public var refreshIdentifier: String

        /// Creates options; the default schedule is weekdays 08:00–18:00.
        public init(
            schedule: TrackingSchedule = .workdays, offHours: OffHours = .significantChange,
            desiredAccuracy: Double = 10, distanceFilter: Double = 25,
            refreshIdentifier: String = "com.wakeful.schedule"
        ) {
            self.schedule = schedule
            self.offHours = offHours
            self.desiredAccuracy = desiredAccuracy
            self.distanceFilter = distanceFilter
            self.refreshIdentifier = refreshIdentifier
        }
    }

    /// The record kind of a switch.
    public static let switchKind = "trackingSwitched"
    /// The timer set for the schedule's next switch.
    public static let switchTimer: TimerID = "ScheduledTracking.switch"

    /// The configuration.
    public var options: Options
    /// Whether this process tracks now.
    public private(set) var tracking = false
    /// When this process's switch timer is due: it is set again only when that changes, not on
    /// every fix.
    private var timerDue: TimeInterval?
    private var logger = LocationLogger()

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "ScheduledTracking" }

    public var requirements: Requirements {
        // LOC-6 tracking in the background, started at a background wake (LOC-4: Always); LOC-12
        // relaunch by significant changes needs Always (LOC-16); the refresh task needs `fetch`
        // and a permitted identifier (BGT-9); the track needs fixes of metres (AUTH-6).
        let capabilities: [LocationCapability] = [.backgroundUpdates, .backgroundStart, .preciseFixes]
        switch options.offHours {
        case .significantChange:
            return Requirements(
                backgroundModes: [.location, .fetch], locationAuthorization: .always,
                taskIdentifiers: [options.refreshIdentifier], locationCapabilities: capabilities + [.relaunch])
        case .keepAlive, .timerOnly:
            return Requirements(
                backgroundModes: [.location], locationAuthorization: .always, locationCapabilities: capabilities)
        }
    }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        var commands: [Command] = []
        switch event {
        case .didFinishLaunching:
            // A new process has nothing running (LOC-12 relaunches start bare): out of hours it
            // sets up the wake source at once, in hours the switch below starts tracking.
            tracking = false
            timerDue = nil  // timers belong to the process
            if let local = context.localTime, !options.schedule.isActive(at: local) {
                commands += offHoursCommands(context, next: options.schedule.untilNextSwitch(after: local))
            }
        case .timerFired(Self.switchTimer):
            timerDue = nil
        case .locationsUpdated, .significantLocationChange, .visit:
            if tracking { commands += logger.handle(event, in: context) }
        case .scheduledTaskLaunched(let launch) where launch.identifier == options.refreshIdentifier:
            commands.append(.completeScheduledTask(identifier: launch.identifier, success: true))
        default:
            break
        }
        return commands + reconcile(context)
    }

    /// Switches tracking to what the schedule wants now, and sets the timer for the next switch.
    private mutating func reconcile(_ context: Context) -> [Command] {
        guard let local = context.localTime else { return [] }
        var commands: [Command] = []
        let wanted = options.schedule.isActive(at: local)
        let next = options.schedule.untilNextSwitch(after: local)
        if wanted != tracking {
            tracking = wanted
            let late = options.schedule.sinceLastSwitch(at: local) ?? 0
            // To the millisecond, so that every process names the same moment the same way.
            let boundary = ((context.now - late) * 1000).rounded() / 1000
            commands.append(
                .record(
                    Record(
                        kind: Self.switchKind,
                        fields: [
                            Field("on", .bool(wanted)), Field("boundary", .double(boundary)),
                            Field("lateBy", .double(late)), Field("appState", .string(context.appState.rawValue)),
                        ])))
            commands += wanted ? [.startUpdatingLocation(trackingRequest)] : offHoursCommands(context, next: next)
        }
        // To the millisecond, as the boundary, so that rounding does not re-arm the same timer.
        if let next, case let due = ((context.now + next) * 1000).rounded() / 1000, timerDue != due {
            timerDue = due
            commands.append(.setTimer(TimerRequest(id: Self.switchTimer, due: due, now: context.now)))
        }
        return commands
    }

    /// Out of hours: stop tracking and keep the chosen wake source for the next window.
    private func offHoursCommands(_ context: Context, next: TimeInterval?) -> [Command] {
        switch options.offHours {
        case .significantChange:
            var commands: [Command] = [.stopUpdatingLocation, .startMonitoringSignificantLocationChanges]
            if let next {
                commands.append(
                    .submitTaskRequest(
                        TaskRequest(
                            identifier: options.refreshIdentifier, kind: .appRefresh,
                            earliestBeginDate: context.now + next)))
            }
            return commands
        case .keepAlive:
            // LOC-2, LOC-6: coarse updates with background updates allowed keep the app running.
            return [.startUpdatingLocation(LowPowerLocationKeepAlive().locationRequest)]
        case .timerOnly:
            return [.stopUpdatingLocation]
        }
    }

    private var trackingRequest: LocationRequest {
        LocationRequest(
            desiredAccuracy: options.desiredAccuracy, distanceFilter: options.distanceFilter,
            // LOC-30: switching on at a background relaunch needs the indicator on 16.4+.
            pausesAutomatically: false, allowsBackgroundUpdates: true, showsBackgroundIndicator: true)
    }
}

extension TrackingSchedule {
    /// Weekdays, 08:00 to 18:00.
    public static let workdays = TrackingSchedule(windows: [
        Window(days: [.monday, .tuesday, .wednesday, .thursday, .friday], start: "08:00", end: "18:00")
    ])
}

extension ScheduledTracking.Options: RangeCheckedOptions {
    public var rangeViolations: [OptionRangeViolation] {
        [
            OptionRange.accuracy("desiredAccuracy", desiredAccuracy),
            OptionRange.distanceFilter("distanceFilter", distanceFilter),
        ].compactMap { $0 }
    }
}
