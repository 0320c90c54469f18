import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Issue 3's bike rental: "coordinates every N s, upload at trip end" — `PushTrigger` with
/// `uploadsOnStop` hands the trip's fixes to a background session at the stop push (URLS-1).
@Suite("Push: bike-rental upload at trip end", .watchdog, .cpuBound)
struct BikeRentalUploadTests {
    static func run(_ version: String, _ setup: String, badDay: BadDay? = nil) throws -> Trace {
        let scenario = try BuiltinScenarios.load("bike-rental")
        let chosen = try #require(scenario.setups.first { $0.name == setup })
        return Trace(badDay.map(scenario.on) ?? scenario, ios: try Versions.parse(version), setup: chosen)
    }

    @Test(
        "the stop push starts an upload of 64 B per fix; it completes in the background and the handler is completed",
        arguments: ["8", "12", "17", "26"])
    func uploadCompletes(version: String) throws {
        let trace = try Self.run(version, "PushTrigger+upload")
        let stop = try #require(trace.records("trip").first { $0.record.fields["phase"] == "stop" })
        let fixes = trace.records("fix").filter { $0.time <= stop.time }.count
        #expect(fixes > 0)
        let transfers = trace.commands { if case .startTransfer = $0 { true } else { false } }
        #expect(transfers.count == 1)
        if case .startTransfer(let request)? = transfers.first?.command {
            #expect(request.bytes == PushTrigger.bytesPerFix * fixes)
            #expect(request.session == "wakeful.trip")
        }
        let uploads = trace.records("upload")
        #expect(uploads.count == 1)
        #expect(uploads.first.map { $0.time > stop.time } == true)
        #expect(uploads.first?.record.fields["task"] == "trip trip-stop")
        #expect(trace.records("uploadFailed").isEmpty)
        #expect(trace.commands { if case .completeBackgroundEvents = $0 { true } else { false } }.count == 1)
    }

    @Test("the upload leaves the route coverage unchanged", arguments: ["8", "12", "17", "26"])
    func coverageUnchanged(version: String) throws {
        let plain = try Self.run(version, "PushTrigger").metrics.success
        let upload = try Self.run(version, "PushTrigger+upload").metrics.success
        #expect(plain != nil)
        #expect(plain?.summary == upload?.summary)
        #expect(plain?.score == upload?.score)
    }

    @Test(
        "after a force-quit no stop push arrives and nothing is uploaded (PUSH-7, URLS-5)",
        arguments: ["12", "17", "26"])
    func forceQuit(version: String) throws {
        let trace = try Self.run(version, "PushTrigger+upload", badDay: .forceQuit)
        #expect(trace.records("trip").isEmpty)
        #expect(trace.records("upload").isEmpty)
        #expect(trace.commands { if case .startTransfer = $0 { true } else { false } }.isEmpty)
    }

    @Test("without the option no transfer starts")
    func plainHasNoUpload() throws {
        let trace = try Self.run("17", "PushTrigger")
        #expect(trace.commands { if case .startTransfer = $0 { true } else { false } }.isEmpty)
        #expect(trace.records("upload").isEmpty)
    }
}
