import Foundation
import Testing
import WakefulSimulator
import WakefulTestSupport

/// Stored-property labels of a value, in declaration order.
private func labels(of value: Any) -> [String] {
    Mirror(reflecting: value).children.compactMap(\.label)
}

/// Every parameter name the policy must describe, derived by reflection from the stored properties.
private func expectedNames(_ policy: BackgroundPolicy) -> [String] {
    let groups: [(String, Any)] = [
        ("execution", policy.execution), ("location", policy.location), ("beacons", policy.beacons),
        ("push", policy.push), ("scheduler", policy.scheduler), ("urlSession", policy.urlSession),
        ("voip", policy.voip), ("bluetooth", policy.bluetooth), ("termination", policy.termination),
        ("motion", policy.motion), ("monitor", policy.monitor), ("healthKit", policy.healthKit),
        ("liveActivities", policy.liveActivities),
    ]
    var names: [String] = []
    for (group, value) in groups {
        for label in labels(of: value) {
            if group == "termination" && label == "codes" {
                names += labels(of: policy.termination.codes).map { "termination.codes.\($0)" }
            } else if group == "location" && label == "regionCrossing" {
                for positioning in labels(of: policy.location.regionCrossing) {
                    names += ["margin", "dwell", "exitDwellMedian", "exitDwellSpread"].map {
                        "location.regionCrossing.\(positioning).\($0)"
                    }
                }
            } else {
                names.append("\(group).\(label)")
            }
        }
    }
    return names + ["debuggerAttached"]
}

/// Whether `rule` looks like a rule ID: a known prefix of the reference (or the simulator's own
/// SIM), a dash, one or two digits; or a variant the simulator names for its rule, `CONF-DATA-8`.
private func isRuleID(_ rule: String) -> Bool {
    let prefixes = [
        "STATE", "TASK", "LOC", "BEACON", "PUSH", "BGT", "URLS", "VOIP", "BLE", "TERM", "CONF", "SIM", "DATA", "AUTH",
        "MOTION", "CLMON", "HK", "LIVE",
    ]
    if rule.hasPrefix("CONF-"), isRuleID(String(rule.dropFirst(5))) { return true }
    let parts = rule.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, prefixes.contains(String(parts[0])) else { return false }
    return (1...2).contains(parts[1].count) && parts[1].allSatisfy { $0.isASCII && $0.isNumber }
}

