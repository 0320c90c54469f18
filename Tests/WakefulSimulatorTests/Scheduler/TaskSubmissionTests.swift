import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Submitting requests: permitted identifiers and modes (BGT-9), Background App Refresh and Low
/// Power Mode (BGT-9, BGT-12), wildcards (CONF-16), availability per family.
@Suite("BGTaskScheduler submissions", .watchdog, .cpuBound)
struct TaskSubmissionTests {
    static let refresh = TaskRequest(identifier: TaskApps.refresh, kind: .appRefresh, earliestBeginDate: 3600)
    static let sync = TaskRequest(identifier: TaskApps.sync, kind: .processing)

    func run(_ scenario: Scenario, _ version: String, _ requests: [TaskRequest] = [refresh, sync]) throws -> Trace {
        Trace(scenario, ios: try Versions.parse(version), setup: .custom(TaskApps.submitter(requests)))
    }

    @Test(
        "an identifier missing from BGTaskSchedulerPermittedIdentifiers throws notPermitted (BGT-9)",
        arguments: ["13", "17", "26"])
    func notPermitted(version: String) throws {
        let trace = try run(SchedulerScenarios.make(duration: 60, permitted: [TaskApps.sync]), version)
        #expect(trace.submitErrors.map(\.identifier) == [TaskApps.refresh])
        #expect(trace.submitErrors.map(\.error) == [.notPermitted])
        #expect(trace.decisions("taskRequestAccepted").count == 1)
    }

    @Test("a refresh needs the fetch mode, a processing task the processing mode (BGT-9)")
    func modes() throws {
        let noFetch = try run(SchedulerScenarios.make(duration: 60, modes: [.processing]), "17")
        #expect(noFetch.submitErrors.map(\.identifier) == [TaskApps.refresh])
        #expect(noFetch.reasons("taskSubmitFailed", key: "why") == ["UIBackgroundModes lacks fetch"])
        let noProcessing = try run(SchedulerScenarios.make(duration: 60, modes: [.fetch]), "17")
        #expect(noProcessing.submitErrors.map(\.identifier) == [TaskApps.sync])
        #expect(noProcessing.submitErrors.map(\.error) == [.notPermitted])
    }

    @Test(
        "Background App Refresh off, or Low Power Mode from 9, makes submit throw unavailable (BGT-9, BGT-12)",
        arguments: [DeviceSettings(backgroundAppRefresh: false), DeviceSettings(lowPowerMode: true)])
    func unavailable(device: DeviceSettings) throws {
        for version in ["13", "17", "26"] {
            let trace = try run(SchedulerScenarios.make(duration: 60, device: device), version)
            #expect(trace.submitErrors.map(\.error) == [.unavailable, .unavailable], "iOS \(version)")
            let rules = trace.decisions("taskSubmitFailed").first?.decision.rules ?? []
            #expect(rules.contains("BGT-9"))
            #expect(rules.contains("BGT-12") == device.lowPowerMode)
        }
    }

    @Test("iOS 6–12 have no BGTaskScheduler: the calls change nothing and throw nothing", arguments: ["6", "8", "12"])
    func refusedBefore13(version: String) throws {
        let trace = try run(SchedulerScenarios.make(duration: 60), version)
        #expect(trace.submitErrors.isEmpty)
        #expect(
            trace.reasons("commandRefused", key: "why") == [
                "BGTaskScheduler needs iOS 13", "BGTaskScheduler needs iOS 13",
            ])
        #expect(trace.launches.isEmpty)
    }

    @Test("cancel forgets a pending request")
    func cancel() throws {
        let app = Scripted("Canceller") { event, _ in
            guard case .didEnterBackground = event else { return [] }
            return [.submitTaskRequest(Self.sync), .cancelTaskRequest(identifier: TaskApps.sync)]
        }
        let trace = Trace(
            SchedulerScenarios.make(duration: 86_400, power: [PowerPoint(at: 0, charging: true)]), ios: IOSVersion(17),
            setup: .custom(app))
        #expect(trace.decisions("taskRequestCancelled").count == 1)
        #expect(trace.launches.isEmpty)
    }

    @Test(
        "a wildcard identifier is honoured only on 26+ with CONF-16 (BGT-9)",
        arguments: [
            ("17", ["CONF-16"], false), ("26", [], false), ("26", ["CONF-16"], true),
        ])
    func wildcards(version: String, variants: [String], accepted: Bool) throws {
        let device = DeviceSettings(variants: variants.map { PolicyVariant(id: $0)! })
        let scenario = SchedulerScenarios.make(duration: 60, permitted: ["com.test.*"], device: device)
        let trace = try run(scenario, version, [Self.refresh])
        #expect(trace.submitErrors.isEmpty == accepted)
        if !accepted { #expect(trace.decisions("taskSubmitFailed").first?.decision.rules == ["BGT-9", "CONF-16"]) }
    }
}
