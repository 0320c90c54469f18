import Foundation
import Wakeful
import WakefulSimulator

extension Scenario {
    /// A quiet scenario to drive by hand: nothing scripted, the user standing still at the
    /// origin, Wi-Fi all the time, for `duration`.
    ///
    /// ```swift
    /// var app = AppConfiguration(features: [.locationLog])
    /// app.outbox = OutboxSpec()
    /// var run = BackgroundTestRun(configuration: .none, iOS: .v17, scenario: .blank(app: app))
    /// run.openApp()
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long the run may go on; driving past it reports a failure.
    ///   - app: The app's features, Info.plist, outbox and jobs.
    ///   - device: Device settings and policy variants.
    ///   - world: Beacons, pushes, accessories and the user's path; standing at the origin by default.
    public static func blank(
        duration: Duration = .hours(24), app: AppConfiguration = AppConfiguration(),
        device: DeviceSettings = DeviceSettings(),
        world: WorldDescription = WorldDescription(trajectory: .stationary(at: .zero))
    ) -> Scenario {
        Scenario(name: "test", duration: SimulatedTime.seconds(duration), app: app, device: device, world: world)
    }
}
