import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// The adapter's platform-free halves: the core's fields as the app's `Decodable` types, and the
/// tokens as the server takes them (LIVE-4, LIVE-5).
@Suite("Live Activity contracts: content and token registration", .watchdog)
struct LiveActivityContractTests {
    /// An app's `ContentState`, as a push's `content-state` must match it.
    struct Delivery: Decodable, Equatable {
        var status: String
        var eta: Int
        var late: Bool
    }

    @Test("fields decode into the app's type, as a push's content-state does")
    func content() throws {
        let fields = [Field("status", "on the way"), Field("eta", 12), Field("late", false)]
        #expect(
            try LiveActivityContent.decode(Delivery.self, from: fields)
                == Delivery(status: "on the way", eta: 12, late: false))
        #expect(
            String(decoding: LiveActivityContent.json(fields), as: UTF8.self)
                == #"{"status":"on the way","eta":12,"late":false}"#)
        #expect(throws: DecodingError.self) {
            try LiveActivityContent.decode(Delivery.self, from: [Field("status", "x")])
        }
    }

    @Test("tokens go beside the ingest endpoint, as lower-case hex")
    func registration() throws {
        let ingest = try #require(URL(string: "https://wakeful.example.com/v1/ingest"))
        let hex = LiveActivityTokenRegistration.hex([0xAB, 0x01])
        #expect(hex == "ab01")
        let start = LiveActivityTokenRegistration(kind: .pushToStart, hexToken: hex, environment: .sandbox)
        #expect(
            start.endpoint(besideIngest: ingest)?.absoluteString
                == "https://wakeful.example.com/v1/devices/me/live-activities/push-to-start")
        let update = LiveActivityTokenRegistration(
            kind: .update(activity: "order-7"), hexToken: hex, environment: .production)
        #expect(
            update.endpoint(besideIngest: ingest)?.absoluteString
                == "https://wakeful.example.com/v1/devices/me/live-activities/order-7/token")
        #expect(String(decoding: update.body, as: UTF8.self) == #"{"environment":"production","token":"ab01"}"#)
        #expect(start.endpoint(besideIngest: try #require(URL(string: "https://example.com/upload"))) == nil)
    }
}
