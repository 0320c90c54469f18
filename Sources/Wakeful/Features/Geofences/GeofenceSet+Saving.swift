import Foundation

extension GeofenceSet {
    /// What the next process needs to record each stay once, by fence identifier: since when the
    /// device is inside each fence, and the fences whose dwell is recorded.
    struct SavedStays: Codable, Equatable {
        var inside: [String: TimeInterval]
        var dwelt: [String]
    }

    public mutating func takeChangedState() -> String? {
        guard staysChanged else { return nil }
        staysChanged = false
        var saved = SavedStays(inside: [:], dwelt: dwelt.map { options.fences[$0].id.rawValue }.sorted())
        for (index, since) in inside { saved.inside[options.fences[index].id.rawValue] = since }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Entry times are finite, the one thing JSON could refuse.
        return (try? encoder.encode(saved)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Takes back the stays of the previous process, for fences this process has not heard of yet
    /// and still follows. A state it cannot read (another version's) counts as none.
    public mutating func restore(state: String) {
        guard let saved = try? JSONDecoder().decode(SavedStays.self, from: Data(state.utf8)) else { return }
        let changed = staysChanged
        for (id, since) in saved.inside.sorted(by: { $0.key < $1.key }) {
            guard let index = indices[RegionID(id)], !heardOf.contains(index), inside[index] == nil,
                !hasSelected || monitored[index] != nil
            else { continue }
            heardOf.insert(index)
            inside[index] = since
            if saved.dwelt.contains(id) { dwelt.insert(index) }
        }
        // What was restored is saved already.
        staysChanged = changed
    }
}
