import Foundation
import HTTPTypes
import HummingbirdTesting
import PropertyBased
import Testing
@testable import Wakeful
import WakefulServer
import WakefulTestSupport

/// What ingest acknowledged reads back exactly: the payload's text as the device wrote it (less
/// the whitespace between tokens), through the records endpoint, the timeline and the export.
@Suite("payloads read back exactly as acknowledged", .watchdog)
struct PayloadRoundTripTests {
    @Test(
        "random payloads round-trip byte for byte through ingest, the records endpoint and the export",
        .hangLimit, arguments: StorageEngine.allCases)
    func randomPayloads(engine: StorageEngine) async throws {
        try await engine.withServer { _, client in
            let device = try await client.register()
            var seq: Int64 = 0
            await propertyCheck(count: 40, input: Gen.uint64(), Gen.int(in: 1...3)) { seed, count in
                let payloads = (0..<count).map { RandomPayload(seed: seed &+ UInt64($0)) }
                let kind = "roundtrip.\(seed)"
                let records = payloads.map { payload in
                    seq += 1
                    return OutboxRecord(
                        uuid: RecordIdentity.uuid(install: device.installID, seq: seq), seq: seq, kind: kind,
                        payload: payload.spacedText,
                        recordedAt: ServerHarness.now - 60)
                }
                let answer = try await client.ingest(
                    IngestBatch(batchID: UUID(), installID: device.installID, records: records), token: device.token)
                #expect(answer.status == .ok, "\(answer.text)")
                let expected = payloads.map(\.compactText)
                let page = try await client.send(
                    .get, "/v1/devices/\(device.id.uuidString)/records?kind=\(kind)", token: device.token)
                #expect(try Self.payloadTexts(page.text, list: "records", member: "payload") == expected)
                let export = try await client.send(
                    .get, "/v1/devices/\(device.id.uuidString)/records.ndjson?kind=\(kind)", token: device.token)
                #expect(try Self.exportedPayloadTexts(export.text) == expected)
            }
        }
    }

    @Test(
        "the issue's numbers, escapes and exponents come back digit for digit", .hangLimit,
        arguments: StorageEngine.allCases)
    func issueExample(engine: StorageEngine) async throws {
        try await engine.withServer { _, client in
            let device = try await client.register()
            let payload =
                #"{"u64max":18446744073709551615,"big":123456789012345678901234567890,"neg":-0.0,"tiny":4.9E-324,"e":1e+300,"s":"\u00e9\ud83d\ude00\n\/"}"#
            let record = OutboxRecord(
                uuid: RecordIdentity.uuid(install: device.installID, seq: 1), seq: 1, kind: OutboxRecord.timelineKind,
                payload: payload,
                recordedAt: ServerHarness.now - 60)
            let answer = try await client.ingest(
                IngestBatch(batchID: UUID(), installID: device.installID, records: [record]), token: device.token)
            #expect(answer.status == .ok, "\(answer.text)")
            let base = "/v1/devices/\(device.id.uuidString)"
            let records = try await client.send(.get, "\(base)/records", token: device.token)
            #expect(try Self.payloadTexts(records.text, list: "records", member: "payload") == [payload])
            let timeline = try await client.send(.get, "\(base)/timeline", token: device.token)
            #expect(try Self.payloadTexts(timeline.text, list: "entries", member: "event") == [payload])
            let export = try await client.send(.get, "\(base)/records.ndjson", token: device.token)
            #expect(try Self.exportedPayloadTexts(export.text) == [payload])
        }
    }

    /// The text of `member` of each object in the answer's `list`, as the answer wrote it.
    static func payloadTexts(_ answer: String, list: String, member: String) throws -> [String] {
        // Objects of the list are at depth 3: the answer, the list, the object.
        guard case .object(let root) = try JSONValue.parse(Array(answer.utf8), keepingTextOf: member, atDepth: 3),
            case .array(let items)? = root[list]
        else { throw RoundTripFailure(answer: answer) }
        return try items.map { item in
            guard case .object(let object) = item, case .string(let text)? = object[member] else {
                throw RoundTripFailure(answer: answer)
            }
            return text
        }
    }

    /// The `payload` text of each line of an export.
    static func exportedPayloadTexts(_ export: String) throws -> [String] {
        try export.split(separator: "\n").map { line in
            guard
                case .object(let object) = try JSONValue.parse(Array(line.utf8), keepingTextOf: "payload", atDepth: 1),
                case .string(let text)? = object["payload"]
            else { throw RoundTripFailure(answer: String(line)) }
            return text
        }
    }
}

/// An answer that is not the shape the round trip reads.
struct RoundTripFailure: Error, CustomStringConvertible {
    var answer: String
    var description: String { "unexpected answer: \(answer.prefix(300))" }
}