@Suite("BackgroundPolicy.parameters", .watchdog, .cpuBound)
struct PolicyParameterTests {
    @Test("the policy's stored properties are the twelve groups plus version, variants, debuggerAttached")
    func topLevelShape() {
        #expect(
            labels(of: BackgroundPolicy(version: IOSVersion(17))) == [
                "version", "variants", "execution", "location", "beacons", "push", "scheduler", "urlSession", "voip",
                "bluetooth", "termination", "motion", "monitor", "healthKit", "liveActivities", "debuggerAttached",
            ])
    }

    @Test("one row per stored field, in declaration order", arguments: IOSFamily.allCases)
    func coversEveryField(family: IOSFamily) {
        let policy = BackgroundPolicy(family: family)
        let names = policy.parameters.map(\.name)
        #expect(names == expectedNames(policy))
        // 19 execution + (29 + 3 × 4 crossing) location + 13 beacons + 14 push + (23 + 9) scheduler
        // + 7 URL session + 8 VoIP + 12 Bluetooth + (7 + 7 codes) termination + 11 motion + 6 monitor
        // + 9 HealthKit + 12 Live Activities + debuggerAttached
        #expect(names.count == 19 + 41 + 13 + 14 + 23 + 9 + 7 + 8 + 12 + 14 + 11 + 6 + 9 + 12 + 1)
        #expect(Set(names).count == names.count)
    }

    @Test("every row cites at least one well-formed rule ID and has a value", arguments: IOSFamily.allCases)
    func everyRowCitesARule(family: IOSFamily) {
        for row in BackgroundPolicy(family: family, variants: PolicyVariant.all).parameters {
            #expect(!row.rules.isEmpty, "\(row.name) cites no rule")
            #expect(!row.value.isEmpty, "\(row.name) has no value")
            for rule in row.rules {
                #expect(isRuleID(rule), "\(row.name): bad rule ID \(rule)")
            }
            #expect(Set(row.rules).count == row.rules.count, "\(row.name) repeats a rule")
        }
    }

    @Test(
        "value formatting",
        arguments: [
            ("17", "execution.taskBudget", "30 s"),
            ("12", "execution.taskBudget", "180 s"),
            ("10.3", "execution.maxConcurrentTasks", "nil"),
            ("11", "execution.maxConcurrentTasks", "1000"),
            ("17", "execution.sceneCreateCPULimit", "4.68 s"),
            ("12", "execution.sceneCreateCPULimit", "nil"),
            ("17", "location.significantChangeDistance", "500 m"),
            ("7.0.2", "location.forceQuitRelaunch", "noRelaunch"),
            ("7.1", "location.forceQuitRelaunch", "relaunch"),
            ("9", "location.backgroundUpdatesNeedAllowsFlag", "true"),
            ("17", "scheduler.lowBatteryThreshold", "20 %"),
            ("17", "scheduler.processingRunsWithin", "172800 s"),
            (
                "17", "scheduler.schedulingFactors",
                "lowBattery, lowPowerMode, appUsage, appSwitcher, backgroundAppRefresh, systemBudgets, rateLimiting"
            ),
            ("8", "termination.cpuLimit", "80 % over 60 s"),
            ("7", "termination.cpuLimit", "nil"),
            ("12", "termination.forceQuitBlocks", "silentPush, backgroundFetch, urlSession, bluetoothRestoration"),
            ("13", "termination.codes.taskAssertionTimeout", "0x2182bad2"),
            ("26", "bluetooth.restorationAfterForceQuit", "accessorySetupKitOnly"),
            ("17", "debuggerAttached", "false"),
        ])
    func values(version: String, name: String, expected: String) throws {
        let policy = BackgroundPolicy(version: try #require(IOSVersion(parsing: version)))
        let row = try #require(policy.parameters.first { $0.name == name })
        #expect(row.value == expected)
    }

    @Test(
        "variant values are formatted",
        arguments: [
            (
                PolicyVariant.forceQuitRelaunchThenKill, "location.forceQuitRelaunch",
                "relaunchThenTerminate(after: 180 s)"
            ),
            (.regionEventLatency, "location.regionEventLatency", "180–300 s"),
            (.appRefreshEarlyExpiry, "scheduler.appRefreshEarlyExpiry", "2–5 s"),
            (.significantChangeHeartbeat, "location.significantChangeHeartbeat", "900 s"),
            (.significantChangeField2014, "location.significantChangeDistanceModel", "field2014"),
        ])
    func variantValues(variant: PolicyVariant, name: String, expected: String) throws {
        let policy = BackgroundPolicy(version: IOSVersion(17), variants: [variant])
        #expect(try #require(policy.parameters.first { $0.name == name }).value == expected)
    }

    @Test(
        "task-budget provenance per family",
        arguments: [
            (IOSFamily.iOS6, Provenance.documented, "TASK-2"), (.iOS7to12, .observed, "TASK-3"),
            (.iOS13to18, .documented, "TASK-6"), (.iOS26, .assumption, "TASK-6"),
        ])
    func taskBudgetProvenance(family: IOSFamily, provenance: Provenance, rule: String) throws {
        let row = try #require(BackgroundPolicy(family: family).parameters.first { $0.name == "execution.taskBudget" })
        #expect(row.provenance == provenance)
        #expect(row.rules.first == rule)
    }

    @Test("cfg, n/c and carried-over values are marked as assumptions")
    func assumptions() throws {
        func provenance(_ family: IOSFamily, _ name: String) throws -> Provenance {
            try #require(BackgroundPolicy(family: family).parameters.first { $0.name == name }).provenance
        }
        #expect(try provenance(.iOS13to18, "execution.expiryLeadTime") == .observed)  // 4.01 s on 16.4.1
        let thirteen = try #require(
            BackgroundPolicy(version: IOSVersion(13)).parameters.first { $0.name == "execution.expiryLeadTime" })
        #expect(thirteen.provenance == .assumption)  // cfg on 13.x
        #expect(try provenance(.iOS7to12, "execution.expiryLeadTime") == .observed)  // AT-1
        #expect(try provenance(.iOS6, "execution.wakeRefreshesTaskBudget") == .assumption)  // n/c (7–12)
        #expect(try provenance(.iOS13to18, "execution.wakeRefreshesTaskBudget") == .inference)
        #expect(try provenance(.iOS26, "execution.didEnterBackgroundDeadline") == .assumption)  // as 13–18
        #expect(try provenance(.iOS13to18, "execution.didEnterBackgroundDeadline") == .documented)
        #expect(try provenance(.iOS7to12, "push.heldPushes") == .assumption)  // n/c (13–18)
        #expect(try provenance(.iOS13to18, "push.heldPushes") == .documented)
        #expect(try provenance(.iOS13to18, "scheduler.processingTime") == .assumption)  // cfg
        #expect(try provenance(.iOS13to18, "scheduler.processingRunsAfterForceQuit") == .inference)  // BGT-15
        #expect(try provenance(.iOS13to18, "scheduler.processingTimeAfterForceQuit") == .assumption)  // cfg
        #expect(try provenance(.iOS13to18, "scheduler.processingAfterForceQuitUsesCellular") == .assumption)  // cfg
        // CONF-20 default: no tail, a modelling choice.
        #expect(try provenance(.iOS13to18, "location.regionExitTailAfterTermination") == .assumption)
        #expect(try provenance(.iOS13to18, "termination.wakeupLimit") == .assumption)  // cfg
        #expect(try provenance(.iOS26, "location.forceQuitRelaunch") == .observed)  // LOC-28
        #expect(try provenance(.iOS6, "location.forceQuitRelaunch") == .inference)
        #expect(try provenance(.iOS13to18, "voip.pushLaunchesAfterForceQuit") == .folklore)  // TERM-2
    }

    @Test(
        "a field changed by a variant cites the variant's CONF rule and takes its provenance",
        arguments: [
            (PolicyVariant.taskBudget40, "execution.taskBudget", Provenance.observed, "CONF-1"),
            (.debuggerAttached, "debuggerAttached", .observed, "CONF-13"),
            (.disableSchedulingFactor(.appUsage), "scheduler.schedulingFactors", .assumption, "CONF-8"),
            (.silentPushAfterForceQuit, "termination.forceQuitBlocks", .folklore, "CONF-7"),
            (.forceQuitNeverRelaunches, "location.forceQuitRelaunch", .inference, "CONF-5"),
            (.noWakeRefresh, "execution.wakeRefreshesTaskBudget", .assumption, "CONF-2"),
            (.regionExitTailAfterTermination, "location.regionExitTailAfterTermination", .folklore, "CONF-20"),
        ])
    func variantRows(variant: PolicyVariant, name: String, provenance: Provenance, rule: String) throws {
        let version = IOSVersion(12)
        let row = try #require(
            BackgroundPolicy(version: version, variants: [variant]).parameters.first { $0.name == name })
        let base = try #require(BackgroundPolicy(version: version).parameters.first { $0.name == name })
        #expect(row.value != base.value)
        #expect(row.rules.contains(rule))
        #expect(row.provenance == provenance)
        #expect(row.provenance == variant.provenance)
    }

    @Test("unchanged rows keep their default description under variants")
    func unchangedRows() {
        let base = BackgroundPolicy(version: IOSVersion(12)).parameters
        let varied = BackgroundPolicy(version: IOSVersion(12), variants: [.grace10Seconds]).parameters
        let differing = zip(varied, base).filter { $0 != $1 }.map(\.0.name)
        #expect(differing == ["execution.graceAfterBackground"])
    }
}
