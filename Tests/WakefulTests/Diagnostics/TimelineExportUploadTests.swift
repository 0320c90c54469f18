import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("TimelineExportUpload: the endpoint and the server's answers", .watchdog, .cpuBound)
struct TimelineExportUploadTests {
    static let id = UUID(uuidString: "4F1C0E52-8B0A-4E8A-9C51-3C9E4A1B2D70")!

    @Test("the endpoint sits beside the ingest endpoint, as the push token's does")
    func endpoint() throws {
        let ingest = try #require(URL(string: "https://wakeful.example.com/api/v1/ingest"))
        #expect(
            TimelineExportUpload.endpoint(besideIngest: ingest, id: Self.id)?.absoluteString
                == "https://wakeful.example.com/api/v1/devices/me/timeline-exports/4F1C0E52-8B0A-4E8A-9C51-3C9E4A1B2D70"
        )
        #expect(
            TimelineExportUpload.endpoint(besideIngest: try #require(URL(string: "https://x/ingest")), id: Self.id)
                == nil)
        #expect(
            PushTokenRegistration.endpoint(besideIngest: ingest)?.absoluteString
                == "https://wakeful.example.com/api/v1/devices/me/apns")
    }

    @Test("201 is stored, 200 already stored; anything else is a failure with the server's code and message")
    func outcomes() throws {
        let receipt = Array(
            #"{"export_id":"4F1C0E52-8B0A-4E8A-9C51-3C9E4A1B2D70","entries":12,"bytes":3400,"headers":1}"#.utf8)
        let stored = try TimelineExportUpload.outcome(status: 201, body: receipt).get()
        #expect(stored == .init(id: Self.id, entries: 12, bytes: 3400, alreadyStored: false))
        #expect(try TimelineExportUpload.outcome(status: 200, body: receipt).get().alreadyStored)
        let refused = TimelineExportUpload.outcome(
            status: 422, body: Array(#"{"error":"export_id_reused","message":"send this one under a new ID"}"#.utf8))
        #expect(
            refused
                == .failure(.init(status: 422, code: "export_id_reused", message: "send this one under a new ID")))
        #expect(
            TimelineExportUpload.outcome(status: 502, body: Array("Bad Gateway".utf8))
                == .failure(.init(status: 502, code: "http_502", message: "Bad Gateway")))
        guard case .failure(let odd) = TimelineExportUpload.outcome(status: 201, body: Array("{}".utf8)) else {
            Issue.record("an answer without a receipt is not a success")
            return
        }
        #expect(odd.code == "unexpected_answer")
    }
}
