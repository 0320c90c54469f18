import Testing
import Wakeful
import WakefulDoctor
import WakefulTestSupport

@Suite("Usage descriptions", .watchdog, .cpuBound)
struct UsageDescriptionTests {
    @Test("Always requested, only the When In Use string and the pre-iOS 11 key present")
    func missingWithLegacyKey() throws {
        let report = try Fixture.report("usage-missing.plist", config: "gas-station.json")
        let missing = try #require(report.findings(.usageDescriptionMissing).first)
        #expect(missing.key == "NSLocationAlwaysAndWhenInUseUsageDescription")
        #expect(missing.severity == .error)
        #expect(missing.message.contains("BeaconTrigger and LowPowerLocationKeepAlive"))
        #expect(missing.message.contains("has only NSLocationAlwaysUsageDescription"))
        #expect(missing.message.contains("Add <key>NSLocationAlwaysAndWhenInUseUsageDescription</key>"))
        #expect(report.status(strict: false) == 1)
    }

    @Test("empty and blank strings are errors citing guideline 5.1.1")
    func empty() throws {
        let report = try Fixture.report("usage-empty.plist", config: "gas-station.json")
        let empty = report.findings(.usageDescriptionEmpty)
        #expect(
            Set(empty.map(\.key)) == [
                "NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription",
            ])
        #expect(empty.allSatisfy { $0.severity == .error && $0.guideline == "5.1.1" })
    }

    @Test(
        "values of the wrong type are reported, not crashed on",
        arguments: ["wrong-types.plist", "wrong-types.binary.plist"])
    func wrongTypes(_ name: String) throws {
        let report = try Fixture.report(name, config: "ble-dongle.json")
        let wrong = report.findings(.wrongType)
        #expect(
            Set(wrong.map(\.key)) == [
                "UIBackgroundModes", "BGTaskSchedulerPermittedIdentifiers", "NSBluetoothAlwaysUsageDescription",
            ])
        #expect(
            wrong.first { $0.key == "UIBackgroundModes" }?.message.hasPrefix(
                "is a string; expected an array of strings") == true)
        #expect(
            wrong.first { $0.key == "NSBluetoothAlwaysUsageDescription" }?.message.hasPrefix("is a boolean") == true)
        // A mode written as a lone string is not in effect, so the strategy's mode is missing too.
        #expect(report.findings(.modeNotDeclared).compactMap(\.value) == ["bluetooth-central"])
        #expect(report.status(strict: false) == 1)
    }

    @Test("array items of the wrong type are reported one by one")
    func wrongItems() throws {
        let report = try Fixture.report("wrong-item-types.plist")
        let wrong = report.findings(.wrongType)
        #expect(wrong.filter { $0.key == "UIBackgroundModes" }.count == 4)
        #expect(wrong.filter { $0.key == "BGTaskSchedulerPermittedIdentifiers" }.count == 2)
        #expect(report.declaredModes == ["fetch"])
        #expect(report.permittedIdentifiers == ["com.wakeful.refresh"])
    }

    @Test("a declared mode's own purpose strings are needed without a configuration")
    func modeNeeds() {
        let plist = InfoPlist(entries: [
            "UIBackgroundModes": .array([.string("bluetooth-peripheral"), .string("push-to-talk")])
        ])
        let report = PlistDoctor.examine(plist, requirements: nil)
        let missing = report.findings(.usageDescriptionMissing)
        #expect(missing.map(\.key) == ["NSBluetoothAlwaysUsageDescription", "NSMicrophoneUsageDescription"])
        #expect(missing.allSatisfy { $0.severity == .error })
    }

    @Test("the core's table: what each authorization needs")
    func coreTable() {
        #expect(
            UsageDescription.required(for: LocationAuthorization.always).map(\.key) == [
                "NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription",
            ])
        #expect(
            UsageDescription.required(for: LocationAuthorization.whenInUse).map(\.key) == [
                "NSLocationWhenInUseUsageDescription"
            ])
        let none: LocationAuthorization? = nil
        #expect(UsageDescription.required(for: none) == [])
        let ble = Requirements(
            backgroundModes: [.bluetoothCentral, .bluetoothPeripheral], locationAuthorization: .whenInUse)
        #expect(
            UsageDescription.required(for: ble).map(\.key) == [
                "NSLocationWhenInUseUsageDescription", "NSBluetoothAlwaysUsageDescription",
            ])
    }
}
