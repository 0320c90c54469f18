import Foundation
import Wakeful

/// Scenarios built for measuring the simulator itself.
public enum BenchmarkScenarios {
    /// One beacon ranged at 1 Hz around the clock: seed 002's forever ranging, with the user at a
    /// desk near the beacon and walking off and back every few hours so the world keeps changing.
    ///
    /// - Parameter hours: Simulated hours; 24 gives about 100,000 events.
    public static func foreverRanging(hours: Double) throws -> Scenario {
        let beacon = WorldBeacon(
            id: "desk", uuid: UUID(uuidString: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")!, major: 7, minor: 1,
            position: .zero, measuredPower: -59)
        let desk = LocalPoint(east: 4, north: 0)
        let away = LocalPoint(east: 400, north: 0)
        var legs: [RouteLeg] = []
        // Every 4 h: 2 h at the desk, a walk out of range and back, the rest near the beacon.
        for _ in 0..<Int((hours / 4).rounded(.up)) {
            legs.append(RouteLeg(destination: away, speed: 1.4, pause: 1800))
            legs.append(RouteLeg(destination: desk, speed: 1.4, pause: 3 * 3600))
        }
        let trajectory = try Trajectory.route(from: desk, startingAt: 3600, legs: legs)
        return Scenario(
            name: "forever-ranging-\(Int(hours))h",
            summary: "Beacon ranging at 1 Hz for \(Int(hours)) h with the location keep-alive (seed 002).",
            duration: hours * 3600, iosVersions: [IOSVersion(17)],
            setups: [
                StrategySetup(
                    name: "LowPowerLocationKeepAlive",
                    strategies: [StrategyCatalog.entry(named: "LowPowerLocationKeepAlive")!.defaults])
            ],
            app: AppConfiguration(
                locationAuthorization: .always, features: [.beaconTrigger(beacon: "desk", triggerDistance: 1)]),
            world: WorldDescription(trajectory: trajectory, beacons: [beacon]),
            actions: [UserAction(at: 0, .open), UserAction(at: 10, .home)])
    }
}
