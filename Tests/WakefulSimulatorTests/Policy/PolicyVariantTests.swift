import Foundation
import Testing
import WakefulSimulator
import WakefulTestSupport

/// A variant, a version it applies to, the hand-written change it must make, and the parameter rows
/// that must then differ from the unvaried policy.
struct PolicyVariantCase: Sendable, CustomTestStringConvertible {
    let variant: PolicyVariant
    let version: IOSVersion
    let change: @Sendable (inout BackgroundPolicy) -> Void
    let changedRows: [String]

    var testDescription: String { "\(variant.id) on \(version)" }
}

private let factorCases: [PolicyVariantCase] = SchedulingFactor.allCases.map { factor in
    PolicyVariantCase(
        variant: .disableSchedulingFactor(factor), version: IOSVersion(17),
        change: {
            $0.scheduler.schedulingFactors = SchedulingFactor.allCases.filter { $0 != factor }
        }, changedRows: ["scheduler.schedulingFactors"])
}

private let variantCases: [PolicyVariantCase] =
    [
        PolicyVariantCase(
            variant: .taskBudget600OnIOS7, version: IOSVersion(7, 1),
            change: {
                $0.execution.taskBudget = 600
            }, changedRows: ["execution.taskBudget"]),
        PolicyVariantCase(
            variant: .taskBudget40, version: IOSVersion(11, 1),
            change: {
                $0.execution.taskBudget = 40
            }, changedRows: ["execution.taskBudget"]),
        PolicyVariantCase(
            variant: .expiryAt15Seconds, version: IOSVersion(13),
            change: {
                $0.execution.taskBudget = 16  // the handler 1 s before the end (TASK-12 lead time on 13+)
            }, changedRows: ["execution.taskBudget"]),
        PolicyVariantCase(
            variant: .noWakeRefresh, version: IOSVersion(8),
            change: {
                $0.execution.wakeRefreshesTaskBudget = false
                $0.execution.taskClockWaitsForWakeWindow = false
            }, changedRows: ["execution.wakeRefreshesTaskBudget", "execution.taskClockWaitsForWakeWindow"]),
        PolicyVariantCase(
            variant: .noWakeRefresh, version: IOSVersion(17),
            change: {
                $0.execution.wakeRefreshesTaskBudget = false
            }, changedRows: ["execution.wakeRefreshesTaskBudget"]),
        PolicyVariantCase(
            variant: .grace10Seconds, version: IOSVersion(12),
            change: {
                $0.execution.graceAfterBackground = 10
            }, changedRows: ["execution.graceAfterBackground"]),
        PolicyVariantCase(
            variant: .significantChangeHeartbeat, version: IOSVersion(9),
            change: {
                $0.location.significantChangeHeartbeat = 900
            }, changedRows: ["location.significantChangeHeartbeat"]),
        PolicyVariantCase(
            variant: .forceQuitNeverRelaunches, version: IOSVersion(12),
            change: {
                $0.location.forceQuitRelaunch = .noRelaunch
            }, changedRows: ["location.forceQuitRelaunch"]),
        PolicyVariantCase(
            variant: .forceQuitRelaunchThenKill, version: IOSVersion(10),
            change: {
                $0.location.forceQuitRelaunch = .relaunchThenTerminate(after: 180)
            }, changedRows: ["location.forceQuitRelaunch"]),
        PolicyVariantCase(
            variant: .forceQuitRelaunchImmediately, version: IOSVersion(15, 3),
            change: {
                $0.location.forceQuitRelaunch = .relaunchImmediately
            }, changedRows: ["location.forceQuitRelaunch"]),
        PolicyVariantCase(
            variant: .processingCPUMonitorOff, version: IOSVersion(14),
            change: {
                $0.scheduler.processingCPUMonitor = false
            }, changedRows: ["scheduler.processingCPUMonitor"]),
        PolicyVariantCase(
            variant: .silentPushAfterForceQuit, version: IOSVersion(17),
            change: {
                $0.push.deliveredAfterForceQuit = true
                $0.termination.forceQuitBlocks = [.backgroundFetch, .urlSession, .bluetoothRestoration, .taskScheduler]
            }, changedRows: ["push.deliveredAfterForceQuit", "termination.forceQuitBlocks"]),
        PolicyVariantCase(
            variant: .backgroundRefreshOffRegionsOnly, version: IOSVersion(12),
            change: {
                $0.location.backgroundRefreshOffBlocksSignificantChangeAndVisitWakes = false
            }, changedRows: ["location.backgroundRefreshOffBlocksSignificantChangeAndVisitWakes"]),
        PolicyVariantCase(
            variant: .appRefreshEarlyExpiry, version: IOSVersion(17),
            change: {
                $0.scheduler.appRefreshEarlyExpiry = 2...5
            }, changedRows: ["scheduler.appRefreshEarlyExpiry"]),
        PolicyVariantCase(
            variant: .silentPushInLowPowerMode, version: IOSVersion(17),
            change: {
                $0.push.suppressedInLowPowerMode = false
            }, changedRows: ["push.suppressedInLowPowerMode"]),
        PolicyVariantCase(
            variant: .voipPushBlockedAfterForceQuit, version: IOSVersion(17),
            change: {
                $0.voip.pushLaunchesAfterForceQuit = false
            }, changedRows: ["voip.pushLaunchesAfterForceQuit"]),
        PolicyVariantCase(
            variant: .debuggerAttached, version: IOSVersion(8),
            change: {
                $0.debuggerAttached = true
            }, changedRows: ["debuggerAttached"]),
        PolicyVariantCase(
            variant: .significantChangeField2014, version: IOSVersion(7, 1),
            change: {
                $0.location.significantChangeDistanceModel = .field2014
            }, changedRows: ["location.significantChangeDistanceModel"]),
        PolicyVariantCase(
            variant: .significantChangeField2010, version: IOSVersion(6),
            change: {
                $0.location.significantChangeDistanceModel = .field2010
            }, changedRows: ["location.significantChangeDistanceModel"]),
        PolicyVariantCase(
            variant: .regionEventLatency, version: IOSVersion(12),
            change: {
                $0.location.regionEventLatency = 180...300
            }, changedRows: ["location.regionEventLatency"]),
        PolicyVariantCase(
            variant: .wildcardTaskIdentifiers, version: IOSVersion(26),
            change: {
                $0.scheduler.wildcardIdentifiers = true
            }, changedRows: ["scheduler.wildcardIdentifiers"]),
        PolicyVariantCase(
            variant: .voipSocketsTerminate, version: IOSVersion(16),
            change: {
                $0.voip.voipSocketsTerminate = true
            }, changedRows: ["voip.voipSocketsTerminate"]),
        PolicyVariantCase(
            variant: .noWakeWindow, version: IOSVersion(17),
            change: {
                $0.execution.wakeEventWindow = 0
                $0.beacons.rangingWindow = 0
                $0.bluetooth.wakeWindow = 0
            }, changedRows: ["execution.wakeEventWindow", "beacons.rangingWindow", "bluetooth.wakeWindow"]),
        PolicyVariantCase(
            variant: .wakeWindow30Seconds, version: IOSVersion(12),
            change: {
                $0.execution.wakeEventWindow = 30
                $0.beacons.rangingWindow = 30
                $0.bluetooth.wakeWindow = 30
            }, changedRows: ["execution.wakeEventWindow", "beacons.rangingWindow", "bluetooth.wakeWindow"]),
        PolicyVariantCase(
            variant: .processingBlockedAfterForceQuit, version: IOSVersion(18, 3),
            change: {
                $0.scheduler.processingRunsAfterForceQuit = false
            }, changedRows: ["scheduler.processingRunsAfterForceQuit"]),
        PolicyVariantCase(
            variant: .regionExitTailAfterTermination, version: IOSVersion(18, 4),
            change: {
                $0.location.regionExitTailAfterTermination = RegionExitTail(probability: 0.05, delay: 1800...10_800)
            }, changedRows: ["location.regionExitTailAfterTermination"]),
        PolicyVariantCase(
            variant: .indicatorFlagHasNoEffect, version: IOSVersion(16, 4),
            change: {
                $0.location.hiddenIndicatorStopsRelaunchedUpdates = false
            }, changedRows: ["location.hiddenIndicatorStopsRelaunchedUpdates"]),
        PolicyVariantCase(
            variant: .monitorEntriesWithheldAfterPushLaunch, version: IOSVersion(17),
            change: {
                $0.monitor.entriesWithheldAfterPushLaunch = true
            }, changedRows: ["monitor.entriesWithheldAfterPushLaunch"]),
        PolicyVariantCase(
            variant: .launchesBeforeFirstUnlock, version: IOSVersion(17),
            change: {
                $0.urlSession.relaunchesBeforeFirstUnlock = true
            }, changedRows: ["urlSession.relaunchesBeforeFirstUnlock"]),
        PolicyVariantCase(
            variant: .prewarmRunsLaunch, version: IOSVersion(16),
            change: {
                $0.execution.prewarmRunsLaunch = true
            }, changedRows: ["execution.prewarmRunsLaunch"]),
        PolicyVariantCase(
            variant: .visitArrivalAfterTenMinutes, version: IOSVersion(12),
            change: {
                $0.location.visitArrivalDwell = 600
            }, changedRows: ["location.visitArrivalDwell"]),
        PolicyVariantCase(
            variant: .reducedAccuracyUpdatesOnScreenOnly, version: IOSVersion(14),
            change: {
                $0.location.reducedAccuracyUpdatesOffScreen = false
            }, changedRows: ["location.reducedAccuracyUpdatesOffScreen"]),
        PolicyVariantCase(
            variant: .backgroundScanNeverListens, version: IOSVersion(26),
            change: {
                $0.bluetooth.backgroundScanWindow = 0
            }, changedRows: ["bluetooth.backgroundScanWindow"]),
        PolicyVariantCase(
            variant: .pendingConnectLapses, version: IOSVersion(10),
            change: {
                $0.bluetooth.pendingConnectLifetime = 5400
            }, changedRows: ["bluetooth.pendingConnectLifetime"]),
        PolicyVariantCase(
            variant: .beaconExitWithin10Seconds, version: IOSVersion(8),
            change: {
                $0.beacons.exitDelay = 0...10
            }, changedRows: ["beacons.exitDelay"]),
        PolicyVariantCase(
            variant: .rangingFiveMinutesAfterBackgrounding, version: IOSVersion(13, 3),
            change: {
                $0.beacons.rangingAfterBackgrounding = 300
            }, changedRows: ["beacons.rangingAfterBackgrounding"]),
        PolicyVariantCase(
            variant: .silentPushDisallowedInBackground, version: IOSVersion(18, 6),
            change: {
                $0.push.deliveredInBackground = false
            }, changedRows: ["push.deliveredInBackground"]),
    ] + factorCases

