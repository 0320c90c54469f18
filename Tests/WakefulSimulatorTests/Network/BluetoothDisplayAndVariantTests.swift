import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Pending connects with the display off, restoration across a reboot by release, foreground scans,
/// and the Bluetooth variants (BLE-2, BLE-4, CONF-BLE-2, CONF-BLE-4).
///
/// The central app connects at launch and polls once; the accessory, no longer polled, sleeps at
/// 60.1 s and drops the connection, and the app's reconnect stays pending until it is woken.
@Suite("Network: Bluetooth with the display off, across reboots, and its variants", .watchdog, .cpuBound)
struct BluetoothDisplayAndVariantTests {
    static let accessory = WorldAccessory(
        id: "dongle", position: LocalPoint(east: 1, north: 0), range: 30, sleepsAfterIdle: 60, service: "FFE0")

    static func trace(
        _ version: IOSVersion = IOSVersion(26), duration: TimeInterval = 600, variants: [PolicyVariant] = [],
        actions: [UserAction]
    ) -> Trace {
        var scenario = NetworkScenarios.make(duration: duration, accessory: Self.accessory, actions: actions)
        scenario.device.variants = variants
        return Trace(scenario, ios: version, setup: .custom(NetworkApps.central()))
    }

    static func connections(_ trace: Trace, after time: TimeInterval) -> [TimeInterval] {
        trace.times { $0 == .bluetooth(.connected(peripheral: "dongle")) }.filter { $0 > time }
    }

    /// The phone leaves the accessory's range at 300 and comes back at `back`; the accessory
    /// never sleeps, so it has been advertising all along.
    static func walkAway(back: TimeInterval, actions: [UserAction]) -> Trace {
        var scenario = NetworkScenarios.make(
            duration: 900, accessory: WorldAccessory(id: "dongle", position: .zero, service: "FFE0"), actions: actions)
        scenario.world.trajectory = try! Trajectory.route(
            from: LocalPoint(east: 1, north: 0), startingAt: 300,
            legs: [
                RouteLeg(destination: LocalPoint(east: 100, north: 0), speed: 1000, pause: back - 300.1),
                RouteLeg(destination: LocalPoint(east: 1, north: 0), speed: 1000),
            ])
        return Trace(scenario, ios: IOSVersion(26), setup: .custom(NetworkApps.central()))
    }

    @Test("BLE-4: with the display off a pending connect completes 20 s after the peripheral is back; lit, at once")
    func screenOffConnectLatency() throws {
        let locked = Self.walkAway(back: 500, actions: [UserAction(at: 100, .lock)])
        let back = try #require(Self.connections(locked, after: 300).first)
        // The world is looked at every second while the phone moves: in range by 501 at the latest.
        #expect(back >= 520 && back <= 521.2, "got \(back)")
        let lit = Self.walkAway(back: 500, actions: [])
        let litBack = try #require(Self.connections(lit, after: 300).first)
        #expect(litBack >= 500 && litBack <= 501.2, "got \(litBack)")
    }

    @Test("BLE-4: a peripheral that has just started advertising is connected at once even with the display off")
    func freshlyWokenAccessoryIsFast() {
        let trace = Self.trace(actions: [UserAction(at: 100, .lock), UserAction(at: 200, .wakeAccessory("dongle"))])
        #expect(same(Self.connections(trace, after: 100).first, 200.1))
    }

    @Test(
        "BLE-4: up to iOS 10 a reboot ends state restoration (QA1962); from 11 it waits for the first unlock",
        arguments: [IOSVersion(8), IOSVersion(10), IOSVersion(11), IOSVersion(17)])
    func restorationAcrossAReboot(version: IOSVersion) {
        let trace = Self.trace(
            version,
            actions: [
                UserAction(at: 100, .reboot), UserAction(at: 150, .unlock),
                UserAction(at: 200, .wakeAccessory("dongle")),
            ])
        let restored = version >= IOSVersion(11)
        let decision = trace.decisions("bluetoothStateRestoration").last?.decision
        #expect(decision?.fields["after"] == .string("reboot"))
        #expect(decision?.fields["kept"] == .bool(restored))
        #expect(trace.metrics.relaunches == (restored ? 1 : 0))
        #expect(trace.relaunchTransitions.map(\.cause) == (restored ? ["bluetoothRelaunch"] : []))
    }

    @Test("CONF-BLE-4: a pending connect lapses 90 min after it was made; by default it never does (BLE-4)")
    func pendingConnectLapses() {
        let actions = [UserAction(at: 5700, .wakeAccessory("dongle"))]
        let lapsing = Self.trace(duration: 6000, variants: [.pendingConnectLapses], actions: actions)
        #expect(Self.connections(lapsing, after: 100).isEmpty)
        let lapse = lapsing.decisions("connectLapsed").first
        #expect(same(lapse?.time, 5700))
        #expect(lapse?.decision.rules == ["BLE-4", "CONF-BLE-4"])
        let standing = Self.trace(duration: 6000, actions: actions)
        #expect(same(Self.connections(standing, after: 100).first, 5700.1))
        #expect(standing.decisions("connectLapsed").isEmpty)
    }

    @Test("CONF-BLE-2: a scan out of the foreground never listens; opening the app finds the peripheral at once")
    func backgroundScanNeverListens() {
        // Scans only after Home, far from the accessory; comes within range at 100, opens the app at 900.
        func run(_ variants: [PolicyVariant]) -> Trace {
            var scenario = NetworkScenarios.make(
                duration: 1200, accessory: WorldAccessory(id: "dongle", position: .zero, service: "FFE0"),
                actions: [UserAction(at: 900, .open)])
            scenario.world.trajectory = try! Trajectory.route(
                from: LocalPoint(east: 300, north: 0), startingAt: 100,
                legs: [RouteLeg(destination: LocalPoint(east: 1, north: 0), speed: 1000)])
            scenario.device.variants = variants
            return Trace(scenario, ios: IOSVersion(17), setup: .custom(NetworkApps.central(scanOnBackground: true)))
        }
        let discovered: (Event) -> Bool = { if case .bluetooth(.discovered) = $0 { true } else { false } }
        let never = run([.backgroundScanNeverListens])
        #expect(never.times(discovered).map { $0.rounded() } == [900])
        // By default a background window (25 s every 600 s) finds it before the app is opened.
        let windows = run([])
        #expect(windows.times(discovered).count == 1)
        #expect((windows.times(discovered).first ?? 900) < 900)
    }
}
