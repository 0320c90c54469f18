import Foundation
import Wakeful

extension BackgroundPolicy {
    /// Every field of every rule group (and ``debuggerAttached``), in declaration order, with its
    /// value, the rule IDs behind it and its provenance on this version.
    ///
    /// The order is fixed, so the output is deterministic. ``version`` and ``variants`` are the
    /// policy's identity rather than parameters and have no row. A field a variant changed cites
    /// the variant's `CONF-n` rule and takes the variant's ``PolicyVariant/provenance``.
    ///
    /// ```swift
    /// for row in BackgroundPolicy(version: IOSVersion(12)).parameters {
    ///     print(row.name, row.value, row.rules.joined(separator: ","), row.provenance.rawValue)
    /// }
    /// // execution.didEnterBackgroundDeadline 5 s STATE-4 documented …
    /// ```
    public var parameters: [PolicyParameter] {
        let rows = PolicyParameterTable.rows(for: self)
        guard !variants.isEmpty else { return rows }
        let baseRows = PolicyParameterTable.rows(for: BackgroundPolicy(version: version))
        return zip(rows, baseRows).map { row, base in
            guard row.value != base.value,
                let variant = variants.last(where: { $0.affectedParameters.contains(row.name) })
            else { return row }
            var changed = row
            if !changed.rules.contains(variant.conflictRule) { changed.rules.append(variant.conflictRule) }
            changed.provenance = variant.provenance
            return changed
        }
    }
}

/// Builds the rows of ``BackgroundPolicy/parameters``: value formatting and per-family provenance.
struct PolicyParameterTable {
    let policy: BackgroundPolicy
    private(set) var rows: [PolicyParameter] = []

    private var family: IOSFamily { policy.family }

    /// The rows for `policy`, without variant overlays.
    static func rows(for policy: BackgroundPolicy) -> [PolicyParameter] {
        var table = PolicyParameterTable(policy: policy)
        table.addExecution()
        table.addLocation()
        table.addBeacons()
        table.addPush()
        table.addScheduler()
        table.addURLSession()
        table.addVoIP()
        table.addBluetooth()
        table.addTermination()
        table.addMotion()
        table.addMonitor()
        table.addHealthKit()
        table.rows += policy.liveActivities.parameters
        table.add("debuggerAttached", table.flag(policy.debuggerAttached), ["TASK-14", "CONF-13"], .observed)
        return table.rows
    }

    private mutating func add(_ name: String, _ value: String, _ rules: [String], _ provenance: Provenance) {
        rows.append(PolicyParameter(name: name, value: value, rules: rules, provenance: provenance))
    }

    // MARK: Provenance helpers

    /// `provenance` on 6–18; on 26+ the value is carried over "as 13–18", an assumption.
    private func carried(_ provenance: Provenance) -> Provenance {
        family == .iOS26 ? .assumption : provenance
    }

    /// Provenance per family column; 26+ defaults to "as 13–18", an assumption.
    private func byFamily(
        _ six: Provenance, _ sevenToTwelve: Provenance, _ thirteenToEighteen: Provenance,
        _ twentySix: Provenance = .assumption
    ) -> Provenance {
        switch family {
        case .iOS6: six
        case .iOS7to12: sevenToTwelve
        case .iOS13to18: thirteenToEighteen
        case .iOS26: twentySix
        }
    }

    /// For features absent on iOS 6 (n/a, the value is inert there): assumption on 6, else `carried`.
    private func absentOnSix(_ provenance: Provenance) -> Provenance {
        family == .iOS6 ? .assumption : carried(provenance)
    }

    /// For BGTaskScheduler features (13+): assumption before 13 (inert), `provenance` on 13–18, assumption on 26+.
    private var schedulerEra: (Provenance) -> Provenance {
        { byFamily(.assumption, .assumption, $0) }
    }

    // MARK: Groups

