import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The network strategies on the simulated device per family, its built-in scenarios end
/// to end, and the scenario keys it adds.
@Suite("Network: strategies and scenarios", .watchdog, .cpuBound)
struct NetworkScenarioTests {
    static func run(_ scenario: String, _ setup: String, _ version: IOSVersion) throws -> RunMetrics {
        let loaded = try BuiltinScenarios.load(scenario)
        let spec = try #require(loaded.setups.first { $0.name == setup })
        return Simulator.run(loaded, ios: version, setup: spec, seed: 1)
    }

    // MARK: stay-logged-in (seed 004)

    @Test(
        "stay-logged-in: Heartbeat alone keeps the beats only for the family's task budget (TASK-2, TASK-3, TASK-6)",
        arguments: [
            (IOSVersion(6), 11), (IOSVersion(12), 4), (IOSVersion(17), 1), (IOSVersion(26), 1),
        ])
    func heartbeatAlone(version: IOSVersion, beats: Int) throws {
        let metrics = try Self.run("stay-logged-in", "Heartbeat", version)
        #expect(metrics.success?.summary == "\(beats) of 120 on time (\(Int((Double(beats) / 120 * 100).rounded())) %)")
        #expect(metrics.success?.largestGap?.cause == "suspended after task expiry")
        // The app stopped when the budget ran out after the lock at 10 s (+ the 0.2 s answer of the first beat).
        #expect(metrics.finalStop?.cause == "taskExpired")
        #expect(metrics.usage.radioBytes == 200 * beats)
        #expect(metrics.invariantViolations.isEmpty)
    }

    @Test(
        "stay-logged-in: with the location keep-alive every beat is kept, on every family (LOC-2)",
        arguments: NetworkScenarios.families)
    func heartbeatWithLocation(version: IOSVersion) throws {
        let metrics = try Self.run("stay-logged-in", "Heartbeat+LowPowerLocationKeepAlive", version)
        #expect(metrics.success?.score == 1)
        #expect(metrics.usage.radioBytes == 24_000)
        // 120 bursts of 0.2 s with a 10 s tail each (ENERGY-2).
        #expect(abs(metrics.usage.radioActiveSeconds - 120 * 10.2) < 0.5)
        #expect(metrics.reviewRisk.level == .medium)
    }

    @Test("stay-logged-in: the bare app sends nothing", arguments: NetworkScenarios.families)
    func stayLoggedInNone(version: IOSVersion) throws {
        #expect(try Self.run("stay-logged-in", "none", version).success?.score == 0)
    }

    // MARK: ble-dongle (seed 003)

    @Test(
        "ble-dongle: AccessoryKeepAlive keeps 76 % of the samples on every family; the stops are the gaps; pending connects reconnect twice",
        arguments: NetworkScenarios.families)
    func bleDongle(version: IOSVersion) throws {
        let metrics = try Self.run("ble-dongle", "AccessoryKeepAlive", version)
        #expect(metrics.success?.summary == "272 of 360 on time (76 %)")
        #expect(metrics.bluetoothConnections == 3)
        #expect(metrics.bluetoothReconnections == 2)
        #expect(abs(metrics.usage.bluetoothConnectedSeconds - 2681.7) < 0.5)
        #expect(metrics.backgroundModes == ["bluetooth-central"])
        // During the first stop iOS 12+ had suspended the app, so memory pressure removed it and
        // state restoration relaunched it at the engine start (BLE-4); iOS 6's 600 s budget kept it running.
        if version.family == .iOS6 {
            #expect(metrics.relaunches == 0 && metrics.terminations.isEmpty)
        } else {
            #expect(metrics.relaunches == 1)
            #expect(metrics.terminations.map(\.reason) == [.memoryPressure])
        }
        #expect(metrics.invariantViolations.isEmpty)
    }

    @Test(
        "ble-dongle: the bare app gets nothing; with the location keep-alive nothing is ever terminated",
        arguments: NetworkScenarios.families)
    func bleDongleOthers(version: IOSVersion) throws {
        #expect(try Self.run("ble-dongle", "none", version).success?.score == 0)
        let location = try Self.run("ble-dongle", "AccessoryKeepAlive+LowPowerLocationKeepAlive", version)
        #expect(location.terminations.isEmpty)
        #expect(location.success?.summary == "272 of 360 on time (76 %)")
    }

    @Test("a connected measure scores the share of the run connected to the accessory")
    func connectedMeasure() throws {
        var scenario = try BuiltinScenarios.load("ble-dongle")
        scenario.success = .connected(accessory: "dongle")
        let spec = try #require(scenario.setups.first { $0.name == "AccessoryKeepAlive" })
        let metrics = Simulator.run(scenario, ios: IOSVersion(17), setup: spec, seed: 1)
        #expect(abs((metrics.success?.score ?? 0) - 2681.7 / 3600) < 0.001)
        #expect(metrics.success?.measure == "connected to dongle")
        // The longest stretch without a connection: the second stop, 2420 → 3030.
        let gap = try #require(metrics.success?.largestGap)
        #expect(abs(gap.from - 2420.7) < 1 && abs(gap.to - 3030.1) < 0.01)
    }

