import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("BackgroundTaskID", .watchdog, .cpuBound)
struct BackgroundTaskIDTests {
    @Test("description is owner#serial; the serial defaults to 0")
    func description() {
        #expect(BackgroundTaskID(owner: "TaskExtension", serial: 3).description == "TaskExtension#3")
        #expect(BackgroundTaskID(owner: "X").description == "X#0")
    }

    @Test(
        "parses owner#serial, splitting at the last #",
        arguments: [
            ("TaskExtension#1", "TaskExtension", 1),
            ("LowPowerLocationKeepAlive#12", "LowPowerLocationKeepAlive", 12),
            ("a#b#3", "a#b", 3),
            ("with space#0", "with space", 0),
        ])
    func parses(_ text: String, _ owner: String, _ serial: Int) throws {
        let id = try #require(BackgroundTaskID(parsing: text))
        #expect(id == BackgroundTaskID(owner: owner, serial: serial))
        #expect(id.description == text, "parsing and description are inverses")
    }

    @Test(
        "rejects text without # and a whole number",
        arguments: [
            "", "TaskExtension", "TaskExtension#", "TaskExtension#one", "TaskExtension#1.5", "TaskExtension#1 ", "#",
        ])
    func rejects(_ text: String) {
        #expect(BackgroundTaskID(parsing: text) == nil)
    }

    @Test("Codable: a JSON string in the owner#serial form")
    func codable() throws {
        let ids = [BackgroundTaskID(owner: "TaskExtension", serial: 1), BackgroundTaskID(owner: "a#b", serial: 22)]
        let data = try JSONEncoder().encode(ids)
        #expect(String(decoding: data, as: UTF8.self) == #"["TaskExtension#1","a#b#22"]"#)
        #expect(try JSONDecoder().decode([BackgroundTaskID].self, from: data) == ids)
    }

    @Test("decoding a malformed identifier names the expected form")
    func decodingError() throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode([BackgroundTaskID].self, from: Data(#"["TaskExtension-1"]"#.utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.debugDescription.contains("TaskExtension-1"))
        #expect(context.debugDescription.contains("owner#serial"))
        #expect(context.codingPath.first?.intValue == 0)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(BackgroundTaskID.self, from: Data("7".utf8)) }
    }

    @Test(
        "only the canonical form parses, so decoding and encoding give back the same text",
        arguments: ["T#+1", "T#01", "T#-1"])
    func canonicalOnly(_ text: String) {
        #expect(BackgroundTaskID(parsing: text) == nil, "\(String(describing: BackgroundTaskID(parsing: text)))")
    }
}
