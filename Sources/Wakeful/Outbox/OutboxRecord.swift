import Foundation

/// A record as the outbox stores it: the app's ``Record`` with its identity and times.
///
/// The identity is made on the device: ``seq`` is the install's strictly increasing sequence
/// number (never reused, so a gap is visible), ``uuid`` is derived from the install ID and
/// ``seq`` (see ``RecordIdentity``), so the same record keeps the same UUID however often it is
/// sent, and the server deduplicates on `(device, uuid)`.
public struct OutboxRecord: Sendable, Hashable, Codable {
    /// The record's identity: unique per install, stable across retries.
    public var uuid: UUID
    /// The install's sequence number, from 1.
    public var seq: Int64
    /// What kind of record (`location`, `sensor`, ``OutboxRecord/timelineKind``, ``OutboxRecord/lossKind`` …).
    public var kind: String
    /// The record's fields as one JSON object (see ``Record/payloadJSON``).
    public var payload: String
    /// When the app produced it, in the context's clock.
    public var recordedAt: TimeInterval

    /// Creates a stored record.
    public init(uuid: UUID, seq: Int64, kind: String, payload: String, recordedAt: TimeInterval) {
        self.uuid = uuid
        self.seq = seq
        self.kind = kind
        self.payload = payload
        self.recordedAt = recordedAt
    }

    /// The bytes the record counts for against byte limits: kind and payload, plus a fixed 64 for
    /// its identity and times on the wire.
    public var byteCount: Int { kind.utf8.count + payload.utf8.count + 64 }

    /// The kind of the records that carry the device's timeline, one entry each.
    public static let timelineKind = "wakeful.timeline"
    /// The kind of the record that accounts for records dropped by a retention limit.
    public static let lossKind = "wakeful.loss"
    /// The longest kind the ingest contract accepts, in UTF-8 bytes: a label, not data.
    public static let maximumKindBytes = 128
}

/// Makes a record's UUID from the install and its sequence number: the first 8 bytes of the
/// install ID, then `seq` big-endian, with the version (8, custom) and variant bits of RFC 9562.
///
/// Deterministic on purpose: a process relaunched after a kill cannot draw a UUID that an earlier
/// process already used, because `seq` is durable; and the simulator needs no random source.
///
/// ```swift
/// let id = RecordIdentity.uuid(install: install, seq: 42)
/// RecordIdentity.seq(of: id, install: install)   // 42
/// ```
public enum RecordIdentity {
    /// The UUID of record `seq` of `install`.
    public static func uuid(install: UUID, seq: Int64) -> UUID {
        var bytes = install.uuid
        let value = UInt64(bitPattern: seq)
        bytes.8 = UInt8(truncatingIfNeeded: value >> 56) & 0x3F | 0x80  // variant 10xx (RFC 9562)
        bytes.9 = UInt8(truncatingIfNeeded: value >> 48)
        bytes.10 = UInt8(truncatingIfNeeded: value >> 40)
        bytes.11 = UInt8(truncatingIfNeeded: value >> 32)
        bytes.12 = UInt8(truncatingIfNeeded: value >> 24)
        bytes.13 = UInt8(truncatingIfNeeded: value >> 16)
        bytes.14 = UInt8(truncatingIfNeeded: value >> 8)
        bytes.15 = UInt8(truncatingIfNeeded: value)
        bytes.6 = bytes.6 & 0x0F | 0x80  // version 8
        return UUID(uuid: bytes)
    }
}

extension Record {
    /// The fields as one JSON object, in order: `{"lat":52.1,"source":"gps"}`.
    public var payloadJSON: String {
        var buffer: [UInt8] = [UInt8(ascii: "{")]
        for (index, field) in fields.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.appendJSONString(field.key)
            buffer.append(UInt8(ascii: ":"))
            buffer.appendFieldValue(field.value)
        }
        buffer.append(UInt8(ascii: "}"))
        return String(decoding: buffer, as: UTF8.self)
    }
}
