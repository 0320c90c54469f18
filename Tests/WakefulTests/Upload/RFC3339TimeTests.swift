import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("RFC 3339 times on the ingest wire", .watchdog, .cpuBound)
struct RFC3339TimeTests {
    @Test(
        "writes UTC with milliseconds",
        arguments: [
            (0.0, "1970-01-01T00:00:00.000Z"),
            (1_763_711_151.123, "2025-11-21T07:45:51.123Z"),
            (951_782_400, "2000-02-29T00:00:00.000Z"),
            (-0.001, "1969-12-31T23:59:59.999Z"),
            (1_700_000_000.4996, "2023-11-14T22:13:20.500Z"),
            (-62_135_596_800, "0001-01-01T00:00:00.000Z"),
            (253_402_300_799.999, "9999-12-31T23:59:59.999Z"),
        ])
    func writes(seconds: Double, text: String) {
        #expect(RFC3339Time.string(fromSecondsSince1970: seconds) == text)
    }

    @Test(
        "refuses what RFC 3339 cannot write", arguments: [Double.nan, .infinity, -62_135_596_800.001, 253_402_300_800])
    func refuses(seconds: Double) {
        #expect(RFC3339Time.string(fromSecondsSince1970: seconds) == nil)
    }

    @Test(
        "reads zones, offsets and fractions",
        arguments: [
            ("2025-11-21T07:45:51.123Z", 1_763_711_151.123),
            ("2025-11-21t07:45:51.123z", 1_763_711_151.123),
            ("2025-11-21T08:45:51.123+01:00", 1_763_711_151.123),
            ("2025-11-21T02:15:51.123-05:30", 1_763_711_151.123),
            ("2025-11-21T07:45:51Z", 1_763_711_151),
            ("2025-11-21T07:45:51.1Z", 1_763_711_151.1),
            ("2025-11-21T07:45:51.123456789Z", 1_763_711_151.123456),
            ("2016-12-31T23:59:60Z", 1_483_228_800),
        ])
    func reads(text: String, seconds: Double) {
        #expect(RFC3339Time.secondsSince1970(parsing: text) == seconds)
    }

    @Test(
        "rejects malformed times",
        arguments: [
            "", "2025-11-21", "2025-11-21T07:45:51", "2025-11-21 07:45:51Z", "2025-02-29T00:00:00Z",
            "2025-13-01T00:00:00Z",
            "2025-11-21T24:00:00Z", "2025-11-21T07:60:00Z", "2025-11-21T07:45:51.Z", "2025-11-21T07:45:51Z ",
            "0000-01-01T00:00:00Z",
            "2025-11-21T07:45:51+0100", "+2025-11-21T07:45:51Z",
        ])
    func rejects(text: String) {
        #expect(RFC3339Time.secondsSince1970(parsing: text) == nil)
    }

    @Test("every millisecond written reads back as the same double")
    func roundTrips() throws {
        var state: UInt64 = 12345
        for _ in 0..<2000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let milliseconds = Int64(state >> 20) % 8_000_000_000_000 - 1_000_000_000_000
            let seconds = Double(milliseconds) / 1000
            let text = try #require(RFC3339Time.string(fromSecondsSince1970: seconds))
            #expect(RFC3339Time.secondsSince1970(parsing: text) == seconds, "\(text)")
        }
    }
}
