import Testing
import Wakeful
import WakefulDoctor
import WakefulTestSupport

@Suite("Clean apps, one per major configuration", .watchdog, .cpuBound)
struct CleanAppTests {
    struct App: Sendable, CustomTestStringConvertible {
        var plist: String
        var config: String
        var modes: [String]
        var testDescription: String { config }
    }

    static let apps: [App] = [
        App(plist: "gas-station.plist", config: "gas-station.json", modes: ["location"]),
        App(plist: "overnight-sync.plist", config: "overnight-sync.json", modes: ["fetch", "processing"]),
        App(plist: "overnight-sync.binary.plist", config: "overnight-sync.json", modes: ["fetch", "processing"]),
        App(plist: "ble-dongle.plist", config: "ble-dongle.json", modes: ["bluetooth-central"]),
        App(plist: "chat.plist", config: "chat.json", modes: ["remote-notification"]),
        App(plist: "sensor-jobs.plist", config: "sensor-jobs-app.json", modes: ["fetch", "processing"]),
    ]

    @Test("no errors or warnings, exit status 0 even with --strict; one review note per mode", arguments: apps)
    func clean(_ app: App) throws {
        let report = try Fixture.report(app.plist, config: app.config)
        #expect(report.problems.isEmpty, "\(report.text(strict: true))")
        #expect(report.status(strict: true) == 0)
        #expect(report.declaredModes == app.modes)
        #expect(report.findings(.reviewRisk).compactMap(\.value) == app.modes)
        #expect(report.findings(.reviewRisk).allSatisfy { $0.guideline != nil && $0.reviewerNote?.isEmpty == false })
    }

    @Test("the configuration's requirements come from its strategies, features and jobs")
    func requirementsRead() throws {
        let gas = try Fixture.requirements("gas-station.json")
        #expect(gas.entries.map(\.name) == ["BeaconTrigger", "LowPowerLocationKeepAlive"])
        #expect(gas.combined.backgroundModes == [.location])
        #expect(gas.combined.locationAuthorization == .always)
        let jobs = try Fixture.requirements("sensor-jobs-app.json")
        #expect(jobs.entries.map(\.name) == ["LocationLogger", "RegionMonitor", "JobScheduler"])
        #expect(jobs.combined.taskIdentifiers == ["com.wakeful.jobs.refresh", "com.wakeful.jobs.processing"])
    }
}