/// Names of the parameter rows whose value differs between two policies.
private func changedRowNames(_ policy: BackgroundPolicy, from base: BackgroundPolicy) -> [String] {
    zip(policy.parameters, base.parameters).filter { $0.value != $1.value }.map(\.0.name)
}

@Suite("PolicyVariant", .watchdog, .cpuBound)
struct PolicyVariantTests {
    @Test("each variant changes exactly what it claims", arguments: variantCases)
    func changesExactly(testCase: PolicyVariantCase) {
        let base = BackgroundPolicy(version: testCase.version)
        let varied = BackgroundPolicy(version: testCase.version, variants: [testCase.variant])
        var expected = base
        testCase.change(&expected)
        expected.variants = [testCase.variant]
        #expect(varied == expected)
        #expect(varied != BackgroundPolicy(version: testCase.version, variants: []))
        #expect(changedRowNames(varied, from: base) == testCase.changedRows)
        #expect(testCase.variant.isApplicable(to: testCase.version))
        for row in testCase.changedRows {
            #expect(testCase.variant.affectedParameters.contains(row))
        }
    }

    @Test("every variant has a change case")
    func everyVariantCovered() {
        let covered = variantCases.map(\.variant.id)
        for id in PolicyVariant.allIDs {
            #expect(covered.contains(id), "no change case for \(id)")
        }
    }