    private mutating func addExecution() {
        let rules = policy.execution
        let p = "execution."
        add(
            p + "didEnterBackgroundDeadline", seconds(rules.didEnterBackgroundDeadline), ["STATE-4"],
            carried(.documented))
        add(p + "graceAfterBackground", seconds(rules.graceAfterBackground), ["STATE-5", "CONF-3"], carried(.observed))
        add(p + "willTerminateTime", seconds(rules.willTerminateTime), ["STATE-6"], carried(.documented))
        let budgetRules: [String] =
            switch family {
            case .iOS6: ["TASK-2"]
            case .iOS7to12: ["TASK-3", "CONF-1"]
            case .iOS13to18, .iOS26: ["TASK-6"]
            }
        add(
            p + "taskBudget", seconds(rules.taskBudget), budgetRules + ["TASK-7"],
            byFamily(.documented, .observed, .documented))
        add(
            p + "wakeRefreshesTaskBudget", flag(rules.wakeRefreshesTaskBudget), ["TASK-9", "TASK-10", "CONF-2"],
            byFamily(.assumption, .observed, .inference))
        add(
            p + "runningAppRefreshesTaskBudget", flag(rules.runningAppRefreshesTaskBudget), ["TASK-7", "TASK-10"],
            byFamily(.inference, .inference, .observed))
        add(
            p + "taskClockWaitsForWakeWindow", flag(rules.taskClockWaitsForWakeWindow),
            ["TASK-9", "TASK-11", "CONF-2"],
            byFamily(.assumption, .observed, .inference))
        add(
            p + "remainingUnlimitedWhileEnteringBackground", flag(rules.remainingUnlimitedWhileEnteringBackground),
            ["TASK-11"], byFamily(.assumption, .observed, .documented))
        add(
            p + "expiryLeadTime", seconds(rules.expiryLeadTime), ["TASK-12"],
            byFamily(.assumption, .observed, policy.version.major == 13 ? .assumption : .observed, .observed))
        add(p + "expiryHandlerTimeLimit", seconds(rules.expiryHandlerTimeLimit), ["TASK-12"], .documented)
        add(p + "expiryHandlersTotalLimit", seconds(rules.expiryHandlersTotalLimit), ["TASK-12"], .assumption)
        add(p + "maxConcurrentTasks", optional(rules.maxConcurrentTasks) { "\($0)" }, ["TASK-15"], carried(.documented))
        add(p + "wakeEventWindow", seconds(rules.wakeEventWindow), ["LOC-12", "LOC-21", "BLE-1"], carried(.documented))
        add(p + "budgetResetsWhenActive", flag(rules.budgetResetsWhenActive), ["TASK-7", "TASK-9"], .assumption)
        add(
            p + "sceneUpdateWatchdog", optional(rules.sceneUpdateWatchdog, seconds), ["STATE-7", "STATE-4"],
            byFamily(.documented, .documented, .observed))
        add(
            p + "sceneCreateCPULimit", optional(rules.sceneCreateCPULimit, seconds), ["STATE-7", "STATE-4"],
            byFamily(.documented, .documented, .observed))
        add(p + "launchWatchdog", seconds(rules.launchWatchdog), ["TERM-6", "STATE-7"], .observed)
        add(p + "prewarmAvailable", flag(rules.prewarmAvailable), ["DATA-9"], carried(.documented))
        add(p + "prewarmRunsLaunch", flag(rules.prewarmRunsLaunch), ["DATA-9", "CONF-DATA-9"], .observed)
    }

