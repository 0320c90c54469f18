import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The app as a Bluetooth LE peripheral (BLE-1, BLE-3, BLE-4): `PeripheralAdvertiser` advertises
/// FFE0 from launch; a world central looks for it and writes every 60 s while connected.
@Suite("Peripheral: advertising and central writes (BLE-1, BLE-3, BLE-4)", .watchdog, .cpuBound)
struct PeripheralModeTests {
    static func central(readsOverflowArea: Bool = true, at position: LocalPoint = LocalPoint(east: 1, north: 0))
        -> WorldAccessory
    {
        .central(
            id: "reader", position: position, range: 30, lookingFor: "FFE0", readsOverflowArea: readsOverflowArea,
            writeEvery: 60)
    }

    /// The user opens the app at 0 and presses Home at `home`, standing next to the central, or
    /// walking into its range from 200 m away between 20 s and 120 s when `walksIn`.
    static func trace(
        _ version: IOSVersion, modes: [BackgroundMode]? = nil, readsOverflowArea: Bool = true, home: TimeInterval = 10,
        walksIn: Bool = false, actions: [UserAction] = [], duration: TimeInterval = 400,
        options: PeripheralAdvertiser.Options = .init()
    ) -> Trace {
        var scenario =
            walksIn
            ? Scenarios.make(
                duration: duration, home: home, at: LocalPoint(east: 200, north: 0), walkFrom: 20,
                legs: [RouteLeg(destination: .zero, speed: 2)], modes: modes, actions: actions)
            : Scenarios.make(duration: duration, home: home, at: .zero, modes: modes, actions: actions)
        scenario.world.accessories = [central(readsOverflowArea: readsOverflowArea)]
        return Trace(
            scenario, ios: version,
            setup: StrategySetup(name: "PeripheralAdvertiser", strategies: [.peripheralAdvertiser(options)]))
    }

    @Test(
        "BLE-3: the foreground advertisement carries the local name; in the background it drops it and moves the service to the overflow area",
        arguments: NetworkScenarios.families)
    func foregroundVersusBackground(version: IOSVersion) {
        let trace = Self.trace(version)
        let forms = trace.decisions("advertising")
        #expect(forms.map { $0.decision.fields["form"]?.description } == ["foreground", "background"])
        #expect(forms.map(\.time) == [0, 10])
        #expect(forms.first?.decision.fields["localName"] == "Wakeful")
        #expect(forms.first?.decision.fields["services"] == "FFE0")
        #expect(forms.first?.decision.fields["bytes"] == 13)
        #expect(forms.last?.decision.fields["localName"] == nil)
        #expect(forms.last?.decision.fields["overflow"] == "FFE0")
        #expect(forms.last?.decision.rules == ["BLE-1", "BLE-3"])
        #expect(trace.metrics.backgroundModes == ["bluetooth-peripheral"])
    }

    @Test("BLE-3: a foreground advertisement holds 28 bytes; a long name is shortened", arguments: [IOSVersion(17)])
    func twentyEightBytes(version: IOSVersion) {
        let trace = Self.trace(version, options: .init(localName: "A very long accessory name indeed"))
        let first = trace.decisions("advertising").first
        #expect(first?.decision.fields["bytes"] == 28)
        #expect(first?.decision.fields["localName"] == "A very long accessory ")
    }

    @Test(
        "BLE-1: each central write wakes the suspended app for ≈10 s with the bluetooth-peripheral mode",
        arguments: NetworkScenarios.families)
    func writesWake(version: IOSVersion) {
        let trace = Self.trace(version)
        #expect(trace.decisions("centralConnected").map(\.time) == [0.1])
        let writes = trace.records("write")
        #expect(writes.map(\.time) == [60.1, 120.1, 180.1, 240.1, 300.1, 360.1])
        #expect(writes.allSatisfy { $0.record.fields["appState"] == "background" })
        #expect(writes.first?.record.fields["central"] == "reader")
        #expect(trace.metrics.wakes["bluetooth"] == 6)
        let window = BackgroundPolicy(version: version).bluetooth.wakeWindow
        #expect(trace.states(to: .suspended).contains { same($0.time, 60.1 + window) })
        #expect(trace.metrics.invariantViolations.isEmpty)
    }

    @Test(
        "BLE-1: without the bluetooth-peripheral mode advertising pauses in the background and writes wake nothing",
        arguments: NetworkScenarios.families)
    func noModeNoWake(version: IOSVersion) {
        let trace = Self.trace(version, modes: [])
        #expect(trace.decisions("advertising").last?.decision.fields["form"] == "paused")
        // Connected in the foreground, the central keeps writing, but the app is not woken.
        #expect(trace.records("write").isEmpty)
        let suppressed = trace.decisions("wakeSuppressed")
        #expect(suppressed.count == 6)
        #expect(suppressed.first?.decision.rules == ["BLE-1"])
        #expect(suppressed.first?.decision.fields["why"] == "no bluetooth-peripheral background mode")
        #expect(trace.metrics.wakes["bluetooth"] == 0)
    }