    // MARK: BackgroundTransfer per family

    /// The foreground start delay the run drew for a task created in the foreground; 0 when none.
    static func foregroundWait(_ trace: Trace) -> Double {
        trace.decisions("transferDeferred").first { $0.decision.fields["createdIn"] == "foreground" }?
            .decision.fields["delay"]?.number ?? 0
    }

    @Test(
        "BackgroundTransfer: the upload finishes while suspended and wakes the app into its handler, which it completes (URLS-1)",
        arguments: NetworkScenarios.families)
    func backgroundTransfer(version: IOSVersion) {
        let setup = StrategySetup(name: "t", strategies: [.backgroundTransfer(.init(bytesPerUpload: 20_000_000))])
        let trace = Trace(NetworkScenarios.make(duration: 300), ios: version, setup: setup)
        if version.family == .iOS6 {
            #expect(trace.records("upload").isEmpty)
            #expect(trace.decisions("commandRefused").count == 1)
        } else {
            // Created at launch, in the foreground: on 12 and 13 it waits the run's drawn delay
            // (URLS-3, contested), elsewhere it starts at once; then it takes 20.2 s while the app
            // is suspended.
            let wait = Self.foregroundWait(trace)
            #expect((12...13).contains(version.major) ? wait >= 20 : wait == 0)
            #expect(trace.records("upload").map(\.time).count == 1)
            #expect(same(trace.records("upload").first?.time, wait + 20.2))
            #expect(trace.metrics.wakes["urlSession"] == 1)
            #expect(trace.transitions.last?.cause == "urlSessionEventsEnded")
            #expect(trace.metrics.terminations.isEmpty)
        }
    }

    @Test(
        "BackgroundTransfer: uploads started from each wake wait out a doubling resume delay (URLS-3)",
        arguments: NetworkScenarios.modern)
    func backgroundTransferChain(version: IOSVersion) {
        let setup = StrategySetup(
            name: "t", strategies: [.backgroundTransfer(.init(bytesPerUpload: 20_000_000, uploadInterval: 0))])
        let trace = Trace(NetworkScenarios.make(duration: 600), ios: version, setup: setup)
        // The first upload, created in the foreground, waits the run's drawn delay on 12 and 13
        // (URLS-3, contested); 20 MB take 20.2 s; each later one, created at a wake, waits the
        // resume delay.
        let wait = Self.foregroundWait(trace)
        let wakes = trace.transitions.filter { $0.cause == "urlSessionWake" }.map(\.time)
        #expect(same(wakes.first, wait + 20.2))
        #expect(trace.decisionNumbers("resumeDelay", "delay") == Array([60.0, 120, 240, 480].prefix(wakes.count)))
        #expect(trace.records("upload").map(\.time).count == wakes.count)
        for (previous, next) in zip(wakes, wakes.dropFirst()) { #expect(next - previous > 60) }
    }

    @Test(
        "Heartbeat on any wake: Bluetooth wakes from a dongle that answers every 10 s carry the heartbeat too",
        arguments: NetworkScenarios.families)
    func heartbeatRidesOnBluetooth(version: IOSVersion) throws {
        var scenario = NetworkScenarios.make(
            duration: 900,
            accessory: WorldAccessory(id: "dongle", position: LocalPoint(east: 1, north: 0), service: "FFE0"))
        scenario.success = .periodic(record: "heartbeat", period: 60, from: 0, to: nil, tolerance: 60)
        let setup = StrategySetup(name: "t", strategies: [.accessoryKeepAlive(), .heartbeat()])
        let metrics = Simulator.run(scenario, ios: version, setup: setup, seed: 1)
        #expect(metrics.success?.score == 1)
    }

    // MARK: Scenario keys

    static let world =
        #""world": {"movement": {"stay": {"east": 0, "north": 0}}, "network": [{"at": 0, "kind": "wifi", "bandwidth": 2000000}, {"at": 3600, "kind": "none"}], "server": {"latency": 0.5, "down": [{"from": 10, "to": 20}]}, "accessories": [{"id": "dongle", "position": {"east": 2, "north": 0}, "range": 30, "sleepsAfterIdle": 20, "service": "FFE0"}]}"#

    @Test(
        "world.network, world.server, world.accessories, app.accessorySetupKit, device.radioTail, wakeAccessory and setBluetooth decode"
    )
    func decodesNetworkKeys() throws {
        let json =
            #"{"name": "t", "duration": 7200, \#(Self.world), "app": {"accessorySetupKit": true}, "device": {"radioTail": 5}, "user": [{"at": 5, "action": "wakeAccessory", "accessory": "dongle"}, {"at": 6, "action": "setBluetooth", "on": false}], "success": {"connected": {"accessory": "dongle"}}}"#
        let scenario = try Scenario.decode(Data(json.utf8), file: "t.json", directory: nil)
        #expect(scenario.world.network.segment(at: 10) == NetworkSegment(at: 0, kind: .wifi, bandwidth: 2_000_000))
        #expect(scenario.world.network.segment(at: 4000).kind == .none)
        #expect(scenario.world.server == ServerDescription(latency: 0.5, downPeriods: [10...20]))
        #expect(
            scenario.world.accessories == [
                WorldAccessory(
                    id: "dongle", position: LocalPoint(east: 2, north: 0), range: 30, sleepsAfterIdle: 20,
                    service: "FFE0")
            ])
        #expect(scenario.app.accessorySetupKit)
        #expect(scenario.device.radioTail == 5)
        #expect(scenario.actions.map(\.kind) == [.wakeAccessory("dongle"), .setBluetooth(false)])
        #expect(scenario.success == .connected(accessory: "dongle"))
    }

