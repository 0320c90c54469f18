import Foundation

extension PolicyVariant {
    /// One sentence: what the variant changes, citing rule IDs.
    public var summary: String {
        switch self {
        case .taskBudget600OnIOS7:
            "On iOS 7.x only, raises the background-task budget from 180 s to 600 s, the W13-204 summary's figure (TASK-4, CONF-1); no effect on other versions."
        case .taskBudget40:
            "On the iOS 7–12 family only, lowers the background-task budget from 180 s to 40 s, the single iOS 11.1 report (TASK-5, CONF-1); no effect elsewhere."
        case .expiryAt15Seconds:
            "On iOS 13 and later only, the expiration handler runs about 15 s after the task's countdown starts instead of about 29 s, and the kill follows the TASK-12 lead time later (1 s on 13, 4 s from 14), as one iPhone X report saw while DTS measured 30 s (TASK-11, M391799, CONF-1); no effect before 13."
        case .noWakeRefresh:
            "Wakes no longer refresh the per-app task budget and no longer hold the task clock at DBL_MAX during the wake window (TASK-9, TASK-10, CONF-2)."
        case .grace10Seconds:
            "Raises the grace after backgrounding with no run reason from 5 s to 10 s (STATE-5, CONF-3)."
        case .significantChangeHeartbeat:
            "Adds an SLC event at least every 15 min (900 s) even without movement, as the Energy guide says (LOC-14, CONF-4)."
        case .forceQuitNeverRelaunches:
            "SLC, visit and region events never relaunch a force-quit app on any version, as if TERM-1 covered location (LOC-29, CONF-5)."
        case .forceQuitRelaunchThenKill:
            "SLC, visit and region events relaunch a force-quit app, which is killed again 180 s later as reported on iOS 10 (LOC-26, CONF-5)."
        case .forceQuitRelaunchImmediately:
            "A force-quit app is relaunched immediately after the force-quit, as in the 15.3–15.3.1 bug (LOC-27, CONF-5)."
        case .processingCPUMonitorOff:
            "Switches the CPU monitor off during BGProcessingTask, as Apple documents, instead of killing the task once it has used 80 % of 60 s of CPU, as the field reports (BGT-5, BGT-6, TERM-4, CONF-6)."
        case .silentPushAfterForceQuit:
            "Silent pushes launch a force-quit app anyway, so the force-quit flag no longer blocks them (PUSH-7, TERM-1, CONF-7)."
        case .disableSchedulingFactor(let factor):
            "Stops applying the \(factor.rawValue) scheduling factor (BGT-11, CONF-8)."
        case .backgroundRefreshOffRegionsOnly:
            "With Background App Refresh off only region wakes are suppressed; SLC and visit wakes still happen (LOC-22, CONF-9)."
        case .appRefreshEarlyExpiry:
            "BGAppRefreshTask expires 2–5 s after launch instead of running up to 30 s (BGT-4, CONF-10)."
        case .silentPushInLowPowerMode:
            "Low Power Mode no longer holds back silent pushes (PUSH-9, CONF-11)."
        case .voipPushBlockedAfterForceQuit:
            "PushKit VoIP pushes no longer launch an app the user force-quit (TERM-1, TERM-2, CONF-12)."
        case .debuggerAttached:
            "Models a device tethered to Xcode: background-task limits are not enforced (TASK-14, CONF-13)."
        case .significantChangeField2014:
            "The SLC trigger distance follows the 2014 field data: 50 % of events within 1 km, 90 % within 5 km (LOC-11, CONF-14)."
        case .significantChangeField2010:
            "The SLC trigger distance follows the 2010 field data: 750 m triggers 50 %, 2500 m triggers 95 % (LOC-11, CONF-14)."
        case .regionEventLatency:
            "Region events arrive 3–5 min (180–300 s) after the crossing rule holds instead of at once (LOC-20, CONF-15)."
        case .wildcardTaskIdentifiers:
            "On iOS 26+ only, BGTaskScheduler accepts wildcard permitted identifiers (BGT-9, CONF-16)."
        case .voipSocketsTerminate:
            "On iOS 16+ only, setting the VoIP network service type on a socket gets the app killed (VOIP-3, CONF-17)."
        case .noWakeWindow:
            "After a location, region, beacon or Bluetooth event the app is suspended as soon as the callback returns, the lower bound Apple's engineer gives, instead of the ≈10 s window (LOC-33, CONF-18)."
        case .wakeWindow30Seconds:
            "After a location, region, beacon or Bluetooth event the app keeps 30 s, the upper bound Apple's engineer gives, instead of ≈10 s (LOC-33, CONF-18)."
        case .processingBlockedAfterForceQuit:
            "On iOS 18.3 and later only, a pending BGProcessingTask no longer launches after an App-Switcher force-quit, as TERM-1 says and as up to 18.2 (TERM-1, BGT-15, CONF-19)."
        case .regionExitTailAfterTermination:
            "A circular region's exit after the app was terminated comes 30 min to 3 h (1800–10800 s) late in 1 case of 20, as one 18.4 report saw (LOC-34, CONF-20)."
        case .indicatorFlagHasNoEffect:
            "On iOS 16.4+ only, standard updates started after a background launch keep the app running whether or not showsBackgroundLocationIndicator is on, as before 16.4 (LOC-30, CONF-21)."
        case .monitorEntriesWithheldAfterPushLaunch:
            "On iOS 17+ only, CLMonitor entry events do not reach a process launched by a silent push until the user opens the app, while exits arrive in the background, as one report saw (CLMON-4, CONF-22)."
        case .launchesBeforeFirstUnlock:
            "Finished background transfers launch the app before the first unlock after a restart, as silent pushes do by default (DATA-8, CONF-DATA-8; one iOS 9 report)."
        case .silentPushDisallowedInBackground:
            "Silent pushes never reach the app off screen, as an untethered TestFlight build on 18.6 saw with 'pushDisallowed' in the console, instead of the hourly budget (PUSH-4, PUSH-8, CONF-PUSH-4)."
        case .prewarmRunsLaunch:
            "On iOS 16+, a prewarmed process runs didFinishLaunching at once, as the default does on 15 (seen on 15.0), so the app's launch code may run before the first unlock (DATA-9, CONF-DATA-9)."
        case .visitArrivalAfterTenMinutes:
            "A visit's arrival is reported 600 s after the user arrived, as a contributor's rule of thumb says, instead of the 354 s a plugin's log timed (LOC-16, CONF-LOC-16)."
        case .reducedAccuracyUpdatesOnScreenOnly:
            "On iOS 14+ only, with Precise Location off, standard location updates deliver nothing while the app is off screen, as Element X's developers found (significant changes still arrive), instead of the few fixes an hour Apple describes (AUTH-6, CONF-AUTH-6)."
        case .backgroundScanNeverListens:
            "A Core Bluetooth scan out of the foreground never listens, so it finds nothing until the app is opened, as two reports saw, instead of listening 25 s every 600 s (BLE-2, CONF-BLE-2)."
        case .pendingConnectLapses:
            "A pending connect lapses silently 90 min (5400 s) after it was made, as one team's tests on 9–10 saw, instead of staying pending with no timeout (BLE-4, CONF-BLE-4)."
        case .beaconExitWithin10Seconds:
            "A beacon region's exit comes 0–10 s after the last beacon is lost, a book's usual figure, instead of the measured 20–42 s (BEACON-2, CONF-BEACON-2)."
        case .rangingFiveMinutesAfterBackgrounding:
            "An app that ranges beacons and declares the location mode keeps running and ranging 5 min (300 s) after it enters the background, as one iOS 13.3 log saw, instead of stopping with the grace (BEACON-5, CONF-BEACON-5)."
        }
    }

