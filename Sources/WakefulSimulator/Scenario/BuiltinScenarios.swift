import Foundation

/// The scenarios that ship with Wakeful, embedded in the package as JSON resources.
public enum BuiltinScenarios {
    /// The names of the built-in scenarios, in display order.
    public static let names = [
        "gas-station", "bike-rental", "sensor-monitor", "freeway-drive", "chat", "stay-logged-in", "ble-dongle",
        "overnight-sync", "overnight-sync-low-power",
        // Did my task ever run? (getPendingTaskRequests after a force-quit)
        "forgotten-refresh",
        // Accessories
        "ble-peripheral",
        // Jobs
        "sensor-logging",
        // Data Protection
        "overnight-reboot", "complete-store",
        // Location on a schedule
        "scheduled-tracking",
        // Geofences
        "courier", "courier-monitor",
        // Location authorization (AUTH)
        "permission-changes",
        // Motion
        "commuter-day",
        // Live updates and location sessions (LOC-8, LOC-9)
        "when-in-use-trip",
        // Configuration from the server
        "server-config",
        // HealthKit
        "glucose-upload",
        // Live Activities (LIVE)
        "delivery",
    ]

    /// The scenario `simulate` runs when given none.
    public static let defaultName = "gas-station"

    /// Loads a built-in scenario.
    /// - Throws: ``ScenarioError`` when no built-in scenario has that name.
    public static func load(_ name: String) throws(ScenarioError) -> Scenario {
        guard names.contains(name),
            let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Builtin")
        else {
            throw ScenarioError(
                file: "--scenario", field: nil,
                message:
                    "no built-in scenario \"\(name)\" and no such file; built-in scenarios: \(names.joined(separator: ", "))"
            )
        }
        return try Scenario.load(contentsOf: url)
    }

    /// Resolves `--scenario`: a built-in name, or a path to a JSON file.
    public static func resolve(_ nameOrPath: String) throws(ScenarioError) -> Scenario {
        if names.contains(nameOrPath) { return try load(nameOrPath) }
        if FileManager.default.fileExists(atPath: nameOrPath) {
            return try Scenario.load(contentsOf: URL(fileURLWithPath: nameOrPath))
        }
        return try load(nameOrPath)
    }
}
