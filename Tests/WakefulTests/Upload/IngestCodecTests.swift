import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("Ingest wire codec", .watchdog, .cpuBound)
struct IngestCodecTests {
    static let batchID = UUID(uuidString: "00000000-0000-4000-8000-0000000000B1")!
    static let recordID = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!

    static let batch = IngestBatch(
        batchID: batchID, installID: Uploads.install,
        records: [
            OutboxRecord(
                uuid: recordID, seq: 1, kind: "location", payload: #"{"lat":52.1,"note":"a \"b\""}"#,
                recordedAt: 1_763_711_151.123)
        ])

    static let body =
        #"{"batch_id":"00000000-0000-4000-8000-0000000000B1","install_id":"5A1D0C3E-8B7F-4E21-9C64-2F8A0B1D3E57","records":[{"uuid":"00000000-0000-4000-8000-000000000001","seq":1,"kind":"location","recorded_at":"2025-11-21T07:45:51.123Z","payload":{"lat":52.1,"note":"a \"b\""}}]}"#

    @Test("a batch encodes to the contract's bytes, payload embedded as it is")
    func encodesBatch() {
        #expect(String(decoding: Self.batch.jsonBytes(), as: UTF8.self) == Self.body)
    }

    @Test("an outbox batch goes on the wire with recorded_at shifted by the clock origin")
    func fromOutboxBatch() throws {
        let outbox = try Uploads.outbox(records: 2)
        let claimed = try #require(try outbox.claimBatch(limits: BatchLimits(), now: 0))
        let wire = IngestBatch(claimed, installID: outbox.installID, clockOrigin: 1_763_711_151)
        #expect(wire.batchID == claimed.id)
        #expect(wire.records.map(\.recordedAt) == [1_763_711_151, 1_763_711_152])
        #expect(wire.records.map(\.uuid) == claimed.records.map(\.uuid))
        #expect(try IngestBatch.parse(wire.jsonBytes()) == wire)
    }

    @Test("a batch reads back as written")
    func roundTrip() throws {
        #expect(try IngestBatch.parse(Array(Self.body.utf8)) == Self.batch)
        let spaced =
            #"{ "records" : [ {"payload": {"lat": 52.1, "note": "a \"b\""}, "recorded_at": "2025-11-21T08:45:51.123+01:00", "kind": "location", "seq": 1, "uuid": "00000000-0000-4000-8000-000000000001", "extra": 1} ], "install_id": "5a1d0c3e-8b7f-4e21-9c64-2f8a0b1d3e57", "batch_id": "00000000-0000-4000-8000-0000000000b1"}"#
        #expect(try IngestBatch.parse(Array(spaced.utf8)) == Self.batch)
    }

