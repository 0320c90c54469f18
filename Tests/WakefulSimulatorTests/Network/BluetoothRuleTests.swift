import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Core Bluetooth and accessories on the simulated device (BLE-1, BLE-2, BLE-4, TERM-1).
///
/// The central app connects at launch (0.1 s), polls once (answer at 0.15 s) and is suspended at
/// 15 s; the dongle, no longer polled, sleeps at 20.1 s and drops the connection.
@Suite("Network: Core Bluetooth and accessories (BLE)", .watchdog, .cpuBound)
struct BluetoothRuleTests {
    static let asleep: TimeInterval = 20.1

    static func trace(
        _ version: IOSVersion, app: Scripted = NetworkApps.central(), accessorySetupKit: Bool = false,
        actions: [UserAction] = []
    ) -> Trace {
        let scenario = NetworkScenarios.make(
            duration: 600, accessory: NetworkScenarios.dongle, accessorySetupKit: accessorySetupKit, actions: actions)
        return Trace(scenario, ios: version, setup: .custom(app))
    }

    @Test(
        "BLE-1: a delegate event wakes a suspended bluetooth-central app for ≈10 s",
        arguments: NetworkScenarios.families)
    func eventWakesForTenSeconds(version: IOSVersion) {
        let trace = Self.trace(version)
        #expect(trace.records("sample").count == 1)
        #expect(trace.decisions("accessoryAsleep").map(\.time).count == 1)
        #expect(same(trace.decisions("accessoryAsleep").first?.time, Self.asleep))
        #expect(
            trace.steps(at: Self.asleep) == [
                .to(.background), .got(.bluetooth(.disconnected(peripheral: "dongle", error: "connectionTimeout"))),
            ])
        #expect(trace.metrics.wakes["bluetooth"] == 1)
        let sleep = trace.states(to: .suspended).last
        #expect(same(sleep?.time, Self.asleep + BackgroundPolicy(version: version).bluetooth.wakeWindow))
        #expect(sleep?.change.rules.contains("BLE-1") == true)
        #expect(trace.metrics.invariantViolations.isEmpty)
    }

    @Test("BLE-1: without the bluetooth-central mode no event wakes the app", arguments: NetworkScenarios.families)
    func noModeNoWake(version: IOSVersion) {
        let trace = Self.trace(version, app: NetworkApps.central(modes: []))
        let suppressed = trace.decisions("wakeSuppressed").first
        #expect(same(suppressed?.time, Self.asleep))
        #expect(suppressed?.decision.rules == ["BLE-1"])
        #expect(trace.metrics.wakes["bluetooth"] == 0)
    }

    @Test(
        "BLE-2: a background scan for every service (nil) finds nothing; one naming the service finds the dongle",
        arguments: NetworkScenarios.families)
    func backgroundScanNeedsServices(version: IOSVersion) {
        let blind = Self.trace(version, app: NetworkApps.central(services: nil, scanOnBackground: true))
        #expect(blind.events { if case .bluetooth(.discovered) = $0 { true } else { false } }.isEmpty)
        #expect(blind.decisions("scanRestricted").first?.decision.rules == ["BLE-2"])
        // The named scan finds it in its first listening window, unless the dongle sleeps first.
        let named = Self.trace(version, app: NetworkApps.central(services: ["FFE0"], scanOnBackground: true))
        let found = named.times { if case .bluetooth(.discovered) = $0 { true } else { false } }
        #expect(found.count <= 1 && found.allSatisfy { $0 >= 10 && $0 <= Self.asleep })
        #expect(named.decisions("scanRestricted").isEmpty)
        // A foreground scan for every service finds it.
        let foreground = Self.trace(version, app: NetworkApps.central(services: nil))
        #expect(foreground.records("sample").count == 1)
    }

    @Test(
        "BLE-4: a pending connect has no timeout and wakes the app when the accessory comes back",
        arguments: NetworkScenarios.families)
    func pendingConnectIsAWakeSource(version: IOSVersion) {
        let trace = Self.trace(version, actions: [UserAction(at: 200, .wakeAccessory("dongle"))])
        #expect(same(trace.decisions("connectPending").first?.time, Self.asleep))
        #expect(trace.steps(at: 200.1) == [.to(.background), .got(.bluetooth(.connected(peripheral: "dongle")))])
        #expect(trace.records("sample").map(\.time).count == 2)
        #expect(same(trace.records("sample").last?.time, 200.15))
        #expect(trace.metrics.bluetoothConnections == 2)
        #expect(trace.metrics.bluetoothReconnections == 1)
    }

    @Test(
        "BLE-4: state restoration relaunches an app the system removed, from iOS 7",
        arguments: NetworkScenarios.families)
    func restorationAfterJetsam(version: IOSVersion) {
        let trace = Self.trace(
            version, actions: [UserAction(at: 100, .memoryPressure), UserAction(at: 200, .wakeAccessory("dongle"))])
        #expect(trace.metrics.terminations.map(\.reason) == [.memoryPressure])
        if version.family == .iOS6 {
            #expect(trace.metrics.relaunches == 0)
            #expect(trace.decisions("bluetoothStateRestoration").first?.decision.fields["kept"] == false)
        } else {
            #expect(
                trace.steps(at: 200.1) == [
                    .to(.background), .got(.didFinishLaunching(.bluetooth)),
                    .got(.bluetooth(.willRestoreState(peripherals: ["dongle"]))),
                    .got(.bluetooth(.connected(peripheral: "dongle"))),
                ])
            #expect(trace.relaunchTransitions.map(\.cause) == ["bluetoothRelaunch"])
        }
    }

    @Test(
        "BLE-4, TERM-1: no restoration after a force-quit; on 26 only for AccessorySetupKit apps",
        arguments: NetworkScenarios.families, [false, true])
    func noRestorationAfterForceQuit(version: IOSVersion, accessorySetupKit: Bool) {
        let trace = Self.trace(
            version, accessorySetupKit: accessorySetupKit,
            actions: [UserAction(at: 100, .forceQuit), UserAction(at: 200, .wakeAccessory("dongle"))])
        let restored = version.family == .iOS26 && accessorySetupKit
        #expect(trace.metrics.relaunches == (restored ? 1 : 0))
        let decision = trace.decisions("bluetoothStateRestoration").first?.decision
        #expect(decision?.fields["kept"] == .bool(restored))
        #expect(decision?.rules.contains("TERM-1") == true)
    }

    @Test(
        "BLE-4: no restoration after Bluetooth was switched off; on 26 only for AccessorySetupKit apps",
        arguments: NetworkScenarios.modern, [false, true])
    func noRestorationAfterBluetoothOff(version: IOSVersion, accessorySetupKit: Bool) {
        let actions = [
            UserAction(at: 90, .memoryPressure), UserAction(at: 100, .setBluetooth(false)),
            UserAction(at: 150, .setBluetooth(true)),
            UserAction(at: 200, .wakeAccessory("dongle")),
        ]
        let trace = Self.trace(version, accessorySetupKit: accessorySetupKit, actions: actions)
        let restored = version.family == .iOS26 && accessorySetupKit
        #expect(trace.decisions("bluetoothOff").first?.decision.fields["outstandingKept"] == .bool(restored))
        #expect(trace.metrics.relaunches == (restored ? 1 : 0))
    }

    @Test("BLE-4: after a reboot restoration waits for the first unlock", arguments: NetworkScenarios.modern)
    func restorationWaitsForFirstUnlock(version: IOSVersion) {
        // The dongle wakes at 200 and, not polled, sleeps again at 220; the user unlocks at 210.
        let actions = [
            UserAction(at: 100, .reboot), UserAction(at: 200, .wakeAccessory("dongle")), UserAction(at: 210, .unlock),
        ]
        let trace = Self.trace(version, actions: actions)
        #expect(trace.metrics.relaunches == 1)
        #expect(same(trace.relaunchTransitions.first?.time, 210.1))
        // Without the unlock, nothing.
        let locked = Self.trace(
            version, actions: [UserAction(at: 100, .reboot), UserAction(at: 200, .wakeAccessory("dongle"))])
        #expect(locked.metrics.relaunches == 0)
        #expect(trace.times { $0 == .bluetooth(.connected(peripheral: "dongle")) }.filter { $0 > 100 }.count == 1)
    }

    @Test(
        "the accessory sleeps only when not polled: polls inside a running app keep it awake",
        arguments: [IOSVersion(17)])
    func pollsKeepTheAccessoryAwake(version: IOSVersion) {
        // Foreground all along (the user never presses Home): the app polls every 10 s.
        let poller = Scripted("Poller", modes: [.bluetoothCentral]) { event, _ in
            switch event {
            case .didFinishLaunching:
                return [
                    .scanForPeripherals(services: ["FFE0"]),
                    .setTimer(TimerRequest(id: "poll", interval: 10, repeats: true)),
                ]
            case .bluetooth(.discovered(let id, _)): return [.connect(peripheral: id)]
            case .bluetooth(.connected(let id)): return [.subscribe(peripheral: id, characteristic: "FFE1")]
            case .timerFired: return [.writeValue(peripheral: "dongle", characteristic: "FFE1", bytes: 4)]
            case .bluetooth(.valueUpdated): return [.record(Record(kind: "sample"))]
            default: return []
            }
        }
        var scenario = Scenarios.make(duration: 300, home: DeviceScenarios.never, at: .zero)
        scenario.world.accessories = [NetworkScenarios.dongle]
        let trace = Trace(scenario, ios: version, setup: .custom(poller))
        #expect(trace.decisions("accessoryAsleep").isEmpty)
        #expect(trace.records("sample").count == 29)
        #expect(trace.metrics.usage.bluetoothConnectedSeconds > 299)
    }

    @Test("BLE-2: out of the foreground a scan listens 25 s in every 10 min, at a phase of its own per seed")
    func backgroundScanDutyCycle() throws {
        var awake = NetworkScenarios.dongle
        awake.sleepsAfterIdle = nil
        let scenario = NetworkScenarios.make(duration: 1200, accessory: awake)
        let delays = try (1...20).map { seed -> Double in
            let trace = Trace(
                scenario, ios: IOSVersion(17),
                setup: .custom(NetworkApps.central(services: ["FFE0"], scanOnBackground: true)), seed: UInt64(seed))
            let found = try #require(trace.times { if case .bluetooth(.discovered) = $0 { true } else { false } }.first)
            return found - 10  // the scan starts on entering the background at 10 s
        }
        let rules = BackgroundPolicy(version: IOSVersion(17)).bluetooth
        #expect(delays.allSatisfy { $0 >= 0 && $0 < rules.backgroundScanPeriod })
        #expect(Set(delays).count > 10, "the window's phase is drawn per seed: \(delays)")
        #expect(delays.filter { $0 == 0 }.count <= 5, "inside the window at once only now and then: \(delays)")
    }
}