    /// The §12 rule the variant belongs to, without its letter or factor: `"CONF-1"`, `"CONF-8"`, `"CONF-14"`.
    public var conflictRule: String {
        let base = id.split(separator: ":").first.map(String.init) ?? id
        return String(base.reversed().drop(while: \.isLetter).reversed())
    }

    /// How well the variant's behaviour is sourced, for ``PolicyParameter/provenance`` of the fields it changes.
    public var provenance: Provenance {
        switch self {
        case .taskBudget600OnIOS7: .folklore  // TASK-4: second-hand summary, flagged conflict
        case .taskBudget40: .observed  // TASK-5: single report
        case .expiryAt15Seconds: .observed  // M391799: single report, contradicted by DTS's 30 s
        case .noWakeRefresh: .assumption  // CONF-2: alternative model, no source
        case .grace10Seconds: .observed  // STATE-5: 9.99 s read on iOS 8
        case .significantChangeHeartbeat: .documented  // LOC-14: Energy guide text (disputed)
        case .forceQuitNeverRelaunches: .inference  // CONF-5a: TERM-1 applied to location
        case .forceQuitRelaunchThenKill: .observed  // LOC-26
        case .forceQuitRelaunchImmediately: .observed  // LOC-27
        case .processingCPUMonitorOff: .observed  // BGT-6
        case .silentPushAfterForceQuit: .folklore  // PUSH-7: a blog claim
        case .disableSchedulingFactor: .assumption  // CONF-8: a what-if switch
        case .backgroundRefreshOffRegionsOnly: .documented  // LOC-22: the documented scope
        case .appRefreshEarlyExpiry: .observed  // BGT-4: field reports
        case .silentPushInLowPowerMode: .assumption  // PUSH-9: Apple states neither way
        case .voipPushBlockedAfterForceQuit: .inference  // TERM-1 applied to PushKit
        case .debuggerAttached: .observed  // TASK-14
        case .significantChangeField2014, .significantChangeField2010: .observed  // LOC-11
        case .regionEventLatency: .documented  // LOC-20
        case .wildcardTaskIdentifiers: .folklore  // BGT-9: third-party claim
        case .voipSocketsTerminate: .folklore  // VOIP-3
        case .noWakeWindow, .wakeWindow30Seconds: .documented  // LOC-33: the bounds in Apple's forum answer
        case .processingBlockedAfterForceQuit: .documented  // CONF-19: TERM-1's DTS text
        case .regionExitTailAfterTermination: .folklore  // LOC-34: a single report
        case .indicatorFlagHasNoEffect: .assumption  // CONF-21: the reference's variant, no report says so
        case .monitorEntriesWithheldAfterPushLaunch: .folklore  // CLMON-4: a single report
        case .launchesBeforeFirstUnlock: .folklore  // DATA-8: one iOS 9 report
        case .prewarmRunsLaunch: .observed  // DATA-9: 15.0 reports
        case .reducedAccuracyUpdatesOnScreenOnly: .observed  // AUTH-6: one app's implementation note
        case .visitArrivalAfterTenMinutes: .folklore  // LOC-16: a rule of thumb, no log
        case .backgroundScanNeverListens: .observed  // BLE-2: a log and a developer's tests
        case .pendingConnectLapses: .observed  // BLE-4: one team's tests, no logs
        case .beaconExitWithin10Seconds: .folklore  // BEACON-2: a book's statement
        case .rangingFiveMinutesAfterBackgrounding: .observed  // BEACON-5: a single log
        case .silentPushDisallowedInBackground: .observed  // push-testflight-never-in-background: one report
        }
    }

