import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// The runtime writes what the app sees of the network and the charger as `observation` entries:
/// everything known with the first event, then only what changed.
@Suite(.watchdog, .cpuBound) struct RuntimeObservationTests {
    static func context(_ now: Double, _ network: NetworkPath, power: Bool?) -> Context {
        Context(now: now, appState: .background, network: network, externalPower: power)
    }

    @Test func firstEventRecordsWhatIsKnownAndLaterOnlyWhatChanged() {
        var runtime = Runtime(strategies: [])
        var timeline = InMemoryTimeline()
        _ = runtime.handle(.memoryWarning, in: Self.context(0, .wifi, power: false), timeline: &timeline)
        _ = runtime.handle(.memoryWarning, in: Self.context(5, .wifi, power: false), timeline: &timeline)
        _ = runtime.handle(.memoryWarning, in: Self.context(9, .cellular, power: false), timeline: &timeline)
        _ = runtime.handle(.memoryWarning, in: Self.context(12, .cellular, power: true), timeline: &timeline)
        let observations = timeline.entries.filter { $0.kind == "observation" }
        #expect(
            observations == [
                TimelineEntry(time: 0, body: .observation([Field("network", "wifi"), Field("externalPower", false)])),
                TimelineEntry(time: 9, body: .observation([Field("network", "cellular")])),
                TimelineEntry(time: 12, body: .observation([Field("externalPower", true)])),
            ])
        // Each comes before the event that carried it.
        #expect(timeline.entries.map(\.kind).prefix(2) == ["observation", "event"])
    }

    @Test func aPlatformThatReportsNothingRecordsNoObservation() {
        var runtime = Runtime(strategies: [])
        var timeline = InMemoryTimeline()
        _ = runtime.handle(.memoryWarning, in: Self.context(0, .unknown, power: nil), timeline: &timeline)
        #expect(timeline.entries.map(\.kind) == ["event"])
    }

    @Test func theObservationRoundTripsThroughJSONLines() throws {
        let entry = TimelineEntry(
            time: 9, body: .observation([Field("network", "none"), Field("externalPower", true)]))
        var bytes: [UInt8] = []
        TimelineJSONEncoder().encode(entry, into: &bytes)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"t":9,"kind":"observation","network":"none","externalPower":true}"# + "\n")
        #expect(try TimelineDecoder.decode(contentsOf: Data(bytes), file: "t.jsonl") == [entry])
    }
}
