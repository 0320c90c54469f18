import Foundation
import Testing
import WakefulSimulator
import WakefulTestSupport

/// The value of a defaults-table row in each family column: iOS 6, 7–12, 13–18, 26+.
private func column<T>(_ family: IOSFamily, _ six: T, _ seven: T, _ thirteen: T, _ twentySix: T) -> T {
    switch family {
    case .iOS6: six
    case .iOS7to12: seven
    case .iOS13to18: thirteen
    case .iOS26: twentySix
    }
}

/// Rows of the reference's "Modelling defaults by iOS family" table, checked on each family's
/// representative version (6, 12, 17, 26).
@Suite("BackgroundPolicy defaults per family", .watchdog, .cpuBound)
struct BackgroundPolicyDefaultsTests {
    @Test("TASK-12: the expiration handler's lead is 1 s on 13.x only, so DTS's iOS 13 task runs ≈30 s")
    func expiryLeadOn13() {
        #expect(BackgroundPolicy(version: IOSVersion(13, 2)).execution.expiryLeadTime == 1)
        #expect(BackgroundPolicy(version: IOSVersion(14)).execution.expiryLeadTime == 4)
        #expect(BackgroundPolicy(version: IOSVersion(12, 4)).execution.expiryLeadTime == 4)
    }

    @Test("execution time", arguments: IOSFamily.allCases)
    func execution(family: IOSFamily) {
        let rules = BackgroundPolicy(family: family).execution
        #expect(rules.didEnterBackgroundDeadline == 5)  // STATE-4
        #expect(rules.graceAfterBackground == 5)  // STATE-5
        #expect(rules.willTerminateTime == 5)  // STATE-6
        #expect(rules.taskBudget == column(family, 600, 180, 30, 30))  // TASK-2/3/6
        #expect(rules.wakeRefreshesTaskBudget == true)  // TASK-9, TASK-10
        #expect(rules.taskClockWaitsForWakeWindow == column(family, true, true, false, false))
        #expect(rules.runningAppRefreshesTaskBudget == true)  // TASK-10
        // TASK-12: 4 s (AT-1 on 8; 4.01 s on 16.4.1); 13.x alone keeps 1 s (see expiryLeadOn13).
        #expect(rules.expiryLeadTime == column(family, 4, 4, 4, 4))
        #expect(rules.expiryHandlerTimeLimit == 1)
        #expect(rules.expiryHandlersTotalLimit == 3)
        #expect(rules.maxConcurrentTasks == column(family, nil, 1000, 1000, 1000))  // TASK-15 (12 ≥ 11)
        #expect(rules.wakeEventWindow == 10)  // LOC-12, LOC-21, BLE-1
        #expect(rules.budgetResetsWhenActive == true)
        #expect(rules.sceneUpdateWatchdog == column(family, nil, nil, 10, 10))  // STATE-7
        #expect(rules.sceneCreateCPULimit == column(family, nil, nil, 4.68, 4.68))
    }

