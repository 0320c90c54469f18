import Foundation
import Wakeful

/// State restoration (BLE-4): what survives the app's process, the gates on waking and
/// relaunching it for Core Bluetooth events (BLE-1, BLE-4), and the books at the run's end.
extension BluetoothSystem {
    /// BLE-1: only apps with the `bluetooth-central` mode are woken for Core Bluetooth events
    /// (`bluetooth-peripheral` for peripheral-manager events).
    func wakeBlocker() -> (why: String, rules: [String])? {
        if waking { return peripheralDeclared ? nil : ("no bluetooth-peripheral background mode", ["BLE-1"]) }
        return centralDeclared ? nil : ("no bluetooth-central background mode", ["BLE-1"])
    }

    /// BLE-4: state restoration relaunches after jetsam or a crash, from iOS 7; not after a
    /// force-quit (26: unless AccessorySetupKit); not before the first unlock after a reboot.
    func relaunchBlocker(forceQuit: Bool, firstUnlockDone: Bool) -> (why: String, rules: [String])? {
        if !rules.stateRestoration { return ("no Core Bluetooth state restoration before iOS 7", ["BLE-4"]) }
        if forceQuit && forceQuitBlocksRestoration && !accessorySetupKitException {
            return ("force-quit by the user", ["BLE-4", "TERM-1"])
        }
        if !firstUnlockDone && rules.restorationWaitsForFirstUnlock {
            return ("waiting for the first unlock", ["BLE-4"])
        }
        return nil
    }

    /// Whether what a process of the app had outstanding survives its end for `reason`, and the
    /// rules that say so: state restoration with the role's background mode, from iOS 7, not after
    /// a force-quit (26: unless AccessorySetupKit) (BLE-4, TERM-1).
    func restorationKeeps(declared: Bool, after reason: TerminationReason) -> (keep: Bool, rules: [String]) {
        var keep = rules.stateRestoration && declared
        var cited = ["BLE-4"]
        if reason == .userForceQuit {
            cited.append("TERM-1")
            keep = keep && (!forceQuitBlocksRestoration || accessorySetupKitException)
        }
        return (keep, cited)
    }

    /// What the app had outstanding as a central survives its end only under state restoration
    /// (BLE-4), and not after a reboot before iOS 11. A reboot drops connections; with restoration
    /// they become pending connects again.
    mutating func centralProcessEnded(
        _ reason: TerminationReason, now: TimeInterval, into effects: inout [DeviceEffect]
    ) {
        let outstanding = scanning || links.contains { $0.connected || $0.pendingConnect }
        guard outstanding else { return }
        let restoration = restorationKeeps(declared: centralDeclared, after: reason)
        // BLE-4: up to iOS 10 a restart ends state restoration (QA1962); the user must open the app.
        let keep = restoration.keep && !(reason == .reboot && !rules.restorationAfterReboot)
        if reason == .reboot {
            for index in links.indices where links[index].connected {
                dropConnection(index, error: nil, notify: false, now: now, into: &effects)
                if keep { links[index].armConnect(at: now) }
            }
        }
        if !keep {
            for index in links.indices { dropConnection(index, error: nil, notify: false, now: now, into: &effects) }
            clearOutstanding(now: now, into: &effects)
        }
        effects.append(
            .decide(
                "bluetoothStateRestoration", rules: restoration.rules,
                fields: [Field("kept", .bool(keep)), Field("after", .string(reason.rawValue))]))
    }

    mutating func clearOutstanding(now: TimeInterval, into effects: inout [DeviceEffect]) {
        for index in links.indices {
            links[index].pendingConnect = false
            links[index].subscriptions = []
        }
        stopScan(now: now, into: &effects)
    }

    /// Closes the books at the end of the run: scan and connection time.
    mutating func closeBooks(now: TimeInterval, into effects: inout [DeviceEffect]) {
        if scanning {
            effects.append(.bluetoothScanned(seconds: now - scanSince))
            scanSince = now
        }
        for index in links.indices where links[index].connected {
            effects.append(
                .bluetoothConnectionClosed(accessory: accessories[index].id, since: links[index].connectedSince))
            links[index].connectedSince = now
        }
    }
}