    private mutating func addLocation() {
        let rules = policy.location
        let p = "location."
        add(
            p + "backgroundUpdatesNeedAllowsFlag", flag(rules.backgroundUpdatesNeedAllowsFlag), ["LOC-1"],
            carried(.documented))
        add(p + "whenInUseBackgroundSessions", flag(rules.whenInUseBackgroundSessions), ["LOC-8"], carried(.documented))
        add(p + "liveUpdatesAtRestAfter", seconds(rules.liveUpdatesAtRestAfter), ["LOC-8", "LOC-5"], .assumption)
        add(p + "sessionDiagnostics", flag(rules.sessionDiagnostics), ["LOC-31"], carried(.documented))
        add(p + "serviceSessions", flag(rules.serviceSessions), ["LOC-9"], carried(.documented))
        add(
            p + "serviceSessionRecreationWindow", seconds(rules.serviceSessionRecreationWindow), ["LOC-9", "LOC-32"],
            .assumption)
        add(p + "autoPauseAfterStationary", seconds(rules.autoPauseAfterStationary), ["LOC-5"], carried(.observed))
        add(p + "significantChangeDistance", metres(rules.significantChangeDistance), ["LOC-10"], carried(.documented))
        add(
            p + "significantChangeMinimumInterval", seconds(rules.significantChangeMinimumInterval), ["LOC-10"],
            carried(.documented))
        add(
            p + "significantChangeDistanceModel", describe(rules.significantChangeDistanceModel),
            ["LOC-10", "LOC-11", "CONF-14"], carried(.documented))
        add(
            p + "significantChangeAccuracies", rules.significantChangeAccuracies.map(metres).joined(separator: ", "),
            ["LOC-10"], carried(.observed))
        add(
            p + "significantChangeHeartbeat", optional(rules.significantChangeHeartbeat, seconds),
            ["LOC-14", "CONF-4"],
            carried(.documented))
        add(
            p + "relaunchNeedsAlwaysAuthorization", flag(rules.relaunchNeedsAlwaysAuthorization), ["LOC-16"],
            carried(.documented))
        add(p + "regionSlots", "\(rules.regionSlots)", ["LOC-17", "LOC-24", "BEACON-1"], carried(.documented))
        add(p + "maximumRegionRadius", metres(rules.maximumRegionRadius), ["LOC-17"], .assumption)
        for positioning in RegionPositioning.allCases {
            let crossing = rules.regionCrossing[positioning]
            let name = p + "regionCrossing." + positioning.rawValue
            // Only Wi-Fi's 200 m is Apple's figure; the GPS and cell-only margins are assumptions.
            add(
                name + ".margin", metres(crossing.margin), ["LOC-19"],
                positioning == .wifi ? carried(.documented) : .assumption)
            add(name + ".dwell", seconds(crossing.dwell), ["LOC-19"], carried(.documented))
            // Wi-Fi's exit time is fitted to field reports (observed); elsewhere it is the dwell.
            add(
                name + ".exitDwellMedian", seconds(crossing.exitDwellMedian), ["LOC-19"],
                positioning == .wifi ? carried(.observed) : carried(.documented))
            add(
                name + ".exitDwellSpread", number(crossing.exitDwellSpread), ["LOC-19"],
                positioning == .wifi ? carried(.observed) : .assumption)
        }
        add(
            p + "regionEventLatency", optional(rules.regionEventLatency, secondsRange), ["LOC-20", "CONF-15"],
            .assumption)
        add(
            p + "regionExitTailAfterTermination",
            optional(rules.regionExitTailAfterTermination) {
                "\(percent($0.probability)) of exits, \(secondsRange($0.delay))"
            }, ["LOC-34", "CONF-20"], .assumption)
        add(
            p + "backgroundRefreshOffBlocksRegionWakes", flag(rules.backgroundRefreshOffBlocksRegionWakes), ["LOC-22"],
            absentOnSix(.documented))
        add(
            p + "backgroundRefreshOffBlocksSignificantChangeAndVisitWakes",
            flag(rules.backgroundRefreshOffBlocksSignificantChangeAndVisitWakes), ["LOC-22", "CONF-9"],
            absentOnSix(.inference))
        add(
            p + "forceQuitRelaunch", describe(rules.forceQuitRelaunch),
            ["LOC-25", "LOC-26", "LOC-27", "LOC-28", "LOC-29", "CONF-5"],
            byFamily(.inference, .observed, .observed, .observed))
        add(
            p + "monitoringWaitsForFirstUnlock", flag(rules.monitoringWaitsForFirstUnlock), ["LOC-23"],
            carried(.documented))
        add(p + "visitsAvailable", flag(rules.visitsAvailable), ["LOC-16"], carried(.documented))
        add(p + "visitArrivalDwell", seconds(rules.visitArrivalDwell), ["LOC-16"], carried(.observed))
        add(p + "visitDepartureLatency", seconds(rules.visitDepartureLatency), ["LOC-16"], carried(.observed))
        add(p + "visitRadius", metres(rules.visitRadius), ["LOC-16"], .assumption)
        add(
            p + "hiddenIndicatorStopsRelaunchedUpdates", flag(rules.hiddenIndicatorStopsRelaunchedUpdates),
            ["LOC-30", "CONF-21"], .observed)
        let reducedAccuracy = policy.version.major >= 14 ? Provenance.documented : .assumption
        add(p + "reducedAccuracyFixInterval", seconds(rules.reducedAccuracyFixInterval), ["AUTH-6"], reducedAccuracy)
        add(
            p + "reducedAccuracyUpdatesOffScreen", flag(rules.reducedAccuracyUpdatesOffScreen),
            ["AUTH-6", "CONF-AUTH-6"], reducedAccuracy)
        add(
            p + "reducedAccuracyError",
            "\(number(rules.reducedAccuracyError.lowerBound))–\(number(rules.reducedAccuracyError.upperBound)) m",
            ["AUTH-6"], reducedAccuracy)
    }

