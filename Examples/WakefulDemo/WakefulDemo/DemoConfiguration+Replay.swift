import Foundation
import Wakeful

/// The timeline's `run` header, so that a timeline exported from the demo replays with
/// `wakeful replay FILE` and no options: the device, the iOS version, the configuration in the form
/// of a scenario file, and what the timeline's events do not show — the switches and the
/// authorization as they were at launch, and the local time.
///
/// Only the core here: a Linux test (linked from Tests/WakefulReplayTests) replays a timeline that
/// carries this header against the demo's own strategies, so the two cannot drift apart.
extension DemoConfiguration {
    /// What the phone was like when this process started; the app reads it from UIKit and Core
    /// Location (`DemoConfiguration+App.swift`).
    struct LaunchFacts: Sendable, Hashable {
        /// The hardware model, e.g. `iPhone15,2`.
        var device: String
        /// The iOS version, e.g. `17.5.1`.
        var ios: String
        /// `UIBackgroundModes` as the Info.plist declares them.
        var backgroundModes: [String]
        /// The location authorization granted.
        var locationAuthorization: LocationAuthorization
        /// Precise Location (off: reduced accuracy, AUTH-6).
        var preciseLocation: Bool
        /// Low Power Mode (BGT-12, PUSH-9).
        var lowPowerMode: Bool
        /// Background App Refresh available to the app (LOC-22, BGT-9).
        var backgroundAppRefresh: Bool
        /// The local time of the header, which is the replay's time 0 when the header opens the file.
        var localTime: LocalTime
    }

    /// The strategy setup, as a scenario file's `strategies` entry names it.
    var scenarioSetup: JSONValue {
        switch self {
        case .gasStationTaskExtension, .gasStationKeepAlive: .string(setupName)
        case .tripTracking:
            // The task identifiers are the demo's own, not the simulator's defaults, so the re-run
            // submits the same requests as the phone.
            .object([
                "name": .string(setupName),
                "use": .array([
                    .object(["strategy": .string("PushTrigger")]),
                    .object([
                        "strategy": .string("ScheduledRefresh"),
                        "options": .object([
                            "refreshIdentifier": .string(Self.refresh.refreshIdentifier),
                            "processingIdentifier": .string(Self.refresh.processingIdentifier),
                        ]),
                    ]),
                ]),
            ])
        }
    }

    /// The strategies a scenario file declares as the app's features rather than in its setup.
    var scenarioFeatures: [JSONValue] {
        switch self {
        case .gasStationTaskExtension, .gasStationKeepAlive:
            [
                .object([
                    "beaconTrigger": .object([
                        "beacon": .string(Self.pump.regionID.rawValue),
                        "triggerDistance": .double(Self.pump.triggerDistance),
                    ])
                ])
            ]
        case .tripTracking: [.object(["locationLog": .object([:])])]
        }
    }

    /// The header the app writes first in every process's timeline file.
    func timelineHeader(_ facts: LaunchFacts) -> TimelineHeader {
        var app: JSONObject = ["features": .array(scenarioFeatures)]
        if !facts.preciseLocation { app.members.append(JSONMember(key: "preciseLocation", value: .bool(false))) }
        // The switches as they were at launch: the timeline shows their changes only.
        let device: JSONObject = [
            "lowPowerMode": .bool(facts.lowPowerMode), "backgroundAppRefresh": .bool(facts.backgroundAppRefresh),
        ]
        let configuration: JSONObject = [
            "strategies": .array([scenarioSetup]), "app": .object(app), "device": .object(device),
        ]
        return TimelineHeader(
            source: "device", device: facts.device, ios: facts.ios, setup: setupName,
            strategies: strategies.map(\.name), backgroundModes: facts.backgroundModes,
            locationAuthorization: facts.locationAuthorization.rawValue,
            startHour: facts.localTime.secondOfDay / 3600,
            startDay: facts.localTime.weekday == .monday ? nil : facts.localTime.weekday.rawValue,
            configuration: JSONValue.object(configuration).description)
    }

    /// The setup's name in the replay's report.
    private var setupName: String {
        switch self {
        case .gasStationTaskExtension: "TaskExtension"
        case .gasStationKeepAlive: "LowPowerLocationKeepAlive"
        case .tripTracking: "PushTrigger+ScheduledRefresh"
        }
    }
}
