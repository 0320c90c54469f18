import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

@Suite("GET /metrics", .hangLimit, .watchdog)
struct MetricsEndpointTests {
    @Test("ingest requests by status, records by result and the latency histogram, in the Prometheus text format")
    func countsIngest() async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let batch = IngestBatch(
                batchID: UUID(), installID: device.installID, records: makeRecords(install: device.installID, count: 4))
            _ = try await client.ingest(batch, token: device.token)
            _ = try await client.ingest(batch, token: device.token)
            _ = try await client.send(.post, "/v1/ingest", token: device.token, body: Array("{".utf8))
            let response = try await client.send(.get, "/metrics")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain") == true)
            let text = response.text
            #expect(text.contains("wakeful_ingest_requests_total{status=\"200\"} 2"))
            #expect(text.contains("wakeful_ingest_requests_total{status=\"400\"} 1"))
            #expect(text.contains("wakeful_ingest_records_total{result=\"accepted\"} 4"))
            #expect(text.contains("wakeful_ingest_records_total{result=\"duplicate\"} 4"))
            #expect(text.contains("wakeful_ingest_duration_seconds_count 3"))
            #expect(text.contains("# TYPE wakeful_ingest_duration_seconds histogram"))
        }
    }
}