    private mutating func addMotion() {
        let rules = policy.motion
        let p = "motion."
        add(p + "activityAvailable", flag(rules.activityAvailable), ["MOTION-1"], carried(.documented))
        add(p + "cyclingAvailable", flag(rules.cyclingAvailable), ["MOTION-1"], carried(.documented))
        add(p + "detectionLag", seconds(rules.detectionLag), ["MOTION-1"], carried(.observed))
        add(p + "detectionLagJitter", percent(rules.detectionLagJitter), ["MOTION-1"], carried(.observed))
        add(p + "mediumConfidenceShare", percent(rules.mediumConfidenceShare), ["MOTION-1"], .assumption)
        add(p + "lowConfidenceShare", percent(rules.lowConfidenceShare), ["MOTION-1"], .assumption)
        add(p + "historyRetention", seconds(rules.historyRetention), ["MOTION-3"], .folklore)
        add(p + "vehicleStopHold", seconds(rules.vehicleStopHold), ["MOTION-1"], .assumption)
        add(p + "walkingBelow", "\(number(rules.walkingBelow)) m/s", ["MOTION-1"], .assumption)
        add(p + "runningBelow", "\(number(rules.runningBelow)) m/s", ["MOTION-1"], .assumption)
        add(p + "automotiveFrom", "\(number(rules.automotiveFrom)) m/s", ["MOTION-1"], .assumption)
    }

    private mutating func addMonitor() {
        let rules = policy.monitor
        let p = "monitor."
        add(p + "available", flag(rules.available), ["CLMON-2", "LOC-24"], .documented)
        add(p + "conditionLimit", "\(rules.conditionLimit)", ["CLMON-1", "LOC-24"], .documented)
        add(p + "reportsConditionLimit", flag(rules.reportsConditionLimit), ["CLMON-1"], .documented)
        add(p + "conditionFileProtection", rules.conditionFileProtection.rawValue, ["CLMON-2", "DATA-1"], .inference)
        add(p + "unclaimedEventTimeout", seconds(rules.unclaimedEventTimeout), ["CLMON-3", "LOC-21"], .assumption)
        add(p + "entriesWithheldAfterPushLaunch", flag(rules.entriesWithheldAfterPushLaunch), ["CLMON-4"], .assumption)
    }

    private mutating func addBeacons() {
        let rules = policy.beacons
        let p = "beacons."
        let priority: Provenance = (11...12).contains(policy.version.major) ? .observed : .assumption
        add(p + "available", flag(rules.available), ["BEACON-1"], carried(.documented))
        add(p + "rangingWindow", seconds(rules.rangingWindow), ["BEACON-5"], absentOnSix(.observed))
        add(
            p + "rangingAfterBackgrounding", optional(rules.rangingAfterBackgrounding, seconds),
            ["BEACON-5", "CONF-BEACON-5"], absentOnSix(.observed))
        add(p + "rangingInterval", seconds(rules.rangingInterval), ["BEACON-5"], absentOnSix(.observed))
        add(p + "entryDetectionDelay", seconds(rules.entryDetectionDelay), ["BEACON-2"], absentOnSix(.observed))
        add(p + "exitDelay", secondsRange(rules.exitDelay), ["BEACON-2"], absentOnSix(.observed))
        add(p + "missedExitShare", percent(rules.missedExitShare), ["BEACON-2"], absentOnSix(.observed))
        add(p + "priorityRegionsPerDevice", "\(rules.priorityRegionsPerDevice)", ["BEACON-3"], priority)
        add(p + "softwareScanPeriod", seconds(rules.softwareScanPeriod), ["BEACON-2"], absentOnSix(.observed))
        add(p + "displayStateDelay", seconds(rules.displayStateDelay), ["BEACON-4"], absentOnSix(.observed))
        // SIM-1: seen on iOS 8 only; other releases carry it over.
        add(
            p + "initialStateDelay", seconds(rules.initialStateDelay), ["SIM-1"],
            policy.version.major == 8 ? .observed : .assumption)
        add(
            p + "backgroundNeedsAlwaysAuthorization", flag(rules.backgroundNeedsAlwaysAuthorization), ["BEACON-1"],
            carried(.documented))
        add(p + "constraintRangingAPI", flag(rules.constraintRangingAPI), ["BEACON-9"], carried(.documented))
    }