    /// The ``PolicyParameter/name``s of the fields the variant may change, in `parameters` order.
    ///
    /// On a version where a field already has the variant's value (e.g. CONF-2's clock field on 13+),
    /// that field does not change.
    public var affectedParameters: [String] {
        switch self {
        case .taskBudget600OnIOS7, .taskBudget40, .expiryAt15Seconds: ["execution.taskBudget"]
        case .noWakeRefresh: ["execution.wakeRefreshesTaskBudget", "execution.taskClockWaitsForWakeWindow"]
        case .grace10Seconds: ["execution.graceAfterBackground"]
        case .significantChangeHeartbeat: ["location.significantChangeHeartbeat"]
        case .forceQuitNeverRelaunches, .forceQuitRelaunchThenKill, .forceQuitRelaunchImmediately:
            ["location.forceQuitRelaunch"]
        case .processingCPUMonitorOff: ["scheduler.processingCPUMonitor"]
        case .silentPushAfterForceQuit: ["push.deliveredAfterForceQuit", "termination.forceQuitBlocks"]
        case .disableSchedulingFactor: ["scheduler.schedulingFactors"]
        case .backgroundRefreshOffRegionsOnly: ["location.backgroundRefreshOffBlocksSignificantChangeAndVisitWakes"]
        case .appRefreshEarlyExpiry: ["scheduler.appRefreshEarlyExpiry"]
        case .silentPushInLowPowerMode: ["push.suppressedInLowPowerMode"]
        case .voipPushBlockedAfterForceQuit: ["voip.pushLaunchesAfterForceQuit"]
        case .debuggerAttached: ["debuggerAttached"]
        case .significantChangeField2014, .significantChangeField2010: ["location.significantChangeDistanceModel"]
        case .regionEventLatency: ["location.regionEventLatency"]
        case .wildcardTaskIdentifiers: ["scheduler.wildcardIdentifiers"]
        case .voipSocketsTerminate: ["voip.voipSocketsTerminate"]
        case .noWakeWindow, .wakeWindow30Seconds:
            ["execution.wakeEventWindow", "beacons.rangingWindow", "bluetooth.wakeWindow"]
        case .processingBlockedAfterForceQuit: ["scheduler.processingRunsAfterForceQuit"]
        case .regionExitTailAfterTermination: ["location.regionExitTailAfterTermination"]
        case .indicatorFlagHasNoEffect: ["location.hiddenIndicatorStopsRelaunchedUpdates"]
        case .monitorEntriesWithheldAfterPushLaunch: ["monitor.entriesWithheldAfterPushLaunch"]
        case .launchesBeforeFirstUnlock: ["urlSession.relaunchesBeforeFirstUnlock"]
        case .prewarmRunsLaunch: ["execution.prewarmRunsLaunch"]
        case .reducedAccuracyUpdatesOnScreenOnly: ["location.reducedAccuracyUpdatesOffScreen"]
        case .visitArrivalAfterTenMinutes: ["location.visitArrivalDwell"]
        case .backgroundScanNeverListens: ["bluetooth.backgroundScanWindow"]
        case .pendingConnectLapses: ["bluetooth.pendingConnectLifetime"]
        case .beaconExitWithin10Seconds: ["beacons.exitDelay"]
        case .rangingFiveMinutesAfterBackgrounding: ["beacons.rangingAfterBackgrounding"]
        case .silentPushDisallowedInBackground: ["push.deliveredInBackground"]
        }
    }

