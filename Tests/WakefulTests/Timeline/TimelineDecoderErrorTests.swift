import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("Timeline decoder errors", .watchdog, .cpuBound)
struct TimelineDecoderErrorTests {
    /// (line, expected description with file `device.jsonl` and line 12).
    static let cases: [(String, String)] = [
        (
            #"{"t":"abc","kind":"event","event":"memoryWarning"}"#,
            #"device.jsonl:12: key "t": expected a number of seconds, found "abc""#
        ),
        (
            #"{"kind":"event","event":"memoryWarning"}"#,
            #"device.jsonl:12: key "t": missing; expected a number of seconds"#
        ),
        (
            #"{"t":null,"kind":"event","event":"memoryWarning"}"#,
            #"device.jsonl:12: key "t": expected a number of seconds, found null"#
        ),
        (
            #"{"t":1,"kind":"event","event":"memoryWarning""#,
            #"device.jsonl:12:46: invalid JSON: expected ',' or '}' after an object member, found the end of the input"#
        ),
        (
            #"[1,2]"#,
            #"device.jsonl:12: expected a JSON object, found an array"#
        ),
        (
            #"{"t":1,"kind":"wake"}"#,
            #"device.jsonl:12: key "kind": expected one of run, user, state, event, command, decision, observation, world, found "wake""#
        ),
        (
            #"{"t":1,"kind":3}"#,
            #"device.jsonl:12: key "kind": expected one of run, user, state, event, command, decision, observation, world, found 3"#
        ),
        (
            #"{"t":1,"kind":"state","from":"background","to":"asleep","cause":"x"}"#,
            #"device.jsonl:12: key "to": expected one of notRunning, inactive, active, background, suspended, found "asleep""#
        ),
        (
            #"{"t":1,"kind":"event","event":"backgroundTaskExpiring","task":"TaskExtension-1"}"#,
            #"device.jsonl:12: key "task": expected a task id of the form owner#serial, e.g. "TaskExtension#1", found "TaskExtension-1""#
        ),
        (
            #"{"t":1,"kind":"event","event":"beaconsRanged","constraint":"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0/70000","beacons":[]}"#,
            #"device.jsonl:12: key "constraint": expected a beacon constraint of the form UUID[/major[/minor]], found "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0/70000""#
        ),
        (
            #"{"t":1,"kind":"event","event":"beaconsRanged","constraint":"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0","beacons":[{"uuid":"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0","major":1,"minor":2,"accuracy":1,"rssi":-70.5,"proximity":"near"}]}"#,
            #"device.jsonl:12: key "beacons[0].rssi": expected an integer, found -70.5"#
        ),
        (
            #"{"t":1,"kind":"event","event":"beaconsRanged","constraint":"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0","beacons":[{"uuid":"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0","major":1,"minor":2,"accuracy":1,"rssi":-70,"proximity":"near","tx":-59}]}"#,
            #"device.jsonl:12: key "beacons[0].tx": unexpected key; expected only uuid, major, minor, accuracy, rssi, proximity"#
        ),
        (
            #"{"t":1,"kind":"event","event":"didFinishLaunching","reason":"user","extra":1}"#,
            #"device.jsonl:12: key "extra": unexpected key; expected only t, kind, event, reason"#
        ),
        (
            #"{"t":1,"kind":"event","event":"memoryWarning","t":2}"#,
            #"device.jsonl:12: key "t": appears more than once"#
        ),
        (
            #"{"t":1,"kind":"command","by":"S","command":"setTimer","timer":"x","interval":"soon","repeats":false}"#,
            #"device.jsonl:12: key "interval": expected a number, found "soon""#
        ),
        (
            #"{"t":1,"kind":"command","by":"S","command":"startMonitoring","region":"r","shape":"square"}"#,
            #"device.jsonl:12: key "shape": expected one of circle, beacon, found "square""#
        ),
        (
            #"{"t":1,"kind":"command","command":"stopUpdatingLocation"}"#,
            #"device.jsonl:12: key "by": missing; expected a string"#
        ),
        (
            #"{"t":1,"kind":"run","seed":[1]}"#,
            #"device.jsonl:12: key "seed": expected a string, a number, true or false, found an array"#
        ),
        (
            #"{"t":1,"kind":"event","event":"remoteNotification","id":"p","userInfo":{"a":{}}}"#,
            #"device.jsonl:12: key "userInfo.a": expected a string, a number, true or false, found an object"#
        ),
    ]