    private mutating func addPush() {
        let rules = policy.push
        let p = "push."
        add(p + "available", flag(rules.available), ["PUSH-1"], carried(.documented))
        add(p + "handlerTime", seconds(rules.handlerTime), ["PUSH-6"], absentOnSix(.documented))
        add(p + "throttlePerHour", "\(rules.throttlePerHour)", ["PUSH-4"], absentOnSix(.observed))
        add(p + "idleBeforeGrouping", seconds(rules.idleBeforeGrouping), ["PUSH-8"], absentOnSix(.assumption))
        add(p + "groupedDelay", secondsRange(rules.groupedDelay), ["PUSH-8"], absentOnSix(.observed))
        add(
            p + "deliveredInBackground", flag(rules.deliveredInBackground), ["PUSH-4", "PUSH-8", "CONF-PUSH-4"],
            absentOnSix(.observed))
        add(p + "heldPushes", "\(rules.heldPushes)", ["PUSH-5"], byFamily(.assumption, .assumption, .documented))
        add(p + "requiresPushTypeHeader", flag(rules.requiresPushTypeHeader), ["PUSH-2"], carried(.documented))
        add(p + "requiredPriority", "\(rules.requiredPriority)", ["PUSH-3"], absentOnSix(.documented))
        add(
            p + "appUsageAffectsDelivery", flag(rules.appUsageAffectsDelivery), ["PUSH-8", "BGT-11"],
            byFamily(.assumption, .assumption, .documented))
        add(
            p + "deliveredAfterForceQuit", flag(rules.deliveredAfterForceQuit), ["PUSH-7", "TERM-1", "CONF-7"],
            absentOnSix(.documented))
        add(
            p + "suppressedInLowPowerMode", flag(rules.suppressedInLowPowerMode), ["PUSH-9", "CONF-11"],
            absentOnSix(.inference))
        // Pushes
        add(
            p + "releasesHeldWhenBudgetAllows", flag(rules.releasesHeldWhenBudgetAllows), ["PUSH-4", "PUSH-5"],
            .assumption)
        add(
            p + "launchesBeforeFirstUnlock", flag(rules.launchesBeforeFirstUnlock), ["DATA-8"], .observed)
    }

