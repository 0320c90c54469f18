import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// `app.outbox` in a scenario file.
@Suite("app.outbox decoding", .watchdog, .cpuBound)
struct OutboxDecodingTests {
    static func scenario(outbox: String) throws(ScenarioError) -> Scenario {
        let json = """
            {"name": "x", "duration": 60, "world": {"movement": {"stay": {"east": 0, "north": 0}}}, "app": {"outbox": \(outbox)}}
            """
        return try Scenario.decode(Data(json.utf8), file: "outbox.json", directory: nil)
    }

    @Test("upload: false collects only, true and an object upload, with the object's settings")
    func upload() throws {
        #expect(try Self.scenario(outbox: #"{"upload": false}"#).app.outbox?.upload == nil)
        #expect(try Self.scenario(outbox: #"{"upload": true}"#).app.outbox?.upload == Uploader.Configuration())
        let custom = try #require(
            try Self.scenario(
                outbox:
                    #"{"upload": {"background": false, "batchRecords": 20, "minimumInterval": 0}, "writes": {"deferred": 0.05}}"#
            ).app.outbox)
        #expect(custom.upload?.background == false)
        #expect(custom.upload?.limits.maxRecords == 20)
        #expect(custom.upload?.minimumInterval == 0)
        #expect(custom.writes == .deferred(0.05))
    }

    @Test(
        "a misspelt key or a bad value names the field and the expected form",
        arguments: [
            (#"{"uplod": false}"#, "uplod"),
            (#"{"upload": {"batchRecords": 0}}"#, "batchRecords"),
            (#"{"upload": {"minimumInterval": -1}}"#, "expected seconds, 0 or more"),
            (#"{"timeline": "some"}"#, "expected one of: off, lifecycle, all"),
            (#"{"writes": "later"}"#, "expected \"beforeCommands\" or {\"deferred\": seconds}"),
        ])
    func errors(_ outbox: String, _ message: String) {
        #expect {
            try Self.scenario(outbox: outbox)
        } throws: { error in
            String(describing: error).contains(message) && String(describing: error).contains("outbox.json")
        }
    }
}