    @Test(
        "version-restricted variants are no-ops elsewhere",
        arguments: [
            (PolicyVariant.taskBudget600OnIOS7, IOSVersion(6)), (.taskBudget600OnIOS7, IOSVersion(8)),
            (.taskBudget600OnIOS7, IOSVersion(17)),
            (.taskBudget40, IOSVersion(6)), (.taskBudget40, IOSVersion(13)), (.taskBudget40, IOSVersion(26)),
            (.expiryAt15Seconds, IOSVersion(12, 5)), (.expiryAt15Seconds, IOSVersion(6)),
            (.wildcardTaskIdentifiers, IOSVersion(18, 6)), (.wildcardTaskIdentifiers, IOSVersion(12)),
            (.voipSocketsTerminate, IOSVersion(15, 7, 9)), (.voipSocketsTerminate, IOSVersion(9)),
            (.prewarmRunsLaunch, IOSVersion(14, 8)), (.prewarmRunsLaunch, IOSVersion(15, 4)),
            (.reducedAccuracyUpdatesOnScreenOnly, IOSVersion(13)), (.indicatorFlagHasNoEffect, IOSVersion(16, 3)),
            (.processingBlockedAfterForceQuit, IOSVersion(18, 2)), (.processingBlockedAfterForceQuit, IOSVersion(13)),
            (.monitorEntriesWithheldAfterPushLaunch, IOSVersion(16, 7)),
        ])
    func noOpElsewhere(variant: PolicyVariant, version: IOSVersion) {
        let varied = BackgroundPolicy(version: version, variants: [variant])
        var expected = BackgroundPolicy(version: version)
        expected.variants = [variant]
        #expect(varied == expected)
        #expect(varied.variants == [variant])
        #expect(!variant.isApplicable(to: version))
        #expect(varied.parameters == BackgroundPolicy(version: version).parameters)
    }