    @Test(
        "BLE-3: a central that does not read the overflow area finds the app only in the foreground",
        arguments: NetworkScenarios.families)
    func overflowOnlyDiscovery(version: IOSVersion) {
        // Walking into range at ≈105 s while the app is in the background.
        let ios = Self.trace(version, walksIn: true)
        #expect(ios.decisions("centralConnected").count == 1)
        #expect(ios.decisions("centralConnected").first?.decision.fields["form"] == "background")
        #expect(ios.records("write").count >= 4)
        let other = Self.trace(version, readsOverflowArea: false, walksIn: true)
        #expect(other.decisions("centralConnected").isEmpty)
        #expect(other.records("write").isEmpty)
        // The same central finds the app while it is on screen: the service is in the main packet.
        let onScreen = Self.trace(version, readsOverflowArea: false, home: 390, walksIn: true)
        #expect(onScreen.decisions("centralConnected").first?.decision.fields["form"] == "foreground")
        #expect(onScreen.records("write").first?.record.fields["appState"] == "active")
    }

    @Test(
        "BLE-4: after the system removes the app, a write relaunches it from iOS 7; iOS 6 has no restoration",
        arguments: NetworkScenarios.families)
    func restorationAfterJetsam(version: IOSVersion) {
        let trace = Self.trace(version, actions: [UserAction(at: 100, .memoryPressure)])
        #expect(trace.metrics.terminations.map(\.reason) == [.memoryPressure])
        let kept = trace.decisions("peripheralStateRestoration").first?.decision
        if version.family == .iOS6 {
            #expect(kept?.fields["kept"] == false)
            #expect(trace.records("write").map(\.time) == [60.1])
            #expect(trace.metrics.relaunches == 0)
        } else {
            #expect(kept?.fields["kept"] == true)
            #expect(trace.steps(at: 120.1).prefix(2) == [.to(.background), .got(.didFinishLaunching(.bluetooth))])
            #expect(trace.records("write").map(\.time) == [60.1, 120.1, 180.1, 240.1, 300.1, 360.1])
            #expect(trace.relaunchTransitions.map(\.cause) == ["bluetoothRelaunch"])
        }
    }

    @Test(
        "Bluetooth off stops the advertisement and drops the central; on again, the central finds the app again",
        arguments: [IOSVersion(12), IOSVersion(26)])
    func bluetoothOff(version: IOSVersion) {
        let trace = Self.trace(
            version, actions: [UserAction(at: 100, .setBluetooth(false)), UserAction(at: 200, .setBluetooth(true))])
        #expect(
            trace.decisions("advertising").map { $0.decision.fields["form"]?.description } == [
                "foreground", "background", "off", "background",
            ])
        #expect(trace.decisions("centralDisconnected").map(\.time) == [100])
        #expect(trace.decisions("centralConnected").map(\.time) == [0.1, 200.1])
        #expect(trace.records("write").map(\.time) == [60.1, 260.1, 320.1, 380.1])
    }

    @Test(
        "BLE-4: a force-quit stops the advertisement; no write relaunches the app", arguments: NetworkScenarios.families
    )
    func forceQuit(version: IOSVersion) {
        let trace = Self.trace(version, actions: [UserAction(at: 30, .forceQuit)])
        let restoration = trace.decisions("peripheralStateRestoration")
        #expect(restoration.map(\.time) == [30])
        #expect(restoration.first?.decision.fields["kept"] == false)
        #expect(restoration.first?.decision.rules.contains("BLE-4") == true)
        #expect(trace.decisions("centralDisconnected").map(\.time) == [30])
        #expect(trace.records("write").isEmpty)
        #expect(trace.states(to: .background).allSatisfy { $0.time < 30 })
    }
}

/// `world.accessories` entries with `"role": "central"`: strict decoding.
@Suite("Peripheral: central accessories in scenario files", .watchdog, .cpuBound)
struct PeripheralDecodingTests {
    static func decode(_ accessories: String) throws -> Scenario {
        let json = #"{"name": "t", "duration": 60, "world": {"accessories": [\#(accessories)]}}"#
        return try Scenario.decode(Data(json.utf8), file: "t.json", directory: nil)
    }

