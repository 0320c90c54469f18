import Foundation

/// Helpers for the policy reference's rule IDs (`TASK-6`, `CONF-5`).
public enum RuleIDs {
    /// Distinct IDs in reading order: by family prefix, then by number (`TASK-6` before `TASK-12`).
    ///
    /// Every state change of every run sorts its rules, timeline or not, so each ID's key is worked
    /// out once (not on each comparison), and the one to three IDs of a call are told apart without
    /// hashing them into a set.
    public static func sorted(_ ids: [String]) -> [String] {
        if ids.count < 2 { return ids }
        var distinct: [(key: Key, id: String)] = []
        distinct.reserveCapacity(ids.count)
        if ids.count <= 8 {
            for id in ids where !distinct.contains(where: { $0.id == id }) { distinct.append((key(id), id)) }
        } else {
            var seen = Set<String>()
            for id in ids where seen.insert(id).inserted { distinct.append((key(id), id)) }
        }
        distinct.sort { $0.key < $1.key }
        return distinct.map(\.id)
    }

    /// The family prefix, the number and what follows it: `CONF-BEACON-5` is (`CONF`, 0, `BEACON-5`).
    private typealias Key = (String, Int, String)

    private static func key(_ id: String) -> Key {
        // The IDs are ASCII, `FAMILY-NUMBER` with an optional suffix: read their bytes. Any other
        // shape goes the general way below, which this agrees with wherever both apply.
        let bytes = id.utf8
        if bytes.allSatisfy({ $0 < 0x80 }), let dash = bytes.firstIndex(of: UInt8(ascii: "-")),
            dash != bytes.startIndex, bytes.index(after: dash) != bytes.endIndex
        {
            let rest = id[bytes.index(after: dash)...]
            let digits = rest.utf8.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            return (String(id[..<dash]), Int(rest[..<digits.endIndex]) ?? 0, String(rest[digits.endIndex...]))
        }
        let parts = id.split(separator: "-", maxSplits: 1)
        guard parts.count == 2 else { return (id, 0, "") }
        let digits = parts[1].prefix { $0.isNumber }
        return (String(parts[0]), Int(digits) ?? 0, String(parts[1].dropFirst(digits.count)))
    }
}
