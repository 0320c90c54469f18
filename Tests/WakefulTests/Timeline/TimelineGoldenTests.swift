import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("Timeline JSON golden lines", .watchdog, .cpuBound)
struct TimelineGoldenTests {
    private static let uuid = TimelineSamples.uuid

    /// Exact lines: key order, number forms, escaping, the `_` prefix and `null`.
    static let goldens: [(entry: TimelineEntry, line: String)] = [
        (
            TimelineEntry(
                time: 0,
                body: .run([
                    Field("format", 1), Field("scenario", "gas-station"), Field("ios", "12"), Field("seed", 42),
                ])),
            #"{"t":0,"kind":"run","format":1,"scenario":"gas-station","ios":"12","seed":42}"#
        ),
        (
            TimelineEntry(
                time: 176,
                body: .event(
                    .beaconsRanged(
                        BeaconIdentityConstraint(uuid: uuid, major: 1),
                        [RangedBeacon(uuid: uuid, major: 1, minor: 2, accuracy: 3.41, rssi: -70, proximity: .near)]))),
            #"{"t":176,"kind":"event","event":"beaconsRanged","constraint":"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0/1","#
                + #""beacons":[{"uuid":"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0","major":1,"minor":2,"accuracy":3.41,"rssi":-70,"proximity":"near"}]}"#
        ),
        (
            TimelineEntry(
                time: 0.03,
                body: .state(
                    StateChange(
                        from: .background, to: .notRunning, cause: "taskAssertionTimeout", rules: ["TASK-13"],
                        fields: [
                            Field("t", .double(3)), Field("rules", "x"), Field("_to", 1), Field("_note", "n"),
                            Field("code", 3),
                        ]))),
            #"{"t":0.03,"kind":"state","from":"background","to":"notRunning","cause":"taskAssertionTimeout","rules":["TASK-13"],"#
                + #""_t":3.0,"_rules":"x","__to":1,"_note":"n","code":3}"#
        ),
        (
            TimelineEntry(
                time: 12.5,
                body: .user(
                    action: "say \"hi\"",
                    fields: [
                        Field("text", "line\nbreak\ttab\\slash\u{01}\u{1F} é 😀"), Field("action", true),
                    ])),
            #"{"t":12.5,"kind":"user","action":"say \"hi\"","text":"line\nbreak\ttab\\slash\u0001\u001F é 😀","_action":true}"#
        ),
        (
            TimelineEntry(
                time: .greatestFiniteMagnitude,
                body: .command(
                    .setTimer(TimerRequest(id: "budget", interval: .infinity)), by: "TaskExtension")),
            #"{"t":1.7976931348623157e+308,"kind":"command","by":"TaskExtension","command":"setTimer","timer":"budget","interval":null,"repeats":false}"#
        ),
        (
            TimelineEntry(
                time: 5,
                body: .decision(
                    SystemDecision(
                        name: "taskAllowance",
                        fields: [Field("seconds", .double(180)), Field("budget", .double(.nan)), Field("n", -0.0)]))),
            #"{"t":5,"kind":"decision","decision":"taskAllowance","seconds":180.0,"budget":null,"n":-0.0}"#
        ),
        (
            TimelineEntry(
                time: 1e16,
                body: .command(
                    .record(
                        Record(
                            kind: "trigger", fields: [Field("record", "r"), Field("accuracy", 2.5), Field("rssi", -61)])
                    ),
                    by: "BeaconTrigger")),
            #"{"t":1e+16,"kind":"command","by":"BeaconTrigger","command":"record","record":"trigger","_record":"r","accuracy":2.5,"rssi":-61}"#
        ),
        (
            TimelineEntry(
                time: -0.0, body: .event(.backgroundTaskExpiring(BackgroundTaskID(owner: "TaskExtension", serial: 1)))),
            #"{"t":-0.0,"kind":"event","event":"backgroundTaskExpiring","task":"TaskExtension#1"}"#
        ),
        (
            TimelineEntry(
                time: 2,
                body: .command(
                    .startMonitoring(
                        MonitoredRegion(
                            id: "home",
                            shape: .circle(center: Coordinate(latitude: 48.8566, longitude: 2.3522), radius: 150))),
                    by: "Geo")),
            #"{"t":2,"kind":"command","by":"Geo","command":"startMonitoring","region":"home","shape":"circle","lat":48.8566,"lon":2.3522,"radius":150,"#
                + #""notifyOnEntry":true,"notifyOnExit":true,"notifyEntryStateOnDisplay":false}"#
        ),
    ]

