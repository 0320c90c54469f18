import Foundation
import Testing
import WakefulSimulator
import WakefulTestSupport

@Suite("IOSVersion", .watchdog, .cpuBound)
struct IOSVersionTests {
    @Test(
        "parses well-formed versions",
        arguments: [
            ("4", IOSVersion(4)),
            ("6.1.6", IOSVersion(6, 1, 6)),
            ("8", IOSVersion(8)),
            ("7.0.2", IOSVersion(7, 0, 2)),
            ("12.4", IOSVersion(12, 4)),
            ("15.3.1", IOSVersion(15, 3, 1)),
            ("18.0", IOSVersion(18)),
            ("19", IOSVersion(19)),
            ("26.4.2", IOSVersion(26, 4, 2)),
            ("10.0.0", IOSVersion(10)),
        ])
    func parsesGood(text: String, expected: IOSVersion) {
        #expect(IOSVersion(parsing: text) == expected)
    }

    @Test(
        "rejects malformed versions",
        arguments: [
            "", " ", "abc", "iOS 12", "-8", "8.-1", "+8", "1.2.3.4", "3", "3.9", "0", "12.", ".12", "12..4",
            " 12", "12 ", "12.4a", "12.04", "08", "１２", "12,4", "99999999999999999999999",
        ])
    func rejectsBad(text: String) {
        #expect(IOSVersion(parsing: text) == nil)
    }

    @Test(
        "description drops trailing zero components",
        arguments: [
            (IOSVersion(12), "12"),
            (IOSVersion(12, 4), "12.4"),
            (IOSVersion(12, 0, 1), "12.0.1"),
            (IOSVersion(15, 3, 1), "15.3.1"),
            (IOSVersion(8, 0, 0), "8"),
        ])
    func description(version: IOSVersion, expected: String) {
        #expect(version.description == expected)
        #expect(IOSVersion(parsing: expected) == version)
    }

    @Test(
        "a parsed version keeps the components it was written with, and equals the shorter form",
        arguments: [
            ("7.0", "7"), ("7.0.0", "7"), ("12.4.0", "12.4"), ("17", "17.0"),
        ])
    func keepsWrittenComponents(text: String, sameAs other: String) throws {
        let version = try #require(IOSVersion(parsing: text))
        let same = try #require(IOSVersion(parsing: other))
        #expect(version.description == text)
        #expect(version == same)
        #expect(Set([version, same]).count == 1)
        let decoded = try JSONDecoder().decode([IOSVersion].self, from: JSONEncoder().encode([version]))
        #expect(decoded.map(\.description) == [text])
    }

    @Test("orders by major, then minor, then patch")
    func ordering() {
        #expect(IOSVersion(7, 0, 6) < IOSVersion(7, 1))
        #expect(IOSVersion(10, 3, 4) < IOSVersion(11))
        #expect(IOSVersion(9, 10) > IOSVersion(9, 9, 9))
        #expect(!(IOSVersion(12, 4) < IOSVersion(12, 4)))
        let sorted = [IOSVersion(26), IOSVersion(7, 1), IOSVersion(7, 0, 2), IOSVersion(12, 4)].sorted()
        #expect(sorted.map(\.description) == ["7.0.2", "7.1", "12.4", "26"])
    }

    @Test(
        "family mapping",
        arguments: [
            ("4.3", IOSFamily.iOS6), ("5.1.1", .iOS6), ("6", .iOS6), ("6.1.6", .iOS6),
            ("7", .iOS7to12), ("12.4", .iOS7to12), ("12.5.7", .iOS7to12),
            ("13", .iOS13to18), ("18.6", .iOS13to18),
            ("19", .iOS26), ("25.9", .iOS26), ("26.1", .iOS26), ("27", .iOS26),
        ])
    func family(text: String, expected: IOSFamily) throws {
        let version = try #require(IOSVersion(parsing: text))
        #expect(version.family == expected)
    }

    @Test("Codable as its string")
    func codableRoundTrip() throws {
        let versions = [IOSVersion(15, 3, 1), IOSVersion(12, 4), IOSVersion(8)]
        let data = try JSONEncoder().encode(versions)
        #expect(String(decoding: data, as: UTF8.self) == #"["15.3.1","12.4","8"]"#)
        #expect(try JSONDecoder().decode([IOSVersion].self, from: data) == versions)
    }

    @Test(
        "decoding a bad string throws dataCorrupted naming the expected form",
        arguments: [
            #"["12.x"]"#, #"["3"]"#, #"[""]"#,
        ])
    func decodingBadString(json: String) {
        do {
            _ = try JSONDecoder().decode([IOSVersion].self, from: Data(json.utf8))
            Issue.record("decoding \(json) should fail")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.contains("e.g. \"8\", \"12.4\" or \"15.3.1\""))
            #expect(context.debugDescription.contains("Invalid iOS version"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