    @Test("CONF-1a applies to every 7.x release", arguments: [IOSVersion(7), IOSVersion(7, 0, 6), IOSVersion(7, 1, 2)])
    func conf1aOnSeven(version: IOSVersion) {
        #expect(BackgroundPolicy(version: version, variants: [.taskBudget600OnIOS7]).execution.taskBudget == 600)
    }

    @Test("variants keep the given order, duplicates removed")
    func dedupe() {
        let policy = BackgroundPolicy(
            version: IOSVersion(17),
            variants: [
                .debuggerAttached, .grace10Seconds, .debuggerAttached, .disableSchedulingFactor(.appUsage),
                .grace10Seconds, .disableSchedulingFactor(.appUsage), .disableSchedulingFactor(.lowBattery),
            ]
        )
        #expect(
            policy.variants == [
                .debuggerAttached, .grace10Seconds, .disableSchedulingFactor(.appUsage),
                .disableSchedulingFactor(.lowBattery),
            ])
        #expect(
            policy.scheduler.schedulingFactors == [
                .lowPowerMode, .appSwitcher, .backgroundAppRefresh, .systemBudgets, .rateLimiting,
            ])
    }

    @Test(
        "conflicting variants: the later one wins",
        arguments: [
            (
                [PolicyVariant.forceQuitNeverRelaunches, .forceQuitRelaunchThenKill],
                ForceQuitLocationRelaunch.relaunchThenTerminate(after: 180)
            ),
            ([.forceQuitRelaunchThenKill, .forceQuitNeverRelaunches], .noRelaunch),
            ([.forceQuitRelaunchThenKill, .forceQuitRelaunchImmediately], .relaunchImmediately),
        ])
    func laterWins(variants: [PolicyVariant], expected: ForceQuitLocationRelaunch) {
        #expect(BackgroundPolicy(version: IOSVersion(12), variants: variants).location.forceQuitRelaunch == expected)
    }

    @Test("CONF-14a then CONF-14b gives the 2010 distribution")
    func distanceModelLaterWins() {
        let policy = BackgroundPolicy(
            version: IOSVersion(12), variants: [.significantChangeField2014, .significantChangeField2010])
        #expect(policy.location.significantChangeDistanceModel == .field2010)
        #expect(
            policy.parameters.first { $0.name == "location.significantChangeDistanceModel" }?.rules.last == "CONF-14")
    }

    @Test(
        "IDs",
        arguments: [
            (PolicyVariant.taskBudget600OnIOS7, "CONF-1a"), (.taskBudget40, "CONF-1b"), (.expiryAt15Seconds, "CONF-1c"),
            (.noWakeRefresh, "CONF-2"),
            (.grace10Seconds, "CONF-3"), (.significantChangeHeartbeat, "CONF-4"),
            (.forceQuitNeverRelaunches, "CONF-5a"),
            (.forceQuitRelaunchThenKill, "CONF-5b"), (.forceQuitRelaunchImmediately, "CONF-5c"),
            (.processingCPUMonitorOff, "CONF-6"), (.silentPushAfterForceQuit, "CONF-7"),
            (.disableSchedulingFactor(.lowPowerMode), "CONF-8:lowPowerMode"),
            (.disableSchedulingFactor(.rateLimiting), "CONF-8:rateLimiting"),
            (.backgroundRefreshOffRegionsOnly, "CONF-9"), (.appRefreshEarlyExpiry, "CONF-10"),
            (.silentPushInLowPowerMode, "CONF-11"), (.voipPushBlockedAfterForceQuit, "CONF-12"),
            (.debuggerAttached, "CONF-13"), (.significantChangeField2014, "CONF-14a"),
            (.significantChangeField2010, "CONF-14b"), (.regionEventLatency, "CONF-15"),
            (.wildcardTaskIdentifiers, "CONF-16"), (.voipSocketsTerminate, "CONF-17"),
            (.noWakeWindow, "CONF-18a"), (.wakeWindow30Seconds, "CONF-18b"),
            (.processingBlockedAfterForceQuit, "CONF-19"), (.regionExitTailAfterTermination, "CONF-20"),
            (.indicatorFlagHasNoEffect, "CONF-21"), (.monitorEntriesWithheldAfterPushLaunch, "CONF-22"),
            (.launchesBeforeFirstUnlock, "CONF-DATA-8"),
            (.prewarmRunsLaunch, "CONF-DATA-9"),
            (.reducedAccuracyUpdatesOnScreenOnly, "CONF-AUTH-6"),
            (.backgroundScanNeverListens, "CONF-BLE-2"),
            (.pendingConnectLapses, "CONF-BLE-4"), (.beaconExitWithin10Seconds, "CONF-BEACON-2"),
            (.rangingFiveMinutesAfterBackgrounding, "CONF-BEACON-5"),
            (.silentPushDisallowedInBackground, "CONF-PUSH-4"), (.visitArrivalAfterTenMinutes, "CONF-LOC-16"),
        ])
    func ids(variant: PolicyVariant, id: String) {
        #expect(variant.id == id)
        #expect(variant.description == id)
        #expect(PolicyVariant(id: id) == variant)
        #expect(PolicyVariant(id: "  \(id) ") == variant)
    }

    @Test("all: every case once, CONF-8 per factor, in ID order")
    func all() {
        let ids = PolicyVariant.allIDs
        #expect(ids.count == 36 + SchedulingFactor.allCases.count)
        #expect(Set(ids).count == ids.count)
        #expect(
            ids == [
                "CONF-1a", "CONF-1b", "CONF-1c", "CONF-2", "CONF-3", "CONF-4", "CONF-5a", "CONF-5b", "CONF-5c",
                "CONF-6", "CONF-7",
                "CONF-8:lowBattery", "CONF-8:lowPowerMode", "CONF-8:appUsage", "CONF-8:appSwitcher",
                "CONF-8:backgroundAppRefresh", "CONF-8:systemBudgets", "CONF-8:rateLimiting",
                "CONF-9", "CONF-10", "CONF-11", "CONF-12", "CONF-13", "CONF-14a", "CONF-14b", "CONF-15", "CONF-16",
                "CONF-17", "CONF-18a", "CONF-18b", "CONF-19", "CONF-20", "CONF-21", "CONF-22", "CONF-DATA-8",
                "CONF-DATA-9", "CONF-AUTH-6", "CONF-BLE-2", "CONF-BLE-4", "CONF-BEACON-2", "CONF-BEACON-5",
                "CONF-PUSH-4", "CONF-LOC-16",
            ])
        for variant in PolicyVariant.all {
            #expect(PolicyVariant(id: variant.id) == variant)
        }
    }

    @Test(
        "unknown or mis-cased IDs are rejected",
        arguments: [
            "", "CONF-1", "conf-3", "CONF-8", "CONF-8:", "CONF-8:LowPowerMode", "CONF-8: lowPowerMode", "CONF-18",
            "CONF-5d", "grace10Seconds", "CONF-3x",
        ])
    func unknownIDs(id: String) {
        #expect(PolicyVariant(id: id) == nil)
    }

    @Test("summaries are one sentence citing rule IDs", arguments: PolicyVariant.all)
    func summaries(variant: PolicyVariant) {
        let summary = variant.summary
        #expect(summary.hasSuffix("."))
        #expect(summary.contains(variant.conflictRule))
        #expect(summary.contains("(") && summary.contains(")"))
        #expect(!summary.dropLast().contains(". "))
    }

    @Test("conflictRule strips the letter and factor")
    func conflictRule() {
        #expect(PolicyVariant.taskBudget600OnIOS7.conflictRule == "CONF-1")
        #expect(PolicyVariant.disableSchedulingFactor(.appUsage).conflictRule == "CONF-8")
        #expect(PolicyVariant.significantChangeField2010.conflictRule == "CONF-14")
        #expect(PolicyVariant.voipSocketsTerminate.conflictRule == "CONF-17")
    }

    @Test("Codable as the ID string")
    func codable() throws {
        let data = try JSONEncoder().encode(PolicyVariant.all)
        let strings = try JSONDecoder().decode([String].self, from: data)
        #expect(strings == PolicyVariant.allIDs)
        #expect(try JSONDecoder().decode([PolicyVariant].self, from: data) == PolicyVariant.all)
        let single = try JSONEncoder().encode([PolicyVariant.disableSchedulingFactor(.appSwitcher)])
        #expect(String(decoding: single, as: UTF8.self) == #"["CONF-8:appSwitcher"]"#)
    }

    @Test("decoding an unknown ID throws dataCorrupted listing the valid IDs")
    func decodingUnknown() {
        do {
            _ = try JSONDecoder().decode([PolicyVariant].self, from: Data(#"["CONF-3","CONF-99"]"#.utf8))
            Issue.record("decoding CONF-99 should fail")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.contains("\"CONF-99\""))
            for id in PolicyVariant.allIDs {
                #expect(context.debugDescription.contains(id))
            }
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
