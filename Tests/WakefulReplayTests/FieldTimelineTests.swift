import Foundation
import Testing
import Wakeful
import WakefulReplay
import WakefulTestSupport

/// Both input forms are read, told apart by content, and bad input names the file, line and field.
@Suite(.watchdog, .cpuBound) struct FieldTimelineTests {
    static let lines = """
        {"t":0,"kind":"run","format":1,"source":"device","device":"iPhone15,2","ios":"17.5.1","setup":"TaskExtension","backgroundModes":""}
        {"t":0,"kind":"event","event":"didFinishLaunching","reason":"user"}
        {"t":0,"kind":"event","event":"didBecomeActive"}
        {"t":10,"kind":"event","event":"willResignActive"}
        {"t":10,"kind":"event","event":"didEnterBackground"}
        {"t":10,"kind":"command","by":"TaskExtension","command":"beginBackgroundTask","task":"TaskExtension#1"}

        """

    /// The shape of `GET /v1/devices/{id}/timeline` (QueryController), pretty-printed.
    static func serverAnswer(events: [String]) -> String {
        let entries = events.enumerated().map { index, event in
            """
                {
                  "seq": \(index + 1),
                  "recorded_at": "1970-01-01T00:00:00Z",
                  "received_at": "1970-01-01T00:00:05Z",
                  "lag_seconds": 5.0,
                  "event": \(event)
                }
            """
        }
        return "{\n  \"device_id\": \"6F1B6C1E-0000-4000-8000-000000000001\",\n  \"entries\": [\n"
            + entries.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    @Test func readsJSONLinesWithTheDeviceHeader() throws {
        let timeline = try FieldTimeline.read(Data(Self.lines.utf8), file: "field.jsonl")
        #expect(timeline.format == .jsonLines)
        #expect(timeline.entries.count == 6)
        let header = try #require(timeline.header)
        #expect(header.device == "iPhone15,2")
        #expect(header.ios == "17.5.1")
        #expect(header.setup == "TaskExtension")
        #expect(header.backgroundModes == [])
    }

    @Test func readsTheServersTimelineJSONAsTheSameEntries() throws {
        let events = Self.lines.split(separator: "\n").map(String.init)
        let server = try FieldTimeline.read(Data(Self.serverAnswer(events: events).utf8), file: "server.json")
        let lines = try FieldTimeline.read(Data(Self.lines.utf8), file: "field.jsonl")
        #expect(server.format == .server)
        #expect(server.deviceID == "6F1B6C1E-0000-4000-8000-000000000001")
        #expect(server.entries == lines.entries)
        #expect(server.lines == [4, 11, 18, 25, 32, 39])
    }

    @Test func serverEntryErrorNamesLineAndField() throws {
        let events = [
            #"{"t":0,"kind":"event","event":"didBecomeActive"}"#,
            #"{"t":"soon","kind":"event","event":"didBecomeActive"}"#,
        ]
        do {
            _ = try FieldTimeline.read(Data(Self.serverAnswer(events: events).utf8), file: "server.json")
            Issue.record("expected an error")
        } catch {
            guard case .input(let input) = error else { Issue.record("unexpected \(error)"); return }
            #expect(input.file == "server.json")
            #expect(input.line == 11)
            #expect(input.key == "entries[1].event.t")
            #expect(input.description.contains("expected a number of seconds"))
        }
    }

    @Test(arguments: [
        (
            #"{"t":0,"kind":"event","event":"didBecomeActive"}"# + "\n"
                + #"{"t":1,"kind":"event","event":"teleported"}"#, 2, "event"
        ),
        (
            #"{"t":0,"kind":"event","event":"didBecomeActive"}"# + "\n\n"
                + #"{"kind":"event","event":"didBecomeActive"}"#, 3, "t"
        ),
        (#"{"t":0,"kind":"command","by":"X","command":"beginBackgroundTask","task":7}"#, 1, "task"),
    ])
    func malformedLineErrorsNameLineAndField(text: String, line: Int, key: String) throws {
        do {
            _ = try FieldTimeline.read(Data(text.utf8), file: "bad.jsonl")
            Issue.record("expected an error")
        } catch {
            guard case .input(let input) = error else { Issue.record("unexpected \(error)"); return }
            #expect(input.file == "bad.jsonl")
            #expect(input.line == line)
            #expect(input.key == key, "\(input)")
        }
    }

    @Test func invalidJSONNamesLineAndColumn() throws {
        #expect(throws: ReplayError.self) { try FieldTimeline.read(Data("{\"t\":0,\n".utf8), file: "cut.jsonl") }
        do {
            _ = try FieldTimeline.read(
                Data("{\"device_id\": \"x\",\n  \"entries\": [\n    {\"seq\": 1,,}\n  ]\n}".utf8), file: "cut.json")
        } catch {
            guard case .input(let input) = error else { Issue.record("unexpected \(error)"); return }
            #expect(input.line == 3)
            #expect(input.column != nil)
        }
    }

    @Test func headerRoundTripsThroughItsFields() {
        let header = TimelineHeader(
            source: "device", device: "iPhone15,2", ios: "17.5", setup: "TaskExtension",
            strategies: ["BeaconTrigger", "TaskExtension"],
            backgroundModes: ["location"], locationAuthorization: "always", variants: ["CONF-3"], debuggerAttached: true
        )
        #expect(TimelineHeader(fields: header.fields) == header)
    }
}
