import Foundation
import Testing
import WakefulTestSupport

@testable import Wakeful

/// The reader of bodies in the encoder's own form (``IngestBatch/readCanonical(_:)``) against the
/// general reader: whatever it accepts, the general reader reads the same, and whatever it refuses
/// is left to the general reader, which then gives the server's answer.
@Suite("Ingest bodies in the encoder's form", .watchdog, .cpuBound)
struct IngestCanonicalReadingTests {
    /// A body read by the general reader alone: a collection without contiguous storage skips the
    /// canonical reader.
    static func general(_ body: [UInt8]) throws(IngestDecodingError) -> (IngestBatch, [RecordRejection]) {
        let result = try IngestBatch.parseSeparatingBadRecords(body.lazy.map { $0 })
        return (result.batch, result.rejected)
    }

    static func canonical(_ body: [UInt8]) -> IngestBatch? {
        body.withUnsafeBufferPointer(IngestBatch.readCanonical)
    }

    static func record(_ seq: Int64, kind: String = "sample", payload: String = #"{"n":1}"#, at time: Double = 1.5)
        -> OutboxRecord
    {
        OutboxRecord(
            uuid: RecordIdentity.uuid(install: Uploads.install, seq: seq), seq: seq, kind: kind, payload: payload,
            recordedAt: 1_763_711_151 + time)
    }

    static func batch(_ records: [OutboxRecord]) -> IngestBatch {
        IngestBatch(
            batchID: RecordIdentity.batchID(install: Uploads.install, number: 7), installID: Uploads.install,
            records: records)
    }

    @Test("a batch the encoder wrote reads back the same both ways, with the canonical reader")
    func encodedBatches() throws {
        var generator = SplitMix64(seed: 11)
        for size in [1, 2, 17, 500] {
            let records = (1...size).map { seq in
                Self.record(
                    Int64(seq) * 1_000_003, kind: ["sample", "wakeful.timeline", "a b~c"][seq % 3],
                    payload: [
                        #"{ "spaced" : [ 1 , 2 ] }"#,
                        #"{"lat":52.123456789,"deep":{"a":[1,2,{"b":null}]},"s":"\u00e9\"x"}"#, "{}",
                    ][seq % 3],
                    at: Double(generator.next() % 100_000_000) / 1000)
            }
            let body = Self.batch(records).jsonBytes()
            let read = try #require(Self.canonical(body))
            let (general, rejected) = try Self.general(body)
            #expect(rejected.isEmpty)
            #expect(read == general)
            #expect(try IngestBatch.parseSeparatingBadRecords(body).batch == general)
        }
    }

    @Test(
        "a record the server rejects, or text in another form, is left to the general reader",
        arguments: [
            Self.record(1, kind: "tab\there"),  // a control character in the kind
            Self.record(1, kind: "caf\u{E9}"),  // not ASCII: read the general way, same result
            Self.record(1, kind: ""),  // an empty kind is rejected
            Self.record(1, kind: String(repeating: "k", count: OutboxRecord.maximumKindBytes + 1)),
            Self.record(1, payload: "[1]"),  // not an object
            Self.record(1, payload: #"{"n":1e999}"#),  // beyond Double's range
            Self.record(1, at: .nan),  // written as null
        ])
    func leftToGeneralReader(record: OutboxRecord) throws {
        let body = Self.batch([Self.record(2), record]).jsonBytes()
        #expect(Self.canonical(body) == nil)
        let general = Result { () throws(IngestDecodingError) in try Self.general(body) }
        let both = Result { () throws(IngestDecodingError) in try IngestBatch.parseSeparatingBadRecords(body) }
        #expect(general.map(\.0) == both.map(\.batch))
        #expect(general.map(\.1) == both.map(\.rejected))
    }

    @Test("bytes off the encoder's form are left to the general reader")
    func otherForms() throws {
        let body = String(decoding: Self.batch([Self.record(1)]).jsonBytes(), as: UTF8.self)
        for variant in [
            body + " ", body.replacingOccurrences(of: #""seq":1"#, with: #""seq":01"#),
            body.replacingOccurrences(of: #""seq":1"#, with: #""seq":1.0"#),
            body.replacingOccurrences(of: "{\"uuid\"", with: "{ \"uuid\""), String(body.dropLast()),
        ] {
            let bytes = Array(variant.utf8)
            #expect(Self.canonical(bytes) == nil, "\(variant)")
            let general = Result { () throws(IngestDecodingError) in try Self.general(bytes) }
            let both = Result { () throws(IngestDecodingError) in try IngestBatch.parseSeparatingBadRecords(bytes) }
            #expect(general.map(\.0) == both.map(\.batch))
        }
    }
}