    @Test("an unwritable time goes out as null and only that record is rejected")
    func unwritableTime() throws {
        var batch = Self.batch
        batch.records.append(
            OutboxRecord(
                uuid: UUID(uuidString: "00000000-0000-4000-8000-000000000002")!, seq: 2, kind: "x", payload: "{}",
                recordedAt: .nan))
        let body = batch.jsonBytes()
        #expect(String(decoding: body, as: UTF8.self).contains(#""recorded_at":null,"payload":{}"#))
        let (read, rejected) = try IngestBatch.parseSeparatingBadRecords(body)
        #expect(read.records == [Self.batch.records[0]])
        #expect(
            rejected == [
                RecordRejection(
                    uuid: batch.records[1].uuid, reason: "records[1].recorded_at: expected a string, found null")
            ])
    }

    @Test(
        "a bad envelope names the path and the expected form",
        arguments: [
            (#"{"install_id":"5A1D0C3E-8B7F-4E21-9C64-2F8A0B1D3E57","records":[]}"#, "batch_id: is required"),
            (
                #"{"batch_id":"nope","install_id":"x","records":[]}"#,
                #"batch_id: expected a UUID such as "9B2F1C3A-5D4E-4F60-8A7B-1C2D3E4F5A6B", found "nope""#
            ),
            (
                #"{"batch_id":"00000000-0000-4000-8000-0000000000B1","install_id":"5A1D0C3E-8B7F-4E21-9C64-2F8A0B1D3E57","records":{}}"#,
                "records: expected an array, found an object"
            ),
            (
                #"{"batch_id":"00000000-0000-4000-8000-0000000000B1","install_id":"5A1D0C3E-8B7F-4E21-9C64-2F8A0B1D3E57","records":[]}"#,
                "records: expected at least one record"
            ),
            (
                #"{"batch_id":"00000000-0000-4000-8000-0000000000B1","install_id":"5A1D0C3E-8B7F-4E21-9C64-2F8A0B1D3E57","records":[{"seq":1}]}"#,
                "records[0].uuid: is required"
            ),
            (
                #"{"batch_id":"00000000-0000-4000-8000-0000000000B1","install_id":"5A1D0C3E-8B7F-4E21-9C64-2F8A0B1D3E57","records":[7]}"#,
                "records[0]: expected an object, found 7"
            ),
            ("[1,]", "not valid JSON: line 1, column 4: expected a value, found ']'"),
            ("[]", "expected an object, found an array"),
        ])
    func badEnvelope(body: String, message: String) {
        #expect(throws: IngestDecodingError.self) { try IngestBatch.parseSeparatingBadRecords(Array(body.utf8)) }
        do {
            _ = try IngestBatch.parseSeparatingBadRecords(Array(body.utf8))
        } catch {
            #expect(error.description == message)
        }
    }

    @Test(
        "a bad record is set aside with its path; the others are read",
        arguments: [
            (#""seq":0"#, "records[1].seq: expected a whole number, 1 or more, found 0"),
            (#""seq":"2""#, #"records[1].seq: expected a whole number, 1 or more, found "2""#),
            (#""seq":2,"kind":"""#, "records[1].kind: expected a non-empty string"),
            (
                #""seq":2,"kind":"a\u0000b""#,
                "records[1].kind: expected a string without control characters, found U+0000"
            ),
            (
                #""seq":2,"kind":"line\n""#,
                "records[1].kind: expected a string without control characters, found U+000A"
            ),
            (
                #""seq":2,"kind":"\#(String(repeating: "k", count: 129))""#,
                "records[1].kind: expected at most 128 bytes, found 129"
            ),
            (
                #""seq":2,"kind":"k","recorded_at":"yesterday""#,
                #"records[1].recorded_at: expected an RFC 3339 time such as "2026-11-21T07:45:51.123Z", found "yesterday""#
            ),
            (
                #""seq":2,"kind":"k","recorded_at":"2025-11-21T07:45:51Z","payload":[1]"#,
                "records[1].payload: expected an object, found an array"
            ),
            (#""seq":2,"kind":"k","recorded_at":"2025-11-21T07:45:51Z""#, "records[1].payload: is required"),
            // Well-formed JSON the parser refuses costs its record, not the batch.
            (
                #""seq":2,"kind":"k","recorded_at":"2025-11-21T07:45:51Z","payload":{"n":1e309}"#,
                "records[1].payload: number out of range (well-formed JSON, but numbers must fit a 64-bit double and \\u escapes must pair surrogates)"
            ),
            (
                #""seq":2,"kind":"k","recorded_at":"2025-11-21T07:45:51Z","payload":{"s":["\ud800"]}"#,
                "records[1].payload: unpaired high surrogate \\uD800; expected a \\uDC00-\\uDFFF escape after it (well-formed JSON, but numbers must fit a 64-bit double and \\u escapes must pair surrogates)"
            ),
            (
                #""seq":1\#(String(repeating: "0", count: 5000)),"kind":"k""#,
                "records[1].seq: number out of range (well-formed JSON, but numbers must fit a 64-bit double and \\u escapes must pair surrogates)"
            ),
        ])
    func badRecord(fields: String, reason: String) throws {
        let second = UUID(uuidString: "00000000-0000-4000-8000-000000000002")!
        let body = Self.body.replacingOccurrences(
            of: "}}]}", with: #"}},{"uuid":"\#(second.uuidString)",\#(fields)}]}"#)
        let (batch, rejected) = try IngestBatch.parseSeparatingBadRecords(Array(body.utf8))
        #expect(batch.records == Self.batch.records)
        #expect(rejected == [RecordRejection(uuid: second, reason: reason)])
        #expect(throws: IngestDecodingError(path: "", message: reason)) { try IngestBatch.parse(Array(body.utf8)) }
    }

    @Test("the payload is kept as sent, less the whitespace between tokens")
    func payloadCanonical() throws {
        // Numbers keep their digits and form, strings their escapes: what is acknowledged reads back.
        let body = Self.body.replacingOccurrences(
            of: #"{"lat":52.1,"note":"a \"b\""}"#,
            with: #"{ "lat" : 5.21e1, "u": 18446744073709551615, "s": "\u00e9 \/", "z": [ true , null ] }"#)
        #expect(
            try IngestBatch.parse(Array(body.utf8)).records[0].payload
                == #"{"lat":5.21e1,"u":18446744073709551615,"s":"\u00e9 \/","z":[true,null]}"#)
    }

    @Test("the same batch gives the same bytes")
    func deterministic() throws {
        let outbox = try Uploads.outbox(records: 50)
        let claimed = try #require(try outbox.claimBatch(limits: BatchLimits(), now: 0))
        let first = IngestBatch(claimed, installID: Uploads.install).jsonBytes()
        #expect(IngestBatch(claimed, installID: Uploads.install).jsonBytes() == first)
    }

    // MARK: Answers

    static let answer = IngestAnswer(
        accepted: 2, duplicates: 1, rejected: [RecordRejection(uuid: recordID, reason: "payload: expected \"lat\"")])
    static let answerBody =
        #"{"batch_id":"00000000-0000-4000-8000-0000000000B1","accepted":2,"duplicates":1,"rejected":[{"uuid":"00000000-0000-4000-8000-000000000001","reason":"payload: expected \"lat\""}]}"#

    @Test("an answer encodes to the contract's bytes and reads back")
    func answerRoundTrip() throws {
        #expect(String(decoding: Self.answer.jsonBytes(batchID: Self.batchID), as: UTF8.self) == Self.answerBody)
        let (batchID, answer) = try IngestAnswer.parse(Array(Self.answerBody.utf8))
        #expect(batchID == Self.batchID)
        #expect(answer == Self.answer)
        #expect(
            String(decoding: IngestAnswer(accepted: 0, duplicates: 0).jsonBytes(batchID: Self.batchID), as: UTF8.self)
                == #"{"batch_id":"00000000-0000-4000-8000-0000000000B1","accepted":0,"duplicates":0,"rejected":[]}"#)
    }

    @Test("a later commands array in the answer is ignored")
    func answerIgnoresUnknown() throws {
        let body = Self.answerBody.dropLast() + #","commands":[{"stop":true}]}"#
        #expect(try IngestAnswer.parse(Array(body.utf8)).answer == Self.answer)
    }

    @Test(
        "a bad answer names the path",
        arguments: [
            (
                #"{"batch_id":"00000000-0000-4000-8000-0000000000B1","accepted":-1,"duplicates":0,"rejected":[]}"#,
                "accepted: expected a whole number, 0 or more, found -1"
            ),
            (
                #"{"batch_id":"00000000-0000-4000-8000-0000000000B1","accepted":1,"duplicates":0}"#,
                "rejected: is required"
            ),
            (
                #"{"batch_id":"00000000-0000-4000-8000-0000000000B1","accepted":1,"duplicates":0,"rejected":[{"uuid":"00000000-0000-4000-8000-000000000001"}]}"#,
                "rejected[0].reason: is required"
            ),
            (#"{"accepted":1}"#, "batch_id: is required"),
        ])
    func badAnswer(body: String, message: String) {
        #expect(throws: IngestDecodingError.self) { try IngestAnswer.parse(Array(body.utf8)) }
        do {
            _ = try IngestAnswer.parse(Array(body.utf8))
        } catch {
            #expect(error.description == message)
        }
    }
}
