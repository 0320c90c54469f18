import Foundation

extension RecordIdentity {
    /// The ID of the install's batch number `number` (from 1): the install ID with its first eight
    /// bytes inverted, then `number` laid out as ``uuid(install:seq:)`` lays out a sequence number.
    ///
    /// Deterministic for the same reason record UUIDs are (the batch counter is durable, and the
    /// simulator has no random source), and never equal to a record's UUID of the same install,
    /// whose first eight bytes are the install's own.
    ///
    /// ```swift
    /// let first = RecordIdentity.batchID(install: install, number: 1)
    /// ```
    public static func batchID(install: UUID, number: Int64) -> UUID {
        var bytes = install.uuid
        bytes.0 = ~bytes.0
        bytes.1 = ~bytes.1
        bytes.2 = ~bytes.2
        bytes.3 = ~bytes.3
        bytes.4 = ~bytes.4
        bytes.5 = ~bytes.5
        bytes.6 = ~bytes.6
        bytes.7 = ~bytes.7
        return uuid(install: UUID(uuid: bytes), seq: number)
    }
}