    @Test(
        "bad network keys name the field and the expected form",
        arguments: [
            (
                #""world": {"network": [{"at": 0, "kind": "wired"}]}"#, "world.network[0].kind",
                "expected one of: wifi, cellular, none"
            ),
            (
                #""world": {"network": [{"at": 0, "kind": "none", "bandwidth": 5}]}"#, "world.network[0].bandwidth",
                "does not apply"
            ),
            (
                #""world": {"network": [{"at": 0, "kind": "wifi", "bandwidth": 0}]}"#, "world.network[0].bandwidth",
                "positive number of bytes per second"
            ),
            (
                #""world": {"network": [{"at": 10, "kind": "wifi"}, {"at": 5, "kind": "none"}]}"#, "world.network",
                "time order"
            ),
            (
                #""world": {"network": [{"at": 0, "kind": "wifi", "speed": 1}]}"#, "world.network[0].speed",
                "unknown field"
            ),
            (#""world": {"server": {"down": [{"from": 20, "to": 10}]}}"#, "world.server.down[0].to", "after from"),
            (#""world": {"server": {"latency": -1}}"#, "world.server.latency", "zero or more"),
            (
                #""world": {"accessories": [{"id": "a", "position": {"east": 0}, "service": "FFE0"}, {"id": "a", "position": {"east": 0}, "service": "FFE0"}]}"#,
                "world.accessories", "two accessories"
            ),
            (
                #""world": {"accessories": [{"id": "a", "position": {"east": 0}, "service": "FFE0", "sleepsAfterIdle": 0}]}"#,
                "world.accessories[0].sleepsAfterIdle", "positive number of seconds"
            ),
            (
                #""world": {"accessories": [{"id": "a", "position": {"east": 0}}]}"#, "world.accessories[0].service",
                "is required"
            ),
            (
                #""world": {}, "user": [{"at": 1, "action": "wakeAccessory", "accessory": "nope"}]"#,
                "user[0].accessory", "not defined in world.accessories"
            ),
            (
                #""world": {}, "user": [{"at": 1, "action": "home", "accessory": "x"}]"#, "user[0].accessory",
                "only wakeAccessory"
            ),
            (
                #""world": {}, "success": {"connected": {"peripheral": "x"}}"#, "success.connected.peripheral",
                "unknown field"
            ),
            (#""world": {}, "device": {"radioTail": -1}"#, "device.radioTail", "zero or more"),
            (#""world": {}, "app": {"accessorySetupKit": "yes"}"#, "app.accessorySetupKit", "true or false"),
        ])
    func badNetworkKeys(members: String, field: String, fragment: String) throws {
        let json = #"{"name": "t", "duration": 60, \#(members)}"#
        let error = try #require(throws: ScenarioError.self) {
            try Scenario.decode(Data(json.utf8), file: "t.json", directory: nil)
        }
        #expect(error.field == field, "\(error)")
        #expect(error.message.contains(fragment), "\(error)")
    }

    @Test("the built-in scenarios are listed and load")
    func builtins() throws {
        #expect(BuiltinScenarios.names.contains("stay-logged-in") && BuiltinScenarios.names.contains("ble-dongle"))
        let stay = try BuiltinScenarios.load("stay-logged-in")
        #expect(
            stay.duration == 7200
                && stay.success == .periodic(record: "heartbeat", period: 60, from: 0, to: nil, tolerance: 60))
        let ble = try BuiltinScenarios.load("ble-dongle")
        #expect(ble.world.accessories.first?.sleepsAfterIdle == 20)
        #expect(ble.success == .periodic(record: "sample", period: 10, from: 0, to: nil, tolerance: 10))
    }
}