    private mutating func addScheduler() {
        let rules = policy.scheduler
        let p = "scheduler."
        let bgTask = schedulerEra
        add(p + "fetchAvailable", flag(rules.fetchAvailable), ["BGT-1"], carried(.documented))
        add(p + "fetchTime", seconds(rules.fetchTime), ["BGT-2"], absentOnSix(.documented))
        add(p + "fetchMinimumInterval", seconds(rules.fetchMinimumInterval), ["BGT-3"], absentOnSix(.observed))
        add(p + "taskSchedulerAvailable", flag(rules.taskSchedulerAvailable), ["BGT-4", "BGT-9"], carried(.documented))
        add(p + "appRefreshTime", seconds(rules.appRefreshTime), ["BGT-4"], bgTask(.documented))
        add(
            p + "appRefreshEarlyExpiry", optional(rules.appRefreshEarlyExpiry, secondsRange), ["BGT-4", "CONF-10"],
            bgTask(.documented))
        add(p + "processingTime", seconds(rules.processingTime), ["BGT-5"], .assumption)
        add(
            p + "processingRunsAfterForceQuit", flag(rules.processingRunsAfterForceQuit),
            ["BGT-15", "TERM-1", "CONF-19"], bgTask(.inference))
        add(p + "processingTimeAfterForceQuit", seconds(rules.processingTimeAfterForceQuit), ["BGT-15"], .assumption)
        add(
            p + "processingAfterForceQuitUsesCellular", flag(rules.processingAfterForceQuitUsesCellular), ["BGT-15"],
            .assumption)
        add(
            p + "processingEndsWhenUserStarts", flag(rules.processingEndsWhenUserStarts), ["BGT-14"],
            bgTask(.documented))
        add(
            p + "processingCPUMonitor", flag(rules.processingCPUMonitor), ["BGT-5", "BGT-6", "CONF-6"],
            bgTask(.documented))
        add(p + "processingRunsWithin", seconds(rules.processingRunsWithin), ["BGT-5"], bgTask(.documented))
        add(p + "processingNeedsUseWithin", seconds(rules.processingNeedsUseWithin), ["BGT-5"], bgTask(.documented))
        add(p + "processingNeedsCharger", flag(rules.processingNeedsCharger), ["BGT-5"], bgTask(.observed))
        add(p + "pendingRefreshLimit", "\(rules.pendingRefreshLimit)", ["BGT-7"], bgTask(.documented))
        add(p + "pendingProcessingLimit", "\(rules.pendingProcessingLimit)", ["BGT-7"], bgTask(.documented))
        add(p + "lowBatteryThreshold", percent(rules.lowBatteryThreshold), ["BGT-11"], bgTask(.documented))
        add(
            p + "lowPowerModeDisablesBackgroundRefresh", flag(rules.lowPowerModeDisablesBackgroundRefresh), ["BGT-12"],
            carried(.documented))
        add(
            p + "schedulingFactors", list(rules.schedulingFactors.map(\.rawValue)), ["BGT-11", "CONF-8"],
            bgTask(.documented))
        add(p + "continuedProcessingAvailable", flag(rules.continuedProcessingAvailable), ["BGT-13"], .documented)
        add(
            p + "continuedProcessingNoProgressTimeout", seconds(rules.continuedProcessingNoProgressTimeout), ["BGT-13"],
            byFamily(.assumption, .assumption, .assumption, .observed))
        add(
            p + "wildcardIdentifiers", flag(rules.wildcardIdentifiers), ["BGT-9", "CONF-16"],
            byFamily(.documented, .documented, .documented))
        // Scheduled tasks: the scheduling model (cfg unless sourced).
        add(
            p + "fetchDisabledByTaskIdentifiers", flag(rules.fetchDisabledByTaskIdentifiers), ["BGT-1", "BGT-9"],
            byFamily(.assumption, .assumption, .observed))
        add(p + "usageLeadTime", seconds(rules.usageLeadTime), ["BGT-11"], .assumption)
        add(
            p + "refreshNeedsUseWithin", seconds(rules.refreshNeedsUseWithin), ["BGT-11", "BGT-5"],
            byFamily(.assumption, .assumption, .observed))
        add(p + "dailyUseWithin", seconds(rules.dailyUseWithin), ["BGT-11"], .assumption)
        add(p + "overnightStartHour", "\(number(rules.overnightStartHour)) h", ["BGT-5"], .assumption)
        add(p + "overnightEndHour", "\(number(rules.overnightEndHour)) h", ["BGT-5"], .assumption)
        add(p + "refreshJitter", seconds(rules.refreshJitter), ["BGT-3", "BGT-8"], .assumption)
        add(p + "processingJitter", seconds(rules.processingJitter), ["BGT-5", "BGT-8"], .assumption)
        add(
            p + "budgetLaunchRate",
            "\(number(rules.budgetLaunchRate.lowerBound))–\(number(rules.budgetLaunchRate.upperBound)) per h",
            ["BGT-3", "BGT-11"], byFamily(.assumption, .observed, .observed, .observed))
    }

    private mutating func addURLSession() {
        let rules = policy.urlSession
        let p = "urlSession."
        add(p + "available", flag(rules.available), ["URLS-1"], carried(.documented))
        add(p + "resumeDelayBase", seconds(rules.resumeDelayBase), ["URLS-3"], absentOnSix(.observed))
        add(
            p + "foregroundStartDelay",
            optional(rules.foregroundStartDelay) { "\(number($0.lowerBound))–\(number($0.upperBound)) s" }, ["URLS-3"],
            absentOnSix(.observed))
        add(p + "extendedBackgroundIdleMode", flag(rules.extendedBackgroundIdleMode), ["URLS-6"], .documented)
        add(p + "relaunchHandlerTime", seconds(rules.relaunchHandlerTime), ["URLS-1"], .assumption)
        add(p + "daemonRetryDelay", seconds(rules.daemonRetryDelay), ["URLS-1"], .assumption)
        add(
            p + "relaunchesBeforeFirstUnlock", flag(rules.relaunchesBeforeFirstUnlock), ["DATA-8", "CONF-DATA-8"],
            .folklore)
    }

