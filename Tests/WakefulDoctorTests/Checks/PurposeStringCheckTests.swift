import Testing
import WakefulDoctor
import WakefulTestSupport

/// Purpose strings: always checked, needed by the calls in the code, in the file or in build settings.
@Suite("Checks: purpose strings", .watchdog, .cpuBound)
struct PurposeStringCheckTests {
    @Test("an empty purpose string nothing needs is still reported; a filled one is not")
    func emptyUnneeded() throws {
        let run = try CheckRun.run("usage-empty")
        let empty = try run.only(.usageDescriptionEmpty)
        #expect(empty.key == "NSLocationWhenInUseUsageDescription")
        #expect(empty.place == "Info.plist:7")
        #expect(run.problems.count == 1, "the camera's purpose string is fine: \(run.problems.map(\.message))")
    }

    @Test("only the retired NSLocationUsageDescription: reported as retired, not as missing")
    func retired() throws {
        let run = try CheckRun.run("usage-retired")
        let retired = try run.only(.usageDescriptionRetired)
        #expect(retired.key == "NSLocationUsageDescription")
        #expect(retired.place == "Info.plist:7")
        #expect(retired.message.contains("NSLocationWhenInUseUsageDescription"))
        #expect(
            run.findings(.usageDescriptionMissing).isEmpty,
            "requestLocation() alone asks for no permission doctor can see")
    }

    @Test("requestAlwaysAuthorization without NSLocationAlwaysAndWhenInUseUsageDescription: an error at the call")
    func alwaysMissing() throws {
        let run = try CheckRun.run("always-missing")
        let missing = try run.only(.usageDescriptionMissing)
        #expect(missing.severity == .error)
        #expect(missing.key == "NSLocationAlwaysAndWhenInUseUsageDescription")
        #expect(missing.place == "App/CommuteTracker.swift:15")
        #expect(run.problems.count == 1, "\(run.problems.map(\.message))")
    }

    @Test("a CBCentralManager without NSBluetoothAlwaysUsageDescription: an error at the construction")
    func bluetoothMissing() throws {
        let run = try CheckRun.run("bluetooth-missing")
        let missing = try run.only(.usageDescriptionMissing)
        #expect(missing.severity == .error)
        #expect(missing.key == "NSBluetoothAlwaysUsageDescription")
        #expect(missing.place == "App/ThermometerLink.swift:7")
    }

    @Test("a modern project whose purpose strings are only INFOPLIST_KEY_ settings: nothing missing")
    func generatedPurposeStrings() throws {
        let run = try CheckRun.run("generated-purpose-strings", project: "App.xcodeproj")
        #expect(run.declaredModes == ["location"])
        #expect(run.findings(.usageDescriptionMissing).isEmpty)
        #expect(run.problems.isEmpty, "\(run.problems.map(\.message))")
    }
}