    @Test("location", arguments: IOSFamily.allCases)
    func location(family: IOSFamily) {
        let rules = BackgroundPolicy(family: family).location
        #expect(rules.backgroundUpdatesNeedAllowsFlag == column(family, false, true, true, true))  // LOC-1
        #expect(rules.whenInUseBackgroundSessions == column(family, false, false, true, true))  // LOC-8
        #expect(rules.liveUpdatesAtRestAfter == 600)  // LOC-8 (as LOC-5, assumption)
        #expect(rules.serviceSessionRecreationWindow == 5)  // LOC-32: "a few seconds"
        #expect(rules.autoPauseAfterStationary == 600)  // LOC-5
        #expect(rules.significantChangeDistance == 500)  // LOC-10
        #expect(rules.significantChangeMinimumInterval == 300)
        #expect(rules.significantChangeDistanceModel == .fixed)
        #expect(rules.significantChangeHeartbeat == nil)  // LOC-14
        #expect(rules.relaunchNeedsAlwaysAuthorization == column(family, false, true, true, true))
        #expect(rules.regionSlots == 20)  // LOC-17
        #expect(rules.maximumRegionRadius == 100_000)
        // LOC-19's 200 m and 20 s; the exit's time drawn around 88 s (field reports).
        #expect(
            rules.regionCrossing.wifi
                == RegionCrossing(margin: 200, dwell: 20, exitDwellMedian: 88, exitDwellSpread: 0.42))
        #expect(rules.regionCrossing.gps.margin < rules.regionCrossing.wifi.margin)
        #expect(rules.regionCrossing.cell.margin > rules.regionCrossing.wifi.margin)
        #expect(rules.regionEventLatency == nil)  // CONF-15
        #expect(rules.regionExitTailAfterTermination == nil)  // CONF-20 default: no tail (LOC-34)
        // LOC-22, CONF-9: iOS 6 has no Background App Refresh switch (n/a), so it blocks nothing there.
        #expect(rules.backgroundRefreshOffBlocksRegionWakes == column(family, false, true, true, true))
        #expect(
            rules.backgroundRefreshOffBlocksSignificantChangeAndVisitWakes == column(family, false, true, true, true))
        // 26.0 as 26.2.1, which still relaunched; 26.4 stopped (LOC-28).
        #expect(rules.forceQuitRelaunch == .relaunch)
        #expect(rules.monitoringWaitsForFirstUnlock == true)  // LOC-23
        #expect(rules.visitsAvailable == column(family, false, true, true, true))
    }

    @Test("beacons", arguments: IOSFamily.allCases)
    func beacons(family: IOSFamily) {
        let rules = BackgroundPolicy(family: family).beacons
        #expect(rules.available == column(family, false, true, true, true))
        #expect(rules.rangingWindow == 10)  // BEACON-5
        #expect(rules.rangingInterval == 1)
        #expect(rules.entryDetectionDelay == 1)  // BEACON-2
        // BEACON-2: iOS 10.3.1's 20–30 s from 10 (field trials); before 10, iOS 8.3's 35–42 s (inert on 6).
        #expect(rules.exitDelay == column(family, 35...42, 20...30, 20...30, 20...30))
        #expect(BackgroundPolicy(version: IOSVersion(8, 3)).beacons.exitDelay == 35...42)
        #expect(rules.missedExitShare == column(family, 18.0 / 33, 0, 0, 0))  // iOS 8.3 trials; none given for 10.3.1
        #expect(rules.priorityRegionsPerDevice == 30)  // BEACON-3
        #expect(rules.displayStateDelay == 1)  // BEACON-4
        #expect(rules.backgroundNeedsAlwaysAuthorization == column(family, false, true, true, true))
        #expect(rules.constraintRangingAPI == column(family, false, false, true, true))
    }

    @Test("silent push", arguments: IOSFamily.allCases)
    func push(family: IOSFamily) {
        let rules = BackgroundPolicy(family: family).push
        #expect(rules.available == column(family, false, true, true, true))
        #expect(rules.handlerTime == 30)  // PUSH-6
        #expect(rules.throttlePerHour == 6)  // PUSH-4 (push-stream-delivered-first-10-min)
        #expect(rules.idleBeforeGrouping == 1800 && rules.groupedDelay == 420...600)  // PUSH-8
        #expect(rules.deliveredInBackground)  // CONF-PUSH-4 off
        #expect(rules.heldPushes == 1)  // PUSH-5
        #expect(rules.requiresPushTypeHeader == column(family, false, false, true, true))
        #expect(rules.requiredPriority == 5)  // PUSH-3
        #expect(rules.appUsageAffectsDelivery == false)  // PUSH-8
        #expect(rules.deliveredAfterForceQuit == false)  // PUSH-7
        #expect(rules.suppressedInLowPowerMode == true)  // PUSH-9
    }

    @Test("fetch and task scheduler", arguments: IOSFamily.allCases)
    func scheduler(family: IOSFamily) {
        let rules = BackgroundPolicy(family: family).scheduler
        #expect(rules.fetchAvailable == column(family, false, true, true, true))  // BGT-1
        #expect(rules.fetchTime == 30)  // BGT-2
        #expect(rules.fetchMinimumInterval == 900)  // BGT-3
        #expect(rules.taskSchedulerAvailable == column(family, false, false, true, true))
        #expect(rules.appRefreshTime == 30)  // BGT-4
        #expect(rules.appRefreshEarlyExpiry == nil)
        #expect(rules.processingTime == 300)  // BGT-5 cfg
        #expect(rules.processingRunsAfterForceQuit == column(family, false, false, false, true))  // BGT-15: 17 < 18.3
        #expect(rules.processingTimeAfterForceQuit == 60)  // BGT-15 cfg
        #expect(rules.processingAfterForceQuitUsesCellular == false)  // BGT-15 cfg
        #expect(rules.processingEndsWhenUserStarts)  // BGT-14
        #expect(rules.processingCPUMonitor)  // BGT-6: the field reports, though BGT-5 documents it off (CONF-6)
        #expect(rules.processingRunsWithin == 172_800)
        #expect(rules.processingNeedsUseWithin == 604_800)
        #expect(rules.pendingRefreshLimit == 1)  // BGT-7
        #expect(rules.pendingProcessingLimit == 10)
        #expect(rules.lowBatteryThreshold == 0.20)  // BGT-11
        #expect(rules.lowPowerModeDisablesBackgroundRefresh == column(family, false, true, true, true))
        #expect(
            rules.schedulingFactors == [
                .lowBattery, .lowPowerMode, .appUsage, .appSwitcher, .backgroundAppRefresh, .systemBudgets,
                .rateLimiting,
            ])
        #expect(rules.continuedProcessingAvailable == column(family, false, false, false, true))  // BGT-13
        #expect(rules.continuedProcessingNoProgressTimeout == 30)
        #expect(rules.wildcardIdentifiers == false)  // CONF-16
    }

    @Test("URL session", arguments: IOSFamily.allCases)
    func urlSession(family: IOSFamily) {
        let rules = BackgroundPolicy(family: family).urlSession
        #expect(rules.available == column(family, false, true, true, true))
        #expect(rules.resumeDelayBase == 60)  // URLS-3
        #expect(rules.extendedBackgroundIdleMode == column(family, false, true, true, false))  // URLS-6
        #expect(rules.relaunchHandlerTime == 30)
        #expect(rules.daemonRetryDelay == 60)
    }

    @Test("VoIP", arguments: IOSFamily.allCases)
    func voip(family: IOSFamily) {
        let rules = BackgroundPolicy(family: family).voip
        #expect(rules.keepAliveMinimum == column(family, 600, nil, nil, nil))  // VOIP-1 (12 > 9)
        #expect(rules.pushKitAvailable == column(family, false, true, true, true))
        #expect(rules.pushRequiresCallKit == column(family, false, false, true, true))
        #expect(rules.pushLaunchesAfterForceQuit == true)  // CONF-12 default
        #expect(rules.metadataCallback == false)  // 26.0 < 26.4
        #expect(rules.voipSocketsTerminate == false)
    }

    @Test("Bluetooth", arguments: IOSFamily.allCases)
    func bluetooth(family: IOSFamily) {
        let rules = BackgroundPolicy(family: family).bluetooth
        #expect(rules.wakeWindow == 10)  // BLE-1
        #expect(rules.stateRestoration == column(family, false, true, true, true))  // BLE-4
        #expect(rules.restorationAfterForceQuit == column(family, .never, .never, .never, .accessorySetupKitOnly))
        #expect(rules.restorationWaitsForFirstUnlock == true)
        #expect(rules.backgroundScanNeedsServiceUUIDs == true)  // BLE-2
    }

    @Test("termination", arguments: IOSFamily.allCases)
    func termination(family: IOSFamily) {
        let rules = BackgroundPolicy(family: family).termination
        let monitor = CPULimit(fraction: 0.8, window: 60)
        #expect(rules.cpuLimit == column(family, nil, monitor, monitor, monitor))  // TERM-4
        #expect(rules.wakeupMonitorWindow == 300)  // TERM-5
        #expect(rules.wakeupLimit == 45_000)
        #expect(rules.memoryLimitMegabytes == nil)  // TERM-3
        let classic: ForceQuitBlocks = [.silentPush, .backgroundFetch, .urlSession, .bluetoothRestoration]
        let modern = classic.union(.taskScheduler)
        #expect(rules.forceQuitBlocks == column(family, classic, classic, modern, modern))  // TERM-1
        #expect(rules.forceQuitFlagClearedByReboot == true)
        let codes = rules.codes
        #expect(codes.taskAssertionTimeout == column(family, "0x8badf00d", "0x8badf00d", "0x2182bad2", "0x2182bad2"))
        #expect(codes.urlSessionTimeout == "0x2182bad3")
        #expect(codes.fetchTimeout == "0x2182bad4")
        #expect(codes.watchdog == "0x8badf00d")
        #expect(codes.suspendedWithLockedFile == "0xdead10cc")
        #expect(codes.thermal == "0xc00010ff")
        #expect(codes.tooManyTasks == "0xbada5e47")
    }

    @Test("untethered by default, no variants", arguments: IOSFamily.allCases)
    func untethered(family: IOSFamily) {
        let policy = BackgroundPolicy(family: family)
        #expect(policy.debuggerAttached == false)  // CONF-13 default
        #expect(policy.variants.isEmpty)
        #expect(policy.family == family)
        #expect(policy == BackgroundPolicy(version: family.representativeVersion))
    }
}