    /// Whether the variant changes anything on `version`. CONF-1a needs iOS 7.x, CONF-1b the 7–12
    /// family, CONF-1c iOS 13+, CONF-16 the 26+ family, CONF-17 iOS 16+, CONF-19 iOS 18.3+,
    /// CONF-21 iOS 16.4+, CONF-22 iOS 17+, CONF-DATA-9 iOS 16+ and CONF-AUTH-6 iOS 14+; every other variant applies everywhere
    /// (on releases that lack the feature it only sets an inert field).
    ///
    /// - Parameter version: The simulated iOS release.
    /// - Returns: `false` if applying the variant is a no-op by rule.
    public func isApplicable(to version: IOSVersion) -> Bool {
        switch self {
        case .taskBudget600OnIOS7: version.major == 7  // CONF-1a: iOS 7 only (TASK-4)
        case .taskBudget40: version.family == .iOS7to12  // CONF-1b: 7–12 family
        case .expiryAt15Seconds: version.major >= 13  // CONF-1c: the report is of iOS 13 (M391799)
        case .wildcardTaskIdentifiers: version.family == .iOS26  // CONF-16: "on 26"
        case .voipSocketsTerminate: version >= IOSVersion(16)  // CONF-17: "on 16+"
        case .prewarmRunsLaunch: version.major >= 16  // CONF-DATA-9: 15 runs the launch by default (DATA-9)
        case .reducedAccuracyUpdatesOnScreenOnly: version.major >= 14  // CONF-AUTH-6: no reduced accuracy before 14
        case .processingBlockedAfterForceQuit: version >= IOSVersion(18, 3)  // CONF-19: blocked before 18.3 anyway
        case .indicatorFlagHasNoEffect: version >= IOSVersion(16, 4)  // CONF-21: LOC-30 is of 16.4+
        case .monitorEntriesWithheldAfterPushLaunch: version >= IOSVersion(17)  // CONF-22: CLMonitor is 17+
        default: true
        }
    }

