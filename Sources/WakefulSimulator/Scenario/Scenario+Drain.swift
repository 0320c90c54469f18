import Foundation
import Wakeful

extension Scenario {
    /// The user opens the app and leaves it open on Wi-Fi, with a healthy server, for `hours`: the
    /// app collects nothing and uploads what its outbox still holds. The crash-injection harness
    /// and the fleet run it after a scenario, on the same outbox, to settle the accounts.
    ///
    /// - Parameter hours: Simulated hours the app stays open.
    /// - Returns: A scenario with this one's outbox and authorization and none of its features,
    ///   jobs or world.
    public func drain(hours: Double) -> Scenario {
        var app = AppConfiguration(locationAuthorization: self.app.locationAuthorization)
        app.outbox = self.app.outbox
        return Scenario(
            name: name + "-drain", duration: hours * 3600, app: app,
            world: WorldDescription(trajectory: .stationary(at: LocalPoint(east: 0, north: 0))),
            actions: [UserAction(at: 1, .open)])
    }
}