    private mutating func addVoIP() {
        let rules = policy.voip
        let p = "voip."
        add(p + "keepAliveMinimum", optional(rules.keepAliveMinimum, seconds), ["VOIP-1"], .documented)
        add(p + "pushKitAvailable", flag(rules.pushKitAvailable), ["VOIP-2"], .documented)
        add(p + "pushRequiresCallKit", flag(rules.pushRequiresCallKit), ["VOIP-2"], .documented)
        add(
            p + "pushLaunchesAfterForceQuit", flag(rules.pushLaunchesAfterForceQuit), ["TERM-2", "CONF-12"],
            byFamily(.assumption, .folklore, .folklore, .folklore))
        add(p + "metadataCallback", flag(rules.metadataCallback), ["VOIP-4"], .documented)
        add(p + "voipSocketsTerminate", flag(rules.voipSocketsTerminate), ["VOIP-3", "CONF-17"], .assumption)
        // Pushes
        add(p + "keepAliveHandlerTime", seconds(rules.keepAliveHandlerTime), ["VOIP-1"], .documented)
        add(p + "callKitFailuresBeforeBlock", "\(rules.callKitFailuresBeforeBlock)", ["VOIP-2"], .assumption)
    }

    private mutating func addBluetooth() {
        let rules = policy.bluetooth
        let p = "bluetooth."
        add(p + "wakeWindow", seconds(rules.wakeWindow), ["BLE-1"], carried(.documented))
        add(p + "stateRestoration", flag(rules.stateRestoration), ["BLE-4"], .documented)
        add(
            p + "restorationAfterForceQuit", rules.restorationAfterForceQuit.rawValue, ["BLE-4"],
            absentOnSix(.documented))
        add(
            p + "restorationWaitsForFirstUnlock", flag(rules.restorationWaitsForFirstUnlock), ["BLE-4"],
            absentOnSix(.documented))
        add(p + "restorationAfterReboot", flag(rules.restorationAfterReboot), ["BLE-4"], absentOnSix(.documented))
        add(p + "screenOffConnectLatency", seconds(rules.screenOffConnectLatency), ["BLE-4", "BLE-2"], .observed)
        add(p + "fastAdvertisingAfterWake", seconds(rules.fastAdvertisingAfterWake), ["BLE-4"], .assumption)
        add(
            p + "pendingConnectLifetime", optional(rules.pendingConnectLifetime, seconds), ["BLE-4", "CONF-BLE-4"],
            carried(.documented))
        add(
            p + "backgroundScanNeedsServiceUUIDs", flag(rules.backgroundScanNeedsServiceUUIDs), ["BLE-2"],
            carried(.documented))
        add(p + "backgroundScanWindow", seconds(rules.backgroundScanWindow), ["BLE-2"], .observed)
        add(p + "backgroundScanPeriod", seconds(rules.backgroundScanPeriod), ["BLE-2"], .observed)
        let lifetime = rules.backgroundAdvertisingLifetime
        add(
            p + "backgroundAdvertisingLifetime", "\(seconds(lifetime.lowerBound))–\(seconds(lifetime.upperBound))",
            ["BLE-3"], .observed)
    }

    private mutating func addHealthKit() {
        let rules = policy.healthKit
        let p = "healthKit."
        add(p + "backgroundDeliveryAvailable", flag(rules.backgroundDeliveryAvailable), ["HK-1"], .documented)
        add(p + "hourlyTypes", list(rules.hourlyTypes), ["HK-3"], .observed)
        add(p + "deliveryDelay", seconds(rules.deliveryDelay), ["HK-8"], .assumption)
        add(p + "deliversWhileLocked", flag(rules.deliversWhileLocked), ["HK-4", "DATA-2"], .documented)
        add(p + "handlerTime", seconds(rules.handlerTime), ["HK-5"], .assumption)
        add(p + "retryDelay", seconds(rules.retryDelay), ["HK-6"], .assumption)
        add(p + "unansweredBeforeStop", "\(rules.unansweredBeforeStop)", ["HK-6"], .documented)
        add(p + "entitlementRequired", flag(rules.entitlementRequired), ["HK-7"], .documented)
        add(
            p + "deliveredAfterForceQuit", flag(rules.deliveredAfterForceQuit), ["HK-5", "TERM-1"],
            byFamily(.assumption, .observed, .assumption))
    }

