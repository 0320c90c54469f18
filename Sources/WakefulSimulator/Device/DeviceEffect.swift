import Foundation
import Wakeful

/// Something a subsystem's rule asks the device to carry out.
///
/// A subsystem (the task scheduler, the push system) changes only its own state; what reaches the
/// agenda, the timeline or the run's tally comes back as effects, which the device carries out in
/// the order given, so the timeline reads as if the rule had done it itself.
enum DeviceEffect {
    /// Put an entry on the agenda.
    case schedule(Agenda, at: TimeInterval)
    /// Record a system decision with the rules behind it.
    case decide(String, rules: [String], fields: [Field])
    /// Count a wake the system held back or refused.
    case suppressedWake(WakeSource)
    /// Count a Bluetooth connection made, and whether the app had been connected to that
    /// accessory before.
    case bluetoothConnected(reconnection: Bool)
    /// Close the books of a Bluetooth connection to `accessory`: connected from `since` to now.
    case bluetoothConnectionClosed(accessory: String, since: TimeInterval)
    /// Add the seconds a Bluetooth scan ran.
    case bluetoothScanned(seconds: TimeInterval)
}

extension DeviceEffect {
    /// A command the simulated release does not have, or refuses: a `commandRefused` decision.
    static func refusal(_ command: String, _ why: String, rules: [String]) -> DeviceEffect {
        .decide(
            "commandRefused", rules: rules, fields: [Field("command", .string(command)), Field("why", .string(why))])
    }
}

extension SimulatedDevice {
    /// Carries out a subsystem's effects in order.
    mutating func carryOut(_ effects: [DeviceEffect]) {
        for effect in effects {
            switch effect {
            case .schedule(let item, let time): schedule(item, at: time)
            case .decide(let name, let rules, let fields): decide(name, rules: rules, fields)
            case .suppressedWake(let source): tally.countSuppressedWake(source)
            case .bluetoothConnected(let reconnection):
                tally.bluetoothConnections += 1
                if reconnection { tally.bluetoothReconnections += 1 }
            case .bluetoothConnectionClosed(let accessory, let since):
                tally.closeConnection(accessory, since: since, at: now)
            case .bluetoothScanned(let seconds): tally.bluetoothScanSeconds += seconds
            }
        }
    }
}
