import Foundation
import Wakeful

/// What the URL-session daemon reads of the device and the world at a network step.
struct NetworkConditions {
    /// The current simulated time.
    var now: TimeInterval
    /// The network over time, as a stepped run may have changed it.
    var network: NetworkTimeline
    /// The app's server: when it is down, how long it takes to answer.
    var server: ServerDescription
    /// The phone is on the charger, which a discretionary transfer waits for (URLS-2).
    var charging: Bool
    /// The process whose requests move: the app's while it executes, else 0 (URLS-8).
    var executingProcess: Int
    var appForeground: Bool
    /// A processing task run after a force-quit restricts the app's networking: no cellular (BGT-15).
    var cellularRestricted: Bool
}

extension SimulatedDevice {
    /// Mutating, like the other getters every step reads, so that Swift does not copy the device.
    var networkConditions: NetworkConditions {
        mutating get {
            NetworkConditions(
                now: now, network: scenario.world.network, server: scenario.world.server,
                charging: scenario.world.power.charging(at: now),
                executingProcess: hasProcess && state.isExecuting ? process.number : 0,
                appForeground: state.isForeground,
                cellularRestricted: process.scheduledTasks.contains { !$0.cellularAllowed })
        }
    }
}
