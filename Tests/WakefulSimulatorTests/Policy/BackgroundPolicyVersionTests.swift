import Foundation
import Testing
import WakefulSimulator
import WakefulTestSupport

/// Version-specific rules apply by exact version, not only by family.
@Suite("BackgroundPolicy version boundaries", .watchdog, .cpuBound)
struct BackgroundPolicyVersionTests {
    private func policy(_ text: String) throws -> BackgroundPolicy {
        BackgroundPolicy(version: try #require(IOSVersion(parsing: text)))
    }

    @Test(
        "task assertion cap from 11.0 (TASK-15)",
        arguments: [
            ("4.3", nil), ("6.1.6", nil), ("10.3", nil), ("10.3.4", nil), ("11", 1000), ("11.0.1", 1000), ("17", 1000),
        ] as [(String, Int?)])
    func taskCap(version: String, expected: Int?) throws {
        #expect(try policy(version).execution.maxConcurrentTasks == expected)
    }

    @Test(
        "allowsBackgroundLocationUpdates from 9 (LOC-1)",
        arguments: [
            ("8", false), ("8.4.1", false), ("9", true), ("9.0.1", true),
        ])
    func allowsFlag(version: String, expected: Bool) throws {
        #expect(try policy(version).location.backgroundUpdatesNeedAllowsFlag == expected)
    }

    @Test(
        "force-quit location relaunch (LOC-25 to LOC-29, CONF-5)",
        arguments: [
            ("5.1.1", ForceQuitLocationRelaunch.relaunch), ("6.1.6", .relaunch),
            ("7", .noRelaunch), ("7.0.2", .noRelaunch), ("7.0.6", .noRelaunch),
            ("7.1", .relaunch), ("7.1.2", .relaunch), ("10.3", .relaunch), ("15.3.1", .relaunch), ("18.6", .relaunch),
            // 26.2.1 relaunched (a log, TSRN#2661), 26.4.2 did not (LOC-28): the cut at 26.4.
            ("26", .relaunch), ("26.2.1", .relaunch), ("26.3.1", .relaunch),
            ("26.4", .noRelaunch), ("26.4.2", .noRelaunch), ("27", .noRelaunch),
        ])
    func forceQuitRelaunch(version: String, expected: ForceQuitLocationRelaunch) throws {
        let relaunch = try policy(version).location.forceQuitRelaunch
        #expect(relaunch == expected)
        #expect(relaunch.relaunchesOnEvent == (expected == .relaunch))
    }

    @Test(
        "processing tasks run after a force-quit from 18.3 (BGT-15, CONF-19)",
        arguments: [("13", false), ("18.2.1", false), ("18.3", true), ("18.5", true), ("26", true)])
    func processingAfterForceQuit(version: String, runs: Bool) throws {
        #expect(try policy(version).scheduler.processingRunsAfterForceQuit == runs)
    }

    @Test("CLBackgroundActivitySession from 17 (LOC-8)", arguments: [("16.7", false), ("17", true)])
    func whenInUseSessions(version: String, expected: Bool) throws {
        #expect(try policy(version).location.whenInUseBackgroundSessions == expected)
    }

    @Test(
        "CLServiceSession and the session diagnostics from 18 (LOC-9, LOC-31)",
        arguments: [("17.7", false), ("18", true)])
    func serviceSessions(version: String, expected: Bool) throws {
        #expect(try policy(version).location.serviceSessions == expected)
        #expect(try policy(version).location.sessionDiagnostics == expected)
    }

    @Test(
        "visits and Always-authorization relaunch from 8 (LOC-16, BEACON-1)",
        arguments: [
            ("7.1", false), ("8", true),
        ])
    func visits(version: String, expected: Bool) throws {
        let policy = try policy(version)
        #expect(policy.location.visitsAvailable == expected)
        #expect(policy.location.relaunchNeedsAlwaysAuthorization == expected)
        #expect(policy.beacons.backgroundNeedsAlwaysAuthorization == expected)
        #expect(policy.voip.pushKitAvailable == expected)  // VOIP-2
    }

    @Test("CPU monitor from 8 (TERM-4)", arguments: [("7.1.2", false), ("8", true)])
    func cpuMonitor(version: String, monitored: Bool) throws {
        let limit = try policy(version).termination.cpuLimit
        #expect(limit == (monitored ? CPULimit(fraction: 0.8, window: 60) : nil))
    }

    @Test(
        "VoIP keep-alive up to 9.x (VOIP-1)",
        arguments: [
            ("6", 600), ("9.3.5", 600), ("10", nil), ("12", nil),
        ] as [(String, TimeInterval?)])
    func keepAlive(version: String, expected: TimeInterval?) throws {
        #expect(try policy(version).voip.keepAliveMinimum == expected)
    }

    @Test(
        "extended background idle mode 9.0 ..< 18.4 (URLS-6)",
        arguments: [
            ("8.4", false), ("9", true), ("18.3.2", true), ("18.4", false), ("26", false),
        ])
    func extendedIdle(version: String, expected: Bool) throws {
        #expect(try policy(version).urlSession.extendedBackgroundIdleMode == expected)
    }

    @Test("VoIP metadata callback from 26.4 (VOIP-4)", arguments: [("26.3.1", false), ("26.4", true)])
    func metadata(version: String, expected: Bool) throws {
        #expect(try policy(version).voip.metadataCallback == expected)
    }

    @Test("RunningBoard-era changes at 13", arguments: [("12.5.7", false), ("13", true)])
    func thirteen(version: String, modern: Bool) throws {
        let policy = try policy(version)
        #expect(policy.termination.codes.taskAssertionTimeout == (modern ? "0x2182bad2" : "0x8badf00d"))  // TASK-13
        #expect(policy.termination.forceQuitBlocks.contains(.taskScheduler) == modern)  // TERM-1
        #expect(policy.execution.sceneUpdateWatchdog == (modern ? 10 : nil))  // STATE-7
        #expect(policy.push.requiresPushTypeHeader == modern)  // PUSH-2
        #expect(policy.scheduler.taskSchedulerAvailable == modern)  // BGT-4
        #expect(policy.voip.pushRequiresCallKit == modern)  // VOIP-2
        #expect(policy.beacons.constraintRangingAPI == modern)  // BEACON-9
        #expect(policy.execution.taskBudget == (modern ? 30 : 180))  // TASK-6
    }

    @Test("Low Power Mode turns BAR off from 9 (BGT-12)", arguments: [("8.4", false), ("9", true)])
    func lowPowerMode(version: String, expected: Bool) throws {
        #expect(try policy(version).scheduler.lowPowerModeDisablesBackgroundRefresh == expected)
    }

    @Test("26+ family features (BGT-13, BLE-4)", arguments: [("18.6", false), ("19", true), ("26", true)])
    func twentySix(version: String, expected: Bool) throws {
        let policy = try policy(version)
        #expect(policy.scheduler.continuedProcessingAvailable == expected)
        #expect(policy.bluetooth.restorationAfterForceQuit == (expected ? .accessorySetupKitOnly : .never))
    }

    @Test(
        "iOS 7 introduces silent push, fetch, URL session, beacons, BLE restoration",
        arguments: [
            ("6.1.6", false), ("7", true),
        ])
    func seven(version: String, expected: Bool) throws {
        let policy = try policy(version)
        #expect(policy.push.available == expected)
        #expect(policy.scheduler.fetchAvailable == expected)
        #expect(policy.urlSession.available == expected)
        #expect(policy.beacons.available == expected)
        #expect(policy.bluetooth.stateRestoration == expected)
        #expect(policy.execution.taskBudget == (expected ? 180 : 600))
    }
}
