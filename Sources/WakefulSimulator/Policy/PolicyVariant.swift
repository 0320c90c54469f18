import Foundation

/// A documented conflict switch from §12. ``id`` is the stable ID used in scenario files and on the command line.
///
/// The stable ID is ``id`` (the type has associated values, so it is not a `RawRepresentable` enum):
/// `"CONF-3"`, `"CONF-5b"`, `"CONF-8:lowPowerMode"`. It round-trips through ``init(id:)`` and
/// `Codable`.
///
/// ```swift
/// let variant = PolicyVariant(id: "CONF-5b")!       // .forceQuitRelaunchThenKill
/// let policy = BackgroundPolicy(version: IOSVersion(10), variants: [variant])
/// policy.location.forceQuitRelaunch                 // .relaunchThenTerminate(after: 180)
/// ```
public enum PolicyVariant: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `"CONF-1a"`: iOS 7.x task budget of 600 s (TASK-4); no effect on other versions.
    case taskBudget600OnIOS7
    /// `"CONF-1b"`: task budget of 40 s on the 7–12 family (TASK-5); no effect elsewhere.
    case taskBudget40
    /// `"CONF-1c"`: expiration handler ≈15 s after backgrounding on 13+ (TASK-11's M391799 report);
    /// no effect before 13. The simulator's addition to CONF-1, not in the reference's table.
    case expiryAt15Seconds
    /// `"CONF-2"`: wakes do not refresh the task budget (TASK-9, TASK-10).
    case noWakeRefresh
    /// `"CONF-3"`: 10 s grace after backgrounding instead of 5 s (STATE-5).
    case grace10Seconds
    /// `"CONF-4"`: an SLC event at least every 15 min without movement (LOC-14).
    case significantChangeHeartbeat
    /// `"CONF-5a"`: location events never relaunch a force-quit app (LOC-29).
    case forceQuitNeverRelaunches
    /// `"CONF-5b"`: relaunched after a force-quit, then killed again 180 s later (LOC-26).
    case forceQuitRelaunchThenKill
    /// `"CONF-5c"`: relaunched immediately after a force-quit (LOC-27).
    case forceQuitRelaunchImmediately
    /// `"CONF-6"`: CPU monitor off during `BGProcessingTask`, as Apple documents (BGT-5); the
    /// default keeps it on, as the field reports show (BGT-6).
    case processingCPUMonitorOff
    /// `"CONF-7"`: silent pushes still launch a force-quit app (PUSH-7).
    case silentPushAfterForceQuit
    /// `"CONF-8:<factor>"`, e.g. `"CONF-8:lowPowerMode"`: one BGT-11 scheduling factor switched off.
    case disableSchedulingFactor(SchedulingFactor)
    /// `"CONF-9"`: Background App Refresh off suppresses region wakes only (LOC-22).
    case backgroundRefreshOffRegionsOnly
    /// `"CONF-10"`: `BGAppRefreshTask` expires 2–5 s after launch (BGT-4).
    case appRefreshEarlyExpiry
    /// `"CONF-11"`: silent pushes delivered in Low Power Mode (PUSH-9).
    case silentPushInLowPowerMode
    /// `"CONF-12"`: VoIP pushes blocked after a force-quit (TERM-2).
    case voipPushBlockedAfterForceQuit
    /// `"CONF-13"` (sets ``BackgroundPolicy/debuggerAttached`` = true): task limits not enforced (TASK-14).
    case debuggerAttached
    /// `"CONF-14a"`: SLC distance from the 2014 field distribution (LOC-11).
    case significantChangeField2014
    /// `"CONF-14b"`: SLC distance from the 2010 field distribution (LOC-11).
    case significantChangeField2010
    /// `"CONF-15"`: region events arrive 3–5 min after the crossing (LOC-20).
    case regionEventLatency
    /// `"CONF-16"`: wildcard BGTask identifiers, on 26+ only (BGT-9).
    case wildcardTaskIdentifiers
    /// `"CONF-17"`: VoIP-flagged sockets get the app killed, on 16+ only (VOIP-3).
    case voipSocketsTerminate
    /// `"CONF-18a"`: no wake window after a location, region or Bluetooth event: the app is
    /// suspended as soon as the callback returns (LOC-33).
    case noWakeWindow
    /// `"CONF-18b"`: a 30 s wake window after a location, region or Bluetooth event (LOC-33).
    case wakeWindow30Seconds
    /// `"CONF-19"`: a pending `BGProcessingTask` never launches after a force-quit, on 18.3+ too (TERM-1, BGT-15).
    case processingBlockedAfterForceQuit
    /// `"CONF-20"`: a region exit after the app was terminated rarely comes 30 min to 3 h late (LOC-34).
    case regionExitTailAfterTermination
    /// `"CONF-21"`: the background location indicator flag has no effect on 16.4+ (LOC-30).
    case indicatorFlagHasNoEffect
    /// `"CONF-22"`: `CLMonitor` entries are withheld from a process launched by a silent push until
    /// the app is opened, while exits arrive (CLMON-4), on 17+ only.
    case monitorEntriesWithheldAfterPushLaunch
    /// `"CONF-DATA-8"`: silent pushes and finished background transfers launch the app before the
    /// first unlock after a restart (DATA-8's cfg variant; the simulator names it for its rule).
    case launchesBeforeFirstUnlock
    /// `"CONF-PUSH-4"`: silent pushes never reach the app off screen, as an untethered TestFlight
    /// build on 18.6 saw ("pushDisallowed"; PUSH-4, PUSH-8).
    case silentPushDisallowedInBackground
    /// `"CONF-DATA-9"`: a prewarmed process runs `didFinishLaunching` at once, as seen on 15.0
    /// (DATA-9's observation; the simulator names it for its rule).
    case prewarmRunsLaunch
    /// `"CONF-AUTH-6"`: with reduced accuracy, standard location updates deliver nothing while the
    /// app is off screen, as one app's developers found (AUTH-6; the simulator names it for its rule).
    case reducedAccuracyUpdatesOnScreenOnly
    /// `"CONF-LOC-16"`: a visit's arrival is reported 10 min after the user arrived, a
    /// contributor's rule of thumb (LOC-16; the simulator names it for its rule).
    case visitArrivalAfterTenMinutes
    /// `"CONF-BLE-2"`: a background scan never listens: discoveries come only in the foreground
    /// (BLE-2; reports of nothing found in the background).
    case backgroundScanNeverListens
    /// `"CONF-BLE-4"`: a pending connect lapses 90 min after it was made (BLE-4; one team's tests).
    case pendingConnectLapses
    /// `"CONF-BEACON-2"`: a beacon exit comes 0–10 s after the beacon is lost (BEACON-2; a book's figure).
    case beaconExitWithin10Seconds
    /// `"CONF-BEACON-5"`: an app ranging beacons with the `location` mode keeps running 5 min after
    /// it enters the background (BEACON-5; one iOS 13.3 log).
    case rangingFiveMinutesAfterBackgrounding

    /// The stable ID: `"CONF-1a"` … `"CONF-21"`, with `"CONF-8:<factor>"` for scheduling factors.
    public var id: String {
        switch self {
        case .taskBudget600OnIOS7: "CONF-1a"
        case .taskBudget40: "CONF-1b"
        case .expiryAt15Seconds: "CONF-1c"
        case .noWakeRefresh: "CONF-2"
        case .grace10Seconds: "CONF-3"
        case .significantChangeHeartbeat: "CONF-4"
        case .forceQuitNeverRelaunches: "CONF-5a"
        case .forceQuitRelaunchThenKill: "CONF-5b"
        case .forceQuitRelaunchImmediately: "CONF-5c"
        case .processingCPUMonitorOff: "CONF-6"
        case .silentPushAfterForceQuit: "CONF-7"
        case .disableSchedulingFactor(let factor): "CONF-8:\(factor.rawValue)"
        case .backgroundRefreshOffRegionsOnly: "CONF-9"
        case .appRefreshEarlyExpiry: "CONF-10"
        case .silentPushInLowPowerMode: "CONF-11"
        case .voipPushBlockedAfterForceQuit: "CONF-12"
        case .debuggerAttached: "CONF-13"
        case .significantChangeField2014: "CONF-14a"
        case .significantChangeField2010: "CONF-14b"
        case .regionEventLatency: "CONF-15"
        case .wildcardTaskIdentifiers: "CONF-16"
        case .voipSocketsTerminate: "CONF-17"
        case .noWakeWindow: "CONF-18a"
        case .wakeWindow30Seconds: "CONF-18b"
        case .processingBlockedAfterForceQuit: "CONF-19"
        case .regionExitTailAfterTermination: "CONF-20"
        case .indicatorFlagHasNoEffect: "CONF-21"
        case .monitorEntriesWithheldAfterPushLaunch: "CONF-22"
        case .launchesBeforeFirstUnlock: "CONF-DATA-8"
        case .prewarmRunsLaunch: "CONF-DATA-9"
        case .reducedAccuracyUpdatesOnScreenOnly: "CONF-AUTH-6"
        case .visitArrivalAfterTenMinutes: "CONF-LOC-16"
        case .backgroundScanNeverListens: "CONF-BLE-2"
        case .pendingConnectLapses: "CONF-BLE-4"
        case .beaconExitWithin10Seconds: "CONF-BEACON-2"
        case .rangingFiveMinutesAfterBackgrounding: "CONF-BEACON-5"
        case .silentPushDisallowedInBackground: "CONF-PUSH-4"
        }
    }

    /// Parses a stable ID back; IDs are case-sensitive, surrounding whitespace is ignored.
    ///
    /// - Parameter id: An ID such as `"CONF-3"` or `" CONF-8:appUsage "`.
    public init?(id: String) {
        let trimmed = id.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let match = Self.all.first(where: { $0.id == trimmed }) else { return nil }
        self = match
    }

    /// Every variant, CONF-8 once per factor (in BGT-11 order), in ID order.
    public static var all: [PolicyVariant] {
        [
            .taskBudget600OnIOS7, .taskBudget40, .expiryAt15Seconds, .noWakeRefresh, .grace10Seconds,
            .significantChangeHeartbeat,
            .forceQuitNeverRelaunches, .forceQuitRelaunchThenKill, .forceQuitRelaunchImmediately,
            .processingCPUMonitorOff, .silentPushAfterForceQuit,
        ]
            + SchedulingFactor.allCases.map { .disableSchedulingFactor($0) }
            + [
                .backgroundRefreshOffRegionsOnly, .appRefreshEarlyExpiry, .silentPushInLowPowerMode,
                .voipPushBlockedAfterForceQuit, .debuggerAttached, .significantChangeField2014,
                .significantChangeField2010, .regionEventLatency, .wildcardTaskIdentifiers, .voipSocketsTerminate,
                .noWakeWindow, .wakeWindow30Seconds, .processingBlockedAfterForceQuit,
                .regionExitTailAfterTermination, .indicatorFlagHasNoEffect, .monitorEntriesWithheldAfterPushLaunch,
                .launchesBeforeFirstUnlock, .prewarmRunsLaunch, .reducedAccuracyUpdatesOnScreenOnly,
                .backgroundScanNeverListens, .pendingConnectLapses, .beaconExitWithin10Seconds,
                .rangingFiveMinutesAfterBackgrounding, .silentPushDisallowedInBackground, .visitArrivalAfterTenMinutes,
            ]
    }

    /// The ID of every variant, in ``all``'s order.
    public static var allIDs: [String] { all.map(\.id) }

    /// The message used when an ID is not recognised: names the bad ID and lists the valid ones.
    ///
    /// - Parameter id: The rejected text.
    /// - Returns: A message such as `Unknown policy variant "CONF-99"; valid IDs: CONF-1a, CONF-1b, …`.
    public static func unknownIDMessage(_ id: String) -> String {
        "Unknown policy variant \"\(id)\"; valid IDs: \(allIDs.joined(separator: ", "))."
    }

    /// The stable ID (same as ``id``).
    public var description: String { id }

    /// Decodes a variant from its ID string; an unknown ID throws `DecodingError.dataCorrupted`
    /// whose message lists the valid IDs.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let variant = PolicyVariant(id: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: Self.unknownIDMessage(text))
        }
        self = variant
    }

    /// Encodes the variant as its ID string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }
}
