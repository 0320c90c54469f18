import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// LOC-30: from iOS 16.4, standard updates started after a background launch with
/// `showsBackgroundLocationIndicator` off no longer keep the app running; CONF-21 undoes it.
@Suite(.watchdog, .cpuBound) struct HiddenIndicatorTests {
    /// Starts background-capable updates at every launch and completes any push at once.
    struct StartsUpdates: Strategy {
        var indicator: Bool
        var name: String { "StartsUpdates" }
        var requirements: Requirements {
            Requirements(backgroundModes: [.location, .remoteNotification], locationAuthorization: .always)
        }
        mutating func handle(_ event: Event, in context: Context) -> [Command] {
            switch event {
            case .didFinishLaunching:
                [
                    .startUpdatingLocation(
                        LocationRequest(
                            desiredAccuracy: 3000, distanceFilter: 3000, pausesAutomatically: false,
                            allowsBackgroundUpdates: true, showsBackgroundIndicator: indicator))
                ]
            case .remoteNotification(let push): [.completeRemoteNotification(id: push.id, result: .newData)]
            default: []
            }
        }
    }

    /// The app is opened and left, the phone restarts and is unlocked, and a silent push at 200 s
    /// relaunches the app into the background.
    static func backgroundRunning(indicator: Bool, ios: Int, variants: [String] = []) throws -> Double {
        let list = variants.map { "\"\($0)\"" }.joined(separator: ", ")
        let scenario = try Scenario.decode(
            Data(
                #"""
                {"name": "relaunch", "duration": 1800, "device": {"variants": [\#(list)]},
                 "world": {"pushes": [{"at": 200, "type": "background", "priority": 5, "id": "p"}]},
                 "user": [{"at": 0, "action": "open"}, {"at": 10, "action": "home"},
                          {"at": 50, "action": "reboot"}, {"at": 60, "action": "unlock"}]}
                """#.utf8), file: "relaunch.json", directory: nil)
        let setup = StrategySetup(name: "s", strategies: [StrategySpec(StartsUpdates(indicator: indicator))])
        var timeline = DiscardingTimeline()
        return Simulator.run(scenario, ios: IOSVersion(ios), setup: setup, seed: 1, timeline: &timeline)
            .backgroundRunningSeconds
    }

    @Test func onSeventeenHiddenRelaunchedUpdatesNoLongerKeepTheAppRunning() throws {
        #expect(try Self.backgroundRunning(indicator: false, ios: 17) < 120)
        #expect(try Self.backgroundRunning(indicator: true, ios: 17) > 1500, "the indicator keeps them")
    }

    @Test func beforeSixteenFourAndUnderTheVariantTheFlagChangesNothing() throws {
        #expect(try Self.backgroundRunning(indicator: false, ios: 12) > 1500)
        #expect(try Self.backgroundRunning(indicator: false, ios: 17, variants: ["CONF-21"]) > 1500)
    }
}