    @Test("a central decodes with its keys and defaults; a peripheral is the default role")
    func central() throws {
        let scenario = try Self.decode(
            #"{"id": "r", "role": "central", "position": {"east": 1, "north": 0}, "lookingFor": "FFE0", "readsOverflowArea": false, "writeEvery": 30}, {"id": "k", "role": "central", "position": {"east": 0}, "lookingFor": "180D"}, {"id": "d", "position": {"east": 0}, "service": "FFE0"}"#
        )
        #expect(
            scenario.world.accessories == [
                .central(
                    id: "r", position: LocalPoint(east: 1, north: 0), lookingFor: "FFE0", readsOverflowArea: false,
                    writeEvery: 30),
                .central(id: "k", position: LocalPoint(east: 0, north: 0), lookingFor: "180D"),
                WorldAccessory(id: "d", position: LocalPoint(east: 0, north: 0), service: "FFE0"),
            ])
        #expect(scenario.world.accessories.map(\.role) == [.central, .central, .peripheral])
        #expect(scenario.world.accessories[1].readsOverflowArea && scenario.world.accessories[1].writeEvery == 60)
    }

    @Test(
        "bad central keys name the field and the expected form",
        arguments: [
            (
                #"{"id": "r", "role": "observer", "position": {"east": 0}, "lookingFor": "FFE0"}"#,
                "world.accessories[0].role", "\"peripheral\" or \"central\""
            ),
            (
                #"{"id": "r", "role": "central", "position": {"east": 0}}"#, "world.accessories[0].lookingFor",
                "is required"
            ),
            (
                #"{"id": "r", "role": "central", "position": {"east": 0}, "lookingFor": "FFE0", "service": "FFE0"}"#,
                "world.accessories[0].service", "not allowed for a central"
            ),
            (
                #"{"id": "r", "role": "central", "position": {"east": 0}, "lookingFor": "FFE0", "sleepsAfterIdle": 5}"#,
                "world.accessories[0].sleepsAfterIdle", "not allowed for a central"
            ),
            (
                #"{"id": "r", "role": "central", "position": {"east": 0}, "lookingFor": "FFE0", "writeEvery": 0}"#,
                "world.accessories[0].writeEvery", "positive number of seconds"
            ),
            (
                #"{"id": "r", "role": "central", "position": {"east": 0}, "lookingFor": "FFE0", "readsOverflowArea": "yes"}"#,
                "world.accessories[0].readsOverflowArea", "true or false"
            ),
            (
                #"{"id": "d", "position": {"east": 0}, "service": "FFE0", "writeEvery": 5}"#,
                "world.accessories[0].writeEvery", "only allowed with \"role\": \"central\""
            ),
            (
                #"{"id": "d", "position": {"east": 0}, "service": "FFE0", "lookingFor": "FFE0"}"#,
                "world.accessories[0].lookingFor", "only allowed with"
            ),
        ])
    func badKeys(accessory: String, field: String, fragment: String) throws {
        let error = try #require(throws: ScenarioError.self) { try Self.decode(accessory) }
        #expect(error.field == field, "\(error)")
        #expect(error.message.contains(fragment), "\(error)")
    }

    @Test("the catalogue builds PeripheralAdvertiser from scenario options")
    func catalogue() throws {
        let json =
            #"{"name": "m", "duration": 60, "world": {}, "strategies": [{"name": "p", "use": [{"strategy": "PeripheralAdvertiser", "options": {"localName": "Bike"}}]}]}"#
        let setups = try Scenario.decode(Data(json.utf8), file: "t.json", directory: nil).setups
        let strategy = try #require(setups.first?.strategies.first?.makeStrategy() as? PeripheralAdvertiser)
        #expect(
            strategy.options == PeripheralAdvertiser.Options(service: "FFE0", localName: "Bike", recordKind: "write"))
        #expect(StrategyCatalog.names.contains("PeripheralAdvertiser"))
    }
}

@Suite("Peripheral: how long a background advertisement lasts (BLE-3)", .watchdog, .cpuBound)
struct PeripheralAdvertisingLifetimeTests {
    @Test("BLE-3: a background advertisement stops 3 to 10 min after Home, drawn per seed, and resumes on screen")
    func backgroundAdvertisingLifetime() throws {
        let lifetimes = try (1...10).map { seed -> Double in
            var scenario = Scenarios.make(
                duration: 1500, home: 10, at: .zero, actions: [UserAction(at: 1200, .open)])
            scenario.world.accessories = [PeripheralModeTests.central()]
            let trace = Trace(
                scenario, ios: IOSVersion(17),
                setup: StrategySetup(name: "PeripheralAdvertiser", strategies: [.peripheralAdvertiser(.init())]),
                seed: UInt64(seed))
            let forms = trace.decisions("advertising").map { ($0.time, $0.decision.fields["form"]?.description) }
            #expect(forms.map(\.1) == ["foreground", "background", "paused", "foreground"])
            let paused = try #require(
                trace.decisions("advertising").first { $0.decision.rules == ["BLE-3"] && $0.time > 10 })
            return paused.time - 10
        }
        #expect(lifetimes.allSatisfy { (180...600).contains($0) }, "\(lifetimes)")
        #expect(Set(lifetimes).count > 5)
    }
}
