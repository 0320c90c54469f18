import Foundation

/// Any number of geofences on iOS's 20 region slots: the nearest 19 are monitored, and a swap fence
/// around the device says when to choose again.
///
/// iOS monitors at most 20 regions per app (LOC-17, LOC-24; `CLMonitor` keeps the limit, CLMON-1).
/// The set registers any number of ``Geofence``s and, as a state machine:
///
/// 1. **Locating.** At launch, and whenever the swap fence is exited, it needs the device's
///    position: it asks for one fix (`requestLocation`, about a second) and holds a background task
///    so that the fix can arrive after the ≈10 s a region wake gives (LOC-21, LOC-33). Any fix
///    that comes in the meantime, from updates or the significant-change service, will do.
/// 2. **Monitoring.** With a fix it keeps the fences nearest to it (``GeofenceSelection``): it
///    stops the regions no longer wanted, starts the new ones with a `requestState` each (a fence
///    the device is already inside reports no entry, LOC-18), moves the swap fence to the fix and
///    ends its task. While standard updates run it also chooses again on any fix half a swap
///    radius away from the last centre.
/// 3. **No fix in the window.** When the task expires with no fix, or Core Location reports that the
///    fix failed (``Event/locationRequestFailed(_:)``, which ends the task at once), the fences stay
///    as they are and the set starts the significant-change service (LOC-10), which wakes the app
///    with a fix after ≈500 m of movement (LOC-12); that fix completes the swap and the service is
///    stopped again.
///
/// Entries, exits and dwells are records with the fence's identifier (`fence`): `geofenceEntered`
/// (with `via`: `region`, `state` after a `requestState`, or `fix` for a polygon),
/// `geofenceExited`, and `geofenceDwell` (`since`, `seconds`) once the device has been inside for
/// the fence's dwell time. A polygon is monitored as the circle around it and its entry is
/// recorded only when a fix falls inside the polygon (``PolygonContainment``). A dwell is
/// noticed while the app runs (a timer at the due time) or at its next wake, at the latest the
/// fence's exit; its entry time survives a relaunch in the region's identifier (``GeofenceDwell``).
///
/// Each stay is recorded once, also across processes: the set saves the fences it is inside and
/// the dwells it recorded (``takeChangedState()``), and the ``Agent`` writes them in the
/// transaction of the records, so a process killed right after recording an entry leaves a
/// successor that knows of it and does not record it again when `requestState` answers `inside`.
///
/// When iOS refuses a region for the limit (LOC-17: slots held by regions a previous process chose,
/// or by another feature), the set first stops every region of its fences it does not want and
/// tries again; if that fails too it gives up one slot for good and monitors one fence fewer.
///
/// With ``Options/api`` set to ``API/monitor`` the same choices are made on a `CLMonitor` (iOS
/// 17+, LOC-24) instead: see ``MonitorPath``.
///
/// ```swift
/// let set = GeofenceSet(options: .init(fences: dropPoints.map {
///     Geofence(id: RegionID($0.id), center: $0.coordinate, radius: 100, dwell: 120)
/// }))
/// ```
public struct GeofenceSet: Strategy {
    /// The record kind of an entry.
    public static let enteredKind = "geofenceEntered"
    /// The record kind of an exit.
    public static let exitedKind = "geofenceExited"
    /// The record kind of a dwell.
    public static let dwellKind = "geofenceDwell"
    /// The record kind of a fence iOS will not monitor (other than for the limit).
    public static let failedKind = "geofenceFailed"
    /// The swap fence's region identifier.
    public static let swapRegionID: RegionID = "GeofenceSet.swap"
    /// The timer that fires when the earliest dwell falls due.
    public static let dwellTimer: TimerID = "GeofenceSet.dwell"
    /// The owner of its background tasks.
    public static let ownerName = "GeofenceSet"
    /// The name of its `CLMonitor` on the monitor path.
    public static let monitorName = "GeofenceSet"

    /// The configuration.
    public let options: Options
    /// Fence indices by identifier.
    let indices: [RegionID: Int]

    /// The region identifier each monitored fence uses, by fence index, as far as this process knows.
    public internal(set) var monitored: [Int: RegionID] = [:]
    /// Whether this process has chosen fences yet; before that, regions a previous process chose may
    /// still be monitored.
    public internal(set) var hasSelected = false
    /// The swap fence's centre and radius, when one is monitored.
    public internal(set) var swap: (center: Coordinate, radius: Double)?
    /// Whether it waits for a fix to choose fences.
    public internal(set) var awaitingFix = false
    /// Whether the significant-change service runs as the fallback for a missed fix.
    public internal(set) var fallbackRunning = false
    /// Since when the device is inside each fence, by fence index.
    public internal(set) var inside: [Int: TimeInterval] = [:] {
        didSet { if inside != oldValue { staysChanged = true } }
    }
    /// Fences whose dwell has been recorded during the current stay.
    public internal(set) var dwelt: Set<Int> = [] { didSet { if dwelt != oldValue { staysChanged = true } } }
    /// Whether `inside` or `dwelt` changed since the agent last took the state to save.
    var staysChanged = false
    /// Polygon fences whose circle was entered, waiting for a fix inside the polygon.
    public internal(set) var unconfirmed: Set<Int> = []
    /// Fences whose state this process has heard of.
    var heardOf: Set<Int> = []
    /// Fences iOS refused for a reason other than the limit: never asked for again.
    public internal(set) var refused: Set<Int> = []
    /// Slots given up after a second refusal for the limit.
    public internal(set) var lostSlots = 0
    /// The due time of the dwell timer set last, if it is still wanted.
    var dwellTimerDue: TimeInterval?
    /// Whether it has stopped the regions it does not want after a refusal for the limit.
    var swept = false
    var task = BackgroundTaskSlot(owner: GeofenceSet.ownerName)
    /// The `CLMonitor` the fences are kept on, when ``Options/api`` asks for one.
    public internal(set) var monitorPath: MonitorPath

