import Foundation
import Testing
import Wakeful
import WakefulSimulator

// Helpers for the network suites: test apps for background sessions, requests and
// Core Bluetooth, and scenario builders with a network, a server and an accessory.

enum NetworkApps {
    /// Starts one background upload of `bytes` on entering the background (session `s`); records
    /// `done` for each outcome; completes the events handler unless `completes` is false.
    static func uploader(
        bytes: Int = 10_000_000, discretionary: Bool = false, completes: Bool = true, chain: Bool = false
    ) -> Scripted {
        Scripted("Uploader") { event, context in
            switch event {
            case .didEnterBackground:
                return [
                    .startTransfer(
                        TransferRequest(
                            session: "s", taskDescription: "first", direction: .upload, bytes: bytes,
                            discretionary: discretionary))
                ]
            case .urlSessionEvents(let session):
                return completes ? [.completeBackgroundEvents(session: session)] : []
            case .urlSessionTaskCompleted(let result):
                var commands: [Command] = [
                    .record(
                        Record(
                            kind: "done",
                            fields: [
                                Field("status", .int(result.statusCode ?? 0)),
                                Field("error", .string(result.error ?? "")),
                                Field("appState", .string(context.appState.rawValue)),
                            ]))
                ]
                // A chain: every outcome in the background starts the next small upload (URLS-3).
                if chain && context.isInBackground {
                    commands.append(
                        .startTransfer(
                            TransferRequest(session: "s", taskDescription: "next", direction: .upload, bytes: 1000)))
                }
                return commands
            default:
                return []
            }
        }
    }

    /// Sends one request of `bytes` on entering the background, inside a task when `withTask`.
    static func requester(bytes: Int, withTask: Bool) -> Scripted {
        Scripted("Requester") { event, _ in
            switch event {
            case .didEnterBackground:
                let task: [Command] = withTask ? [.beginBackgroundTask(BackgroundTaskID(owner: "r", serial: 1))] : []
                return task + [.sendRequest(RequestDescription(id: "r1", bytes: bytes))]
            case .backgroundTaskExpiring(let id):
                return [.endBackgroundTask(id)]
            case .requestCompleted(let id, let status, let error):
                return [
                    .record(
                        Record(
                            kind: "answer",
                            fields: [
                                Field("id", .string(id)), Field("status", .int(status ?? 0)),
                                Field("error", .string(error ?? "")),
                            ]))
                ]
            default:
                return []
            }
        }
    }

    /// A Core Bluetooth central: scans for FFE0 (or every service when `services` is nil) at
    /// launch or on entering the background, connects to what it finds, subscribes and polls
    /// once, and reconnects after a disconnect (a pending connect).
    static func central(
        services: [String]? = ["FFE0"], scanOnBackground: Bool = false, modes: [BackgroundMode] = [.bluetoothCentral]
    ) -> Scripted {
        Scripted("Central", modes: modes) { event, _ in
            switch event {
            case .didFinishLaunching where !scanOnBackground, .didEnterBackground where scanOnBackground:
                return [.scanForPeripherals(services: services)]
            case .bluetooth(.discovered(let id, _)):
                return [.stopScan, .connect(peripheral: id)]
            case .bluetooth(.connected(let id)):
                return [
                    .subscribe(peripheral: id, characteristic: "FFE1"),
                    .writeValue(peripheral: id, characteristic: "FFE1", bytes: 4),
                ]
            case .bluetooth(.disconnected(let id, _)):
                return [.connect(peripheral: id)]
            case .bluetooth(.valueUpdated):
                return [.record(Record(kind: "sample"))]
            default:
                return []
            }
        }
    }
}

enum NetworkScenarios {
    /// The user opens the app at 0 and presses Home at 10; the phone stays put; Wi-Fi at 1 MB/s
    /// unless `network` says otherwise; the server answers in 0.2 s.
    static func make(
        duration: TimeInterval, network: [NetworkSegment] = [], serverDown: [ClosedRange<TimeInterval>] = [],
        accessory: WorldAccessory? = nil, accessorySetupKit: Bool = false, actions: [UserAction] = []
    ) -> Scenario {
        var scenario = Scenarios.make(duration: duration, at: .zero, actions: actions)
        scenario.world.network = NetworkTimeline(network)
        scenario.world.server = ServerDescription(latency: 0.2, downPeriods: serverDown)
        scenario.world.accessories = accessory.map { [$0] } ?? []
        scenario.app.accessorySetupKit = accessorySetupKit
        return scenario
    }

    /// seed 003's dongle, 1 m away, asleep 20 s after the last poll.
    static let dongle = WorldAccessory(
        id: "dongle", position: LocalPoint(east: 1, north: 0), range: 30, sleepsAfterIdle: 20, service: "FFE0")

    /// The versions of each family (the family's representative).
    static let families = IOSFamily.allCases.map(\.representativeVersion)
    /// Families with background sessions and state restoration (7+).
    static let modern = [IOSVersion(12), IOSVersion(17), IOSVersion(26)]
}

extension Trace {
    /// Decisions' fields as numbers, for one key.
    func decisionNumbers(_ name: String, _ key: String) -> [Double] {
        decisions(name).compactMap { $0.decision.fields[key]?.number }
    }

    /// A record field as a string.
    func recordStrings(_ kind: String, _ key: String) -> [String] {
        records(kind).compactMap { $0.record.fields[key]?.description }
    }
}
