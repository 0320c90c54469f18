import Foundation

/// Helpers for the policy reference's rule IDs (`TASK-6`, `CONF-5`).
public enum RuleIDs {
    /// Distinct IDs in reading order: by family prefix, then by number (`TASK-6` before `TASK-12`).
    public static func sorted(_ ids: [String]) -> [String] {
        func key(_ id: String) -> (String, Int, String) {
            let parts = id.split(separator: "-", maxSplits: 1)
            guard parts.count == 2 else { return (id, 0, "") }
            let digits = parts[1].prefix { $0.isNumber }
            return (String(parts[0]), Int(digits) ?? 0, String(parts[1].dropFirst(digits.count)))
        }
        return Array(Set(ids)).sorted { key($0) < key($1) }
    }
}