    private mutating func addTermination() {
        let rules = policy.termination
        let p = "termination."
        func limit(_ limit: CPULimit?) -> String {
            optional(limit) { "\(percent($0.fraction)) over \(seconds($0.window))" }
        }
        add(p + "cpuLimit", limit(rules.cpuLimit), ["TERM-4"], carried(.documented))
        add(p + "callCPULimit", limit(rules.callCPULimit), ["TERM-4", "VOIP-2"], .observed)
        add(
            p + "wakeupMonitorWindow", seconds(rules.wakeupMonitorWindow), ["TERM-5"],
            byFamily(.assumption, .observed, .observed))
        add(p + "wakeupLimit", "\(rules.wakeupLimit)", ["TERM-5"], .assumption)
        add(
            p + "memoryLimitMegabytes", optional(rules.memoryLimitMegabytes) { "\(number($0)) MB" }, ["TERM-3"],
            .assumption)
        add(
            p + "forceQuitBlocks", list(rules.forceQuitBlocks.memberNames), ["TERM-1"],
            byFamily(.assumption, .documented, .documented))
        add(
            p + "forceQuitFlagClearedByReboot", flag(rules.forceQuitFlagClearedByReboot), ["TERM-1", "PUSH-7"],
            byFamily(.assumption, .documented, .documented))
        let codes = rules.codes
        let c = p + "codes."
        add(c + "taskAssertionTimeout", codes.taskAssertionTimeout, ["TASK-13", "TERM-6"], carried(.documented))
        add(c + "urlSessionTimeout", codes.urlSessionTimeout, ["TERM-6", "URLS-7"], carried(.documented))
        add(c + "fetchTimeout", codes.fetchTimeout, ["TERM-6"], carried(.documented))
        add(c + "watchdog", codes.watchdog, ["TERM-6"], carried(.documented))
        add(c + "suspendedWithLockedFile", codes.suspendedWithLockedFile, ["TERM-6"], carried(.documented))
        add(c + "thermal", codes.thermal, ["TERM-6"], carried(.documented))
        add(c + "tooManyTasks", codes.tooManyTasks, ["TASK-15"], carried(.documented))
    }
}

// MARK: Value formatting (locale-free, deterministic)

extension PolicyParameterTable {
    /// `30` → `"30"`, `4.68` → `"4.68"`.
    private func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return "\(Int(value))" }
        return "\(value)"
    }

    private func seconds(_ value: TimeInterval) -> String { "\(number(value)) s" }

    private func secondsRange(_ range: ClosedRange<TimeInterval>) -> String {
        "\(number(range.lowerBound))–\(number(range.upperBound)) s"
    }

    private func metres(_ value: Double) -> String { "\(number(value)) m" }

    private func percent(_ fraction: Double) -> String { "\(number((fraction * 100 * 1e9).rounded() / 1e9)) %" }

    private func flag(_ value: Bool) -> String { value ? "true" : "false" }

    private func list(_ names: [String]) -> String { names.isEmpty ? "none" : names.joined(separator: ", ") }

    private func optional<T>(_ value: T?, _ format: (T) -> String) -> String {
        value.map(format) ?? "nil"
    }

    private func describe(_ model: SignificantChangeDistanceModel) -> String {
        switch model {
        case .fixed: "fixed"
        case .field2014: "field2014"
        case .field2010: "field2010"
        }
    }

    private func describe(_ relaunch: ForceQuitLocationRelaunch) -> String {
        switch relaunch {
        case .relaunch: "relaunch"
        case .noRelaunch: "noRelaunch"
        case .relaunchThenTerminate(let delay): "relaunchThenTerminate(after: \(seconds(delay)))"
        case .relaunchImmediately: "relaunchImmediately"
        }
    }
}
