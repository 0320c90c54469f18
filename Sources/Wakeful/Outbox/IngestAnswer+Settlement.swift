import Foundation

extension IngestAnswer {
    /// Whether the answer accounts for exactly the records of a batch: `accepted + duplicates +
    /// rejected.count` is the batch's size and every rejected UUID is a distinct record of the batch.
    /// Only such an answer settles the batch (see ``Outbox/acknowledge(batchID:answer:now:)``).
    ///
    /// - Parameter batch: the UUIDs of the batch's records.
    public func accounts(for batch: Set<UUID>) -> Bool {
        guard accepted >= 0, duplicates >= 0, accepted + duplicates + rejected.count == batch.count else {
            return false
        }
        let rejectedIDs = Set(rejected.map(\.uuid))
        return rejectedIDs.count == rejected.count && rejectedIDs.isSubset(of: batch)
    }
}