    @Test("errors name the file, the line, the key and the expected form", arguments: cases.indices)
    func error(_ index: Int) {
        let (line, expected) = Self.cases[index]
        #expect {
            try TimelineDecoder.decode(line: Array(line.utf8), file: "device.jsonl", lineNumber: 12)
        } throws: { error in
            guard let error = error as? TimelineDecodingError else { return false }
            return error.description == expected && error.file == "device.jsonl" && error.line == 12
        }
    }

    @Test("UUIDs are read in either case and must have the 8-4-4-4-12 form")
    func uuids() throws {
        let lower =
            #"{"t":1,"kind":"command","by":"S","command":"startRangingBeacons","constraint":"e2c56db5-dffb-48d2-b060-d0f5a71096e0/7/8"}"#
        let entry = try TimelineDecoder.decode(line: Array(lower.utf8), file: "f.jsonl", lineNumber: 1)
        #expect(
            entry.body
                == .command(
                    .startRangingBeacons(
                        BeaconIdentityConstraint(uuid: TimelineSamples.uuid, major: 7, minor: 8)), by: "S"))
        for bad in [
            "E2C56DB5-DFFB-48D2-B060-D0F5A71096E", "E2C56DB5-DFFB-48D2-B060-D0F5A71096EG",
            "E2C56DB5DFFB-48D2-B060-D0F5A71096E0A",
            "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0/1/2/3", "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0/",
            "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0/-1",
        ] {
            let line = #"{"t":1,"kind":"command","by":"S","command":"stopRangingBeacons","constraint":"\#(bad)"}"#
            let error = try #require(throws: TimelineDecodingError.self) {
                try TimelineDecoder.decode(line: Array(line.utf8), file: "f.jsonl", lineNumber: 1)
            }
            #expect(error.key == "constraint", "\(bad)")
        }
    }

    @Test("an unknown event name lists the known ones")
    func unknownEvent() throws {
        let line = #"{"t":1,"kind":"event","event":"didExplode"}"#
        let error = try #require(throws: TimelineDecodingError.self) {
            try TimelineDecoder.decode(line: Array(line.utf8), file: "device.jsonl", lineNumber: 3)
        }
        #expect(error.key == "event")
        #expect(
            error.description.hasPrefix(
                #"device.jsonl:3: key "event": expected an event name, one of didFinishLaunching, "#))
        #expect(error.message.hasSuffix(#", found "didExplode""#))
        for name in TimelineDecoder.knownEventNames { #expect(error.message.contains(name)) }
    }

    @Test("an unknown command name lists the known ones")
    func unknownCommand() throws {
        let line = #"{"t":1,"kind":"command","by":"S","command":"reboot"}"#
        let error = try #require(throws: TimelineDecodingError.self) {
            try TimelineDecoder.decode(line: Array(line.utf8), file: "device.jsonl", lineNumber: 4)
        }
        #expect(error.key == "command")
        #expect(error.message.hasSuffix(#", found "reboot""#))
        for name in TimelineDecoder.knownCommandNames { #expect(error.message.contains(name)) }
    }

    @Test("errors in a file give the 1-based line, counting blank lines")
    func lineNumbers() throws {
        let text = """
            {"t":0,"kind":"run","format":1}

            {"t":1,"kind":"event","event":"memoryWarning"}
            {"t":2,"kind":"event","event":"backgroundTaskDenied","task":"x"}
            """
        let error = try #require(throws: TimelineDecodingError.self) {
            try TimelineDecoder.decode(contentsOf: Data(text.utf8), file: "run.jsonl")
        }
        #expect(error.file == "run.jsonl")
        #expect(error.line == 4)
        #expect(error.key == "task")
        #expect(error.column == nil)
    }

    @Test("a JSON syntax error gives the column inside the line")
    func syntaxColumn() throws {
        let text = "{\"t\":0,\"kind\":\"run\"}\n{\"t\":1,\"kind\" \"run\"}\n"
        let error = try #require(throws: TimelineDecodingError.self) {
            try TimelineDecoder.decode(contentsOf: Data(text.utf8), file: "run.jsonl")
        }
        #expect(error.line == 2)
        #expect(error.column == 15)
        #expect(error.key == nil)
        #expect(error.description == #"run.jsonl:2:15: invalid JSON: expected ':' after an object key, found '"'"#)
    }

    @Test("an empty file has no entries")
    func empty() throws {
        #expect(try TimelineDecoder.decode(contentsOf: Data(), file: "empty.jsonl").isEmpty)
        #expect(try TimelineDecoder.decode(contentsOf: Data("\n \n\r\n".utf8), file: "blank.jsonl").isEmpty)
    }
}