    @Test("golden lines", arguments: goldens.indices)
    func golden(_ index: Int) throws {
        let (entry, line) = Self.goldens[index]
        var bytes: [UInt8] = []
        TimelineJSONEncoder().encode(entry, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == line + "\n")
    }

    @Test("the encoder appends after what the buffer holds")
    func appends() {
        var bytes = Array("prefix\n".utf8)
        TimelineJSONEncoder().encode(TimelineEntry(time: 1, body: .event(.memoryWarning)), into: &bytes)
        TimelineJSONEncoder().encode(TimelineEntry(time: 2, body: .event(.willTerminate)), into: &bytes)
        #expect(
            String(decoding: bytes, as: UTF8.self) == """
                prefix
                {"t":1,"kind":"event","event":"memoryWarning"}
                {"t":2,"kind":"event","event":"willTerminate"}

                """)
    }

    /// (value, form where the schema says Double, form in a field).
    static let numberForms: [(Double, String, String)] = [
        (176, "176", "176.0"),
        (0, "0", "0.0"),
        (-0.0, "-0.0", "-0.0"),
        (0.03, "0.03", "0.03"),
        (3.41, "3.41", "3.41"),
        (-2.5, "-2.5", "-2.5"),
        (0.1 + 0.2, "0.30000000000000004", "0.30000000000000004"),
        (1e-5, "1e-05", "1e-05"),
        (Double.leastNonzeroMagnitude, "5e-324", "5e-324"),
        (9_007_199_254_740_992, "9007199254740992", "9007199254740992.0"),
        (-9_007_199_254_740_992, "-9007199254740992", "-9007199254740992.0"),
        (1e16, "1e+16", "1e+16"),
        (.greatestFiniteMagnitude, "1.7976931348623157e+308", "1.7976931348623157e+308"),
        (.infinity, "null", "null"),
        (-.infinity, "null", "null"),
        (.nan, "null", "null"),
    ]

    @Test("number forms", arguments: numberForms.indices)
    func numberForm(_ index: Int) {
        let (value, schemaForm, fieldForm) = Self.numberForms[index]
        var bytes: [UInt8] = []
        TimelineJSONEncoder().encode(TimelineEntry(time: value, body: .run([Field("x", .double(value))])), into: &bytes)
        #expect(
            String(decoding: bytes, as: UTF8.self) == #"{"t":\#(schemaForm),"kind":"run","x":\#(fieldForm)}"# + "\n")
    }

    @Test("whole doubles are written as Swift's description without .0")
    func wholeDoublesMatchDescription() {
        var generator = TimelineTestRandom(seed: 7)
        for _ in 0..<5000 {
            let magnitude = Double(generator.next() >> UInt64.random(in: 0...63, using: &generator))
            let value = generator.next() & 1 == 0 ? magnitude : -magnitude
            var bytes: [UInt8] = []
            TimelineJSONEncoder().encode(TimelineEntry(time: 0, body: .run([Field("x", .double(value))])), into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == #"{"t":0,"kind":"run","x":\#(value.description)}"# + "\n")
        }
    }

    @Test("integers from Int.min to Int.max")
    func integers() {
        for value in [0, 7, 10, -10, 99, 100, 1_000_000, Int.max, Int.min, Int.min + 1] {
            var bytes: [UInt8] = []
            TimelineJSONEncoder().encode(TimelineEntry(time: 0, body: .run([Field("x", .int(value))])), into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == #"{"t":0,"kind":"run","x":\#(value)}"# + "\n")
        }
    }

    @Test("every control character is escaped, others pass through as UTF-8")
    func escaping() throws {
        let all = String(String.UnicodeScalarView((0..<0x80).compactMap(Unicode.Scalar.init))) + "é€😀"
        var bytes: [UInt8] = []
        TimelineJSONEncoder().encode(TimelineEntry(time: 0, body: .run([Field("s", .string(all))])), into: &bytes)
        let line = String(decoding: bytes, as: UTF8.self)
        #expect(line.hasPrefix(#"{"t":0,"kind":"run","s":"\u0000\u0001"#))
        #expect(line.contains(#"\b\t\n\u000B\f\r\u000E"#))
        #expect(line.contains(##" !\"#$%&'()*+,-./0123456789"##))
        #expect(line.contains(#"Z[\\]^_`a"#))
        #expect(line.hasSuffix("~\u{7F}é€😀\"}\n"))
        #expect(bytes.dropLast().allSatisfy { $0 >= 0x20 })
        let decoded = try TimelineDecoder.decode(line: bytes, file: "s.jsonl", lineNumber: 1)
        #expect(decoded == TimelineEntry(time: 0, body: .run([Field("s", .string(all))])))
    }
}
