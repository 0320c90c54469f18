import Foundation
import Testing
import Wakeful
import WakefulDoctor
import WakefulTestSupport

@Suite("Reading a configuration", .watchdog, .cpuBound)
struct ConfigurationFileTests {
    @Test("a scenario with several setups needs --setup, and says which")
    func severalSetups() throws {
        let error = try #require(throws: DoctorInputError.self) {
            try Fixture.requirements("scenario-several-setups.json")
        }
        #expect(error.field == "strategies")
        #expect(error.message.contains("none, TaskExtension, LowPowerLocationKeepAlive"))
        #expect(error.message.contains("--setup"))
        let chosen = try Fixture.requirements("scenario-several-setups.json", setup: "LowPowerLocationKeepAlive")
        #expect(chosen.entries.map(\.name) == ["BeaconTrigger", "LowPowerLocationKeepAlive"])
        #expect(chosen.source.hasSuffix("scenario-several-setups.json, setup LowPowerLocationKeepAlive"))
        // Any catalogue combination works too.
        let combined = try Fixture.requirements("scenario-several-setups.json", setup: "TaskExtension+ScheduledRefresh")
        #expect(combined.entries.map(\.name) == ["BeaconTrigger", "TaskExtension", "ScheduledRefresh"])
    }

    @Test(
        "errors name the file and the field",
        arguments: [
            ("unknown-strategy.json", "strategies[0]", "KeepAliveForever"),
            ("bad-app-field.json", "locationAuthorization", "\"sometimes\": expected one of"),
            ("truncated.json", nil, "not valid JSON"),
        ] as [(String, String?, String)])
    func errors(_ name: String, _ field: String?, _ message: String) throws {
        let path = try Fixture.path(name, in: "configs")
        let error = try #require(throws: DoctorInputError.self) { try Fixture.requirements(name) }
        #expect(error.file == path)
        #expect(error.field == field, "\(error)")
        #expect(error.message.contains(message), "\(error)")
    }

    @Test("an unknown --setup lists the file's setups")
    func unknownSetup() throws {
        let error = try #require(throws: DoctorInputError.self) {
            try Fixture.requirements("scenario-several-setups.json", setup: "Nope")
        }
        #expect(error.file == "--setup")
        #expect(error.message.contains("the file's setups (none, TaskExtension, LowPowerLocationKeepAlive)"))
    }

    @Test("a built-in scenario by name, as simulate --scenario takes it; a file of that name wins")
    func builtin() throws {
        let gas = try ConfigurationFile.resolve("gas-station", setup: "LowPowerLocationKeepAlive")
        #expect(gas.source == "built-in scenario gas-station, setup LowPowerLocationKeepAlive")
        #expect(gas.combined.backgroundModes == [.location])
        let error = try #require(throws: DoctorInputError.self) {
            try ConfigurationFile.resolve("gas-station", setup: nil)
        }
        #expect(error.field == "strategies")
        let file = try Fixture.path("chat.json", in: "configs")
        #expect(try ConfigurationFile.resolve(file, setup: nil).source == "\(file), setup ForegroundSession")
        #expect(throws: DoctorInputError.self) { try ConfigurationFile.resolve("no-such-scenario", setup: nil) }
    }

    @Test("modes and identifiers the app section lists count as used by the app itself")
    func appSectionNeeds() throws {
        let needs = try Fixture.requirements("chat-app-section.json")
        #expect(needs.entries.map(\.name) == ["the configuration's app section"])
        let report = try Fixture.report("chat.plist", config: "chat-app-section.json")
        #expect(report.findings(.modeUnused).isEmpty)
        let missing = try #require(report.findings(.identifierNotPermitted).first)
        #expect(
            missing.message.hasPrefix(
                "com.example.parley.cleanup, submitted by the configuration's app section, is not permitted"))
    }

    @Test("a missing configuration file is an input error")
    func missing() {
        #expect(throws: DoctorInputError.self) {
            try ConfigurationFile.load(contentsOf: URL(fileURLWithPath: "/nonexistent/wakeful.json"), setup: nil)
        }
    }
}