    /// Creates the feature.
    public init(options: Options) {
        self.options = options
        var indices: [RegionID: Int] = [:]
        for (index, fence) in options.fences.enumerated() where indices[fence.id] == nil { indices[fence.id] = index }
        self.indices = indices
        monitorPath = MonitorPath(active: options.api == .monitor)
    }

    public var name: String { "GeofenceSet" }
    public var requirements: Requirements {
        // LOC-16: region events relaunch the app only with Always authorization; AUTH-6: no
        // geofences with reduced accuracy, and swaps need a fix of metres.
        // BGT-4, BGT-9: a refresh task for dwells needs the fetch mode and its identifier listed.
        let refresh = options.dwellRefreshIdentifier
        return Requirements(
            backgroundModes: refresh == nil ? [] : [.fetch], locationAuthorization: .always,
            taskIdentifiers: refresh.map { [$0] } ?? [],
            locationCapabilities: [.relaunch, .regionMonitoring, .preciseFixes])
    }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        monitorPath.active ? handleOnMonitor(event, context) : handleRegions(event, context)
    }

    /// The state machine in region terms: regions, `requestState` and their events.
    mutating func handleRegions(_ event: Event, _ context: Context) -> [Command] {
        if let answer = task.answer(event) {
            guard case .backgroundTaskExpiring = event, awaitingFix else { return answer }
            return answer + fixMissed()
        }
        var commands: [Command]
        switch event {
        case .didFinishLaunching:
            commands = launched(context)
        case .locationsUpdated(let fixes):
            commands = fixes.last.map { fixArrived($0, context) } ?? []
        case .significantLocationChange(let fix):
            commands = fixArrived(fix, context)
        case .locationRequestFailed:
            // No fix will come (CLLocationManager.h): fall back now rather than when the task expires.
            commands = awaitingFix ? fixMissed() + task.endOpen() : []
        case .regionExited(Self.swapRegionID):
            commands = locate()
        case .regionEntered(let id):
            commands = reported(id).map { entered($0, region: id, via: "region", context) } ?? []
        case .regionExited(let id):
            commands = reported(id).map { exited($0, region: id, context) } ?? []
        case .regionStateDetermined(let id, let state):
            commands = reported(id).map { stateDetermined($0, region: id, state, context) } ?? []
        case .regionMonitoringFailed(let id, let failure):
            commands = monitoringFailed(id, failure, context)
        default:
            commands = []
        }
        // A dwell is noticed on whatever runs the app: its timer, its refresh task, or any other
        // event (LOC-21).
        if !inside.isEmpty || dwellTimerDue != nil { commands += dwellsDue(context) }
        if case .scheduledTaskLaunched(let launch) = event, launch.identifier == options.dwellRefreshIdentifier {
            // The dwells above were all it was for (BGT-4: 30 s at most).
            commands.append(.completeScheduledTask(identifier: launch.identifier, success: true))
        }
        return commands
    }

    /// The fence a region of the set belongs to. An event for it also says that iOS monitors the
    /// fence under that identifier, which a relaunched process learns this way.
    mutating func reported(_ id: RegionID) -> Int? {
        guard let index = indices[GeofenceDwell.parse(id).fence] else { return nil }
        if monitored[index] == nil { monitored[index] = id }
        return index
    }

    /// The slots the fences may use, the swap fence included.
    var slots: Int { max(1, options.regionSlots - lostSlots) }

    /// Whether the fences need choosing by position (more of them than slots).
    var choosesByPosition: Bool {
        options.selection == .nearest && options.fences.count - refused.count > slots
    }

    private mutating func launched(_ context: Context) -> [Command] {
        // A new process knows nothing of what the last one monitored (LOC-16).
        guard choosesByPosition else { return select(around: nil) }
        return locate()
    }

    /// Asks for a fix and holds a task for it: a region wake alone lasts ≈10 s (LOC-21, LOC-33).
    mutating func locate() -> [Command] {
        // A relaunch for the swap fence's exit asks at launch already.
        guard !awaitingFix else { return [] }
        awaitingFix = true
        return task.begin() + [.requestLocation]
    }

    private mutating func fixArrived(_ fix: LocationFix, _ context: Context) -> [Command] {
        var commands = confirmPolygons(with: fix, context)
        if awaitingFix || fallbackRunning {
            awaitingFix = false
            commands += select(around: fix.coordinate, speed: fix.speed) + task.endOpen()
            if fallbackRunning {
                fallbackRunning = false
                commands.append(.stopMonitoringSignificantLocationChanges)
            }
        } else if let swap, fix.coordinate.distance(to: swap.center) >= swap.radius / 2 {
            // Updates are running: choose again before the swap fence's exit would.
            commands += select(around: fix.coordinate, speed: fix.speed)
        }
        return commands
    }

    /// The task expired before a fix came: keep the fences, let significant changes bring one (LOC-10, LOC-12).
    private mutating func fixMissed() -> [Command] {
        awaitingFix = false
        guard !fallbackRunning else { return [] }
        fallbackRunning = true
        return [.startMonitoringSignificantLocationChanges]
    }
}
