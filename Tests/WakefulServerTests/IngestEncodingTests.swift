import CompressNIO
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

@Suite("POST /v1/ingest with Content-Encoding", .hangLimit, .watchdog)
struct IngestEncodingTests {
    @Test("a gzip body is inflated and stored like the plain one", arguments: ["gzip", "x-gzip", "identity, gzip"])
    func gzipRoundTrip(encoding: String) async throws {
        try await ServerHarness.withServer { harness, client in
            let device = try await client.register()
            let batch = IngestBatch(
                batchID: UUID(), installID: device.installID, records: makeRecords(install: device.installID, count: 50)
            )
            let body = try gzip(batch.jsonBytes())
            #expect(body.count < batch.jsonBytes().count)
            let response = try await client.send(
                .post, "/v1/ingest", token: device.token,
                headers: [.idempotencyKey: batch.batchID.uuidString, .contentEncoding: encoding], body: body)
            #expect(response.status == .ok, "\(response.text)")
            #expect(
                try IngestAnswer.parse(Array(response.text.utf8)).answer == IngestAnswer(accepted: 50, duplicates: 0))
            #expect(
                try await harness.storage.records(deviceID: device.id, matching: RecordQuery()).map(\.record)
                    == batch.records)
        }
    }

    @Test("a small body that inflates past the limit is 413 and stores nothing")
    func zipBomb() async throws {
        try await ServerHarness.withServer { harness, client in
            let device = try await client.register()
            let batch = IngestBatch(
                batchID: UUID(), installID: device.installID, records: makeRecords(install: device.installID, count: 1))
            // 16 MiB of spaces after the opening brace: valid JSON whitespace, about 16 KiB compressed.
            var bytes = Array(batch.jsonBytes())
            bytes.insert(contentsOf: [UInt8](repeating: UInt8(ascii: " "), count: 16 << 20), at: 1)
            let body = try gzip(bytes)
            #expect(body.count < 1 << 16)
            let response = try await client.send(
                .post, "/v1/ingest", token: device.token,
                headers: [.idempotencyKey: batch.batchID.uuidString, .contentEncoding: "gzip"], body: body)
            #expect(response.status == .contentTooLarge, "\(response.text)")
            #expect(response.errorCode == "too_large")
            #expect(try await harness.storage.records(deviceID: device.id, matching: RecordQuery()).isEmpty)
        }
    }

    @Test("a corrupt, cut-short or padded gzip stream is 400 naming Content-Encoding", arguments: GzipDamage.allCases)
    func corrupt(damage: GzipDamage) async throws {
        try await ServerHarness.withServer { harness, client in
            let device = try await client.register()
            let batch = IngestBatch(
                batchID: UUID(), installID: device.installID, records: makeRecords(install: device.installID, count: 20)
            )
            let body = damage.apply(to: try gzip(batch.jsonBytes()))
            let response = try await client.send(
                .post, "/v1/ingest", token: device.token,
                headers: [.idempotencyKey: batch.batchID.uuidString, .contentEncoding: "gzip"], body: body)
            #expect(response.status == .badRequest, "\(response.text)")
            #expect(response.errorCode == "invalid_encoding")
            #expect(try response.object()["field"] as? String == "Content-Encoding")
            #expect(try await harness.storage.records(deviceID: device.id, matching: RecordQuery()).isEmpty)
        }
    }

    @Test("an unknown encoding is 415 listing the accepted ones", arguments: ["br", "deflate", "gzip, br", "compress"])
    func unknownEncoding(encoding: String) async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let batch = IngestBatch(
                batchID: UUID(), installID: device.installID, records: makeRecords(install: device.installID, count: 1))
            let response = try await client.send(
                .post, "/v1/ingest", token: device.token,
                headers: [.idempotencyKey: batch.batchID.uuidString, .contentEncoding: encoding],
                body: batch.jsonBytes())
            #expect(response.status == .unsupportedMediaType)
            #expect(response.errorCode == "unsupported_encoding")
            let object = try response.object()
            #expect(object["field"] as? String == "Content-Encoding")
            #expect((object["message"] as? String)?.contains("gzip, identity") == true)
        }
    }
}

/// Ways to spoil a gzip body.
enum GzipDamage: CaseIterable, Sendable {
    /// Nothing at all.
    case empty
    /// Not gzip at all.
    case garbage
    /// A bit flipped inside the deflate data (the CRC or the code fails).
    case flipped
    /// The last 20 bytes missing: no trailer.
    case truncated
    /// Bytes after the end of the stream.
    case trailing

    func apply(to body: [UInt8]) -> [UInt8] {
        switch self {
        case .empty: return []
        case .garbage: return Array("{\"not\":\"gzip\"}".utf8)
        case .flipped:
            var damaged = body
            damaged[body.count / 2] ^= 0x55
            return damaged
        case .truncated: return Array(body.dropLast(20))
        case .trailing: return body + Array("junk".utf8)
        }
    }
}

/// `bytes` gzip-compressed.
func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
    var buffer = ByteBuffer(bytes: bytes)
    let compressed = try buffer.compress(with: .gzip())
    return Array(compressed.readableBytesView)
}
