import Foundation

/// The device section's region-monitoring fields (LOC-19): `"positioning": "gps" | "wifi" | "cell"`
/// and `"regionCrossing": {"gps": {"margin": 40, "dwell": 20}, …}`, each positioning optional and
/// each of its fields falling back to the policy's value. A `dwell` given also fixes the exit's
/// time past the margin, which the policy otherwise draws per crossing (LOC-19).
extension DeviceSettings {
    mutating func decodePositioning(from c: KeyedDecodingContainer<AnyKey>) throws {
        let names = RegionPositioning.allCases.map(\.rawValue)
        if let text = try c.optional("positioning", as: String.self) {
            guard let positioning = RegionPositioning(rawValue: text) else {
                throw c.failure(
                    "positioning", "unknown positioning \"\(text)\"; expected one of: \(names.joined(separator: ", "))")
            }
            self.positioning = positioning
        }
        guard c.contains(AnyKey("regionCrossing")) else { return }
        let table = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("regionCrossing"))
        try table.rejectUnknownKeys(allowed: names)
        let defaults = RegionCrossingTable.standard
        for positioning in RegionPositioning.allCases where table.contains(AnyKey(positioning.rawValue)) {
            let entry = try table.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(positioning.rawValue))
            try entry.rejectUnknownKeys(allowed: ["margin", "dwell"])
            var crossing = defaults[positioning]
            crossing.margin = try entry.optional("margin") ?? crossing.margin
            guard crossing.margin.isFinite, crossing.margin >= 0 else {
                throw entry.failure("margin", "expected metres past the edge, zero or more")
            }
            if let dwell: TimeInterval = try entry.optional("dwell") {
                guard dwell.isFinite, dwell >= 0 else {
                    throw entry.failure("dwell", "expected seconds, zero or more")
                }
                // A scenario's dwell is the exit's time too, without the field's spread.
                crossing = RegionCrossing(margin: crossing.margin, dwell: dwell)
            }
            regionCrossing[positioning] = crossing
        }
    }
}