    /// Applies the variant's change to `policy`, or nothing if it is not applicable to `policy.version`.
    ///
    /// ``BackgroundPolicy/init(version:variants:)`` calls this for each variant in order; call it
    /// directly only to layer a variant onto a hand-edited policy (it does not update
    /// ``BackgroundPolicy/variants``).
    ///
    /// - Parameter policy: The policy to change.
    public func apply(to policy: inout BackgroundPolicy) {
        guard isApplicable(to: policy.version) else { return }
        switch self {
        case .taskBudget600OnIOS7: policy.execution.taskBudget = 600  // CONF-1a, TASK-4
        case .taskBudget40: policy.execution.taskBudget = 40  // CONF-1b, TASK-5
        case .expiryAt15Seconds:  // CONF-1c, M391799: the handler (not the kill) came after ≈15 s
            policy.execution.taskBudget = 15 + policy.execution.expiryLeadTime
        case .noWakeRefresh:  // CONF-2
            policy.execution.wakeRefreshesTaskBudget = false
            policy.execution.taskClockWaitsForWakeWindow = false
        case .grace10Seconds: policy.execution.graceAfterBackground = 10  // CONF-3, STATE-5
        case .significantChangeHeartbeat: policy.location.significantChangeHeartbeat = 900  // CONF-4, LOC-14
        case .forceQuitNeverRelaunches: policy.location.forceQuitRelaunch = .noRelaunch  // CONF-5a
        case .forceQuitRelaunchThenKill:  // CONF-5b, LOC-26
            policy.location.forceQuitRelaunch = .relaunchThenTerminate(after: 180)
        case .forceQuitRelaunchImmediately: policy.location.forceQuitRelaunch = .relaunchImmediately  // CONF-5c
        case .processingCPUMonitorOff: policy.scheduler.processingCPUMonitor = false  // CONF-6, BGT-5
        case .silentPushAfterForceQuit:  // CONF-7, PUSH-7
            policy.push.deliveredAfterForceQuit = true
            policy.termination.forceQuitBlocks.remove(.silentPush)
        case .disableSchedulingFactor(let factor):  // CONF-8, BGT-11
            policy.scheduler.schedulingFactors.removeAll { $0 == factor }
        case .backgroundRefreshOffRegionsOnly:  // CONF-9, LOC-22
            policy.location.backgroundRefreshOffBlocksSignificantChangeAndVisitWakes = false
        case .appRefreshEarlyExpiry: policy.scheduler.appRefreshEarlyExpiry = 2...5  // CONF-10, BGT-4
        case .silentPushInLowPowerMode: policy.push.suppressedInLowPowerMode = false  // CONF-11, PUSH-9
        case .voipPushBlockedAfterForceQuit: policy.voip.pushLaunchesAfterForceQuit = false  // CONF-12, TERM-2
        case .debuggerAttached: policy.debuggerAttached = true  // CONF-13, TASK-14
        case .significantChangeField2014: policy.location.significantChangeDistanceModel = .field2014  // CONF-14a
        case .significantChangeField2010: policy.location.significantChangeDistanceModel = .field2010  // CONF-14b
        case .regionEventLatency: policy.location.regionEventLatency = 180...300  // CONF-15, LOC-20
        case .wildcardTaskIdentifiers: policy.scheduler.wildcardIdentifiers = true  // CONF-16, BGT-9
        case .voipSocketsTerminate: policy.voip.voipSocketsTerminate = true  // CONF-17, VOIP-3
        case .noWakeWindow: policy.setWakeWindows(0)  // CONF-18a, LOC-33
        case .wakeWindow30Seconds: policy.setWakeWindows(30)  // CONF-18b, LOC-33
        case .processingBlockedAfterForceQuit: policy.scheduler.processingRunsAfterForceQuit = false  // CONF-19, TERM-1
        case .regionExitTailAfterTermination: policy.location.regionExitTailAfterTermination = .reported  // CONF-20
        case .indicatorFlagHasNoEffect: policy.location.hiddenIndicatorStopsRelaunchedUpdates = false  // CONF-21
        case .monitorEntriesWithheldAfterPushLaunch: policy.monitor.entriesWithheldAfterPushLaunch = true  // CONF-22
        case .launchesBeforeFirstUnlock:  // CONF-DATA-8, DATA-8
            policy.urlSession.relaunchesBeforeFirstUnlock = true
        case .prewarmRunsLaunch: policy.execution.prewarmRunsLaunch = true  // CONF-DATA-9, DATA-9
        // CONF-LOC-16, LOC-16: "around 10 minutes" (loc-visit-reported-after-10min-rule).
        case .visitArrivalAfterTenMinutes: policy.location.visitArrivalDwell = 600
        case .reducedAccuracyUpdatesOnScreenOnly:  // CONF-AUTH-6, AUTH-6
            policy.location.reducedAccuracyUpdatesOffScreen = false
        // CONF-BLE-2, BLE-2: nothing found in 55 min of background scans on 26 (obs:
        // ble-bg-scan-found-nothing-55min), results only in the first ≈10 s (ble-bg-scan-only-10s).
        case .backgroundScanNeverListens: policy.bluetooth.backgroundScanWindow = 0
        // CONF-BLE-4, BLE-4: reconnects "no more than about 1.5 hours" (ble-bg-reconnect-expires-90min).
        case .pendingConnectLapses: policy.bluetooth.pendingConnectLifetime = 5400
        // CONF-BEACON-2, BEACON-2: "usually up to 10 s" (beacon-book-exit-usually-10s).
        case .beaconExitWithin10Seconds: policy.beacons.exitDelay = 0...10
        // CONF-BEACON-5, BEACON-5: ranging stopped "almost exactly on 5 minutes" after backgrounding
        // (beacon-ios13-bg-ranging-stops-5min).
        case .rangingFiveMinutesAfterBackgrounding: policy.beacons.rangingAfterBackgrounding = 300
        case .silentPushDisallowedInBackground: policy.push.deliveredInBackground = false  // CONF-PUSH-4
        }
    }
}

extension BackgroundPolicy {
    /// The window after a location or region event (LOC-12, LOC-21), a beacon event (BEACON-5) and a
    /// Bluetooth event (BLE-1), which LOC-33 bounds together: from "immediately" to ≈30 s.
    fileprivate mutating func setWakeWindows(_ seconds: TimeInterval) {
        execution.wakeEventWindow = seconds
        beacons.rangingWindow = seconds
        bluetooth.wakeWindow = seconds
    }
}
