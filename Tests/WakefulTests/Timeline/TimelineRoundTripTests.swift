import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("Timeline JSON round trips", .watchdog, .cpuBound)
struct TimelineRoundTripTests {
    /// Encodes one entry and decodes the line back.
    private func roundTrip(_ entry: TimelineEntry) throws -> (line: String, decoded: TimelineEntry) {
        var bytes: [UInt8] = []
        TimelineJSONEncoder().encode(entry, into: &bytes)
        let decoded = try TimelineDecoder.decode(line: bytes, file: "sample.jsonl", lineNumber: 1)
        return (String(decoding: bytes, as: UTF8.self), decoded)
    }

    @Test("every kind encodes and decodes back equal", arguments: TimelineKindCase.allCases)
    func kind(_ kind: TimelineKindCase) throws {
        #expect(!kind.samples.isEmpty)
        for entry in kind.samples {
            #expect(TimelineKindCase(entry.body) == kind)
            let (line, decoded) = try roundTrip(entry)
            #expect(decoded == entry, "\(line)")
            #expect(line.hasPrefix(#"{"t":"#))
            #expect(line.contains(#","kind":"\#(kind.rawValue)""#))
            #expect(line.hasSuffix("}\n"))
            #expect(line.dropLast().allSatisfy { $0 != "\n" })
        }
    }

    /// The samples whose line writes `"key":"name"`, after checking that every sample writes one of the names.
    private func samples<Value>(
        _ samples: [Value], key: String, named name: String, names: [String], line: (Value) -> TimelineEntry
    ) throws -> [(Value, TimelineEntry)] {
        var matching: [(Value, TimelineEntry)] = []
        for sample in samples {
            let entry = line(sample)
            let (text, _) = try roundTrip(entry)
            #expect(names.contains { text.contains(#""\#(key)":"\#($0)""#) }, "\(text) names no known \(key)")
            if text.contains(#""\#(key)":"\#(name)""#) { matching.append((sample, entry)) }
        }
        return matching
    }

    @Test(
        "every event name has samples that encode under it and decode back equal",
        arguments: TimelineDecoder.knownEventNames)
    func event(_ name: String) throws {
        let matching = try samples(
            TimelineSamples.events, key: "event", named: name, names: TimelineDecoder.knownEventNames
        ) {
            TimelineEntry(time: 42.5, body: .event($0))
        }
        #expect(!matching.isEmpty, "no sample of \(name)")
        for (_, entry) in matching {
            let (line, decoded) = try roundTrip(entry)
            #expect(decoded == entry, "\(line)")
            #expect(line.hasPrefix(#"{"t":42.5,"kind":"event","event":"\#(name)""#))
        }
    }

    @Test(
        "every Bluetooth event name has samples that decode back equal",
        arguments: TimelineDecoder.knownBluetoothEventNames)
    func bluetooth(_ name: String) throws {
        let matching = try samples(
            TimelineSamples.bluetoothEvents, key: "bluetooth", named: name,
            names: TimelineDecoder.knownBluetoothEventNames
        ) { TimelineEntry(time: 1, body: .event(.bluetooth($0))) }
        #expect(!matching.isEmpty, "no sample of \(name)")
        for (_, entry) in matching {
            let (line, decoded) = try roundTrip(entry)
            #expect(decoded == entry, "\(line)")
            #expect(line.contains(#""event":"bluetooth","bluetooth":"\#(name)""#))
        }
    }

    @Test(
        "every command name has samples that encode under it and decode back equal",
        arguments: TimelineDecoder.knownCommandNames)
    func command(_ name: String) throws {
        let matching = try samples(
            TimelineSamples.commands, key: "command", named: name, names: TimelineDecoder.knownCommandNames
        ) {
            TimelineEntry(time: 3, body: .command($0, by: "BeaconTrigger"))
        }
        #expect(!matching.isEmpty, "no sample of \(name)")
        for (command, entry) in matching {
            #expect(command.name == name)
            let (line, decoded) = try roundTrip(entry)
            #expect(decoded == entry, "\(line)")
            #expect(line.hasPrefix(#"{"t":3,"kind":"command","by":"BeaconTrigger","command":"\#(name)""#))
        }
    }

    @Test("every region shape has samples that decode back equal", arguments: TimelineDecoder.knownRegionShapes)
    func shape(_ name: String) throws {
        let matching = try samples(
            TimelineSamples.regions, key: "shape", named: name, names: TimelineDecoder.knownRegionShapes
        ) {
            TimelineEntry(time: 3, body: .command(.startMonitoring($0), by: "BeaconTrigger"))
        }
        #expect(!matching.isEmpty, "no sample of \(name)")
        for (_, entry) in matching {
            let (line, decoded) = try roundTrip(entry)
            #expect(decoded == entry, "\(line)")
        }
    }

    @Test("the decoder's lists of names have no duplicates")
    func knownNames() {
        #expect(TimelineDecoder.knownKinds == TimelineKindCase.allCases.map(\.rawValue))
        for names in [
            TimelineDecoder.knownEventNames, TimelineDecoder.knownCommandNames,
            TimelineDecoder.knownBluetoothEventNames, TimelineDecoder.knownRegionShapes,
        ] {
            #expect(!names.isEmpty)
            #expect(Set(names).count == names.count)
        }
    }

    @Test("a whole timeline survives the buffer and decode(contentsOf:), blank lines skipped")
    func wholeTimeline() throws {
        var buffer = JSONLinesBuffer()
        #expect(buffer.isRecording)
        for entry in TimelineSamples.allEntries { buffer.append(entry) }
        #expect(
            buffer.text.split(separator: "\n", omittingEmptySubsequences: false).count
                == TimelineSamples.allEntries.count + 1)
        let decoded = try TimelineDecoder.decode(contentsOf: Data(buffer.bytes), file: "all.jsonl")
        #expect(decoded == TimelineSamples.allEntries)

        let spaced = "\n" + buffer.text.replacingOccurrences(of: "\n", with: "\r\n  \n")
        let respaced = try TimelineDecoder.decode(contentsOf: Data(spaced.utf8), file: "spaced.jsonl")
        #expect(respaced == TimelineSamples.allEntries)
    }

    @Test("re-encoding a decoded timeline gives the same bytes")
    func stableBytes() throws {
        var first = JSONLinesBuffer()
        for entry in TimelineSamples.allEntries { first.append(entry) }
        var second = JSONLinesBuffer()
        for entry in try TimelineDecoder.decode(contentsOf: Data(first.bytes), file: "all.jsonl") {
            second.append(entry)
        }
        #expect(first.bytes == second.bytes)
    }

    @Test("field values keep int or double, and doubles keep every bit")
    func fieldNumberKinds() throws {
        var generator = TimelineTestRandom(seed: 0x5EED)
        var fields: [Field] = [
            Field("int", .int(3)), Field("double", .double(3)), Field("negativeZero", .double(-0.0)),
        ]
        for index in 0..<2000 {
            let double = Double(bitPattern: generator.next())
            guard double.isFinite else { continue }
            fields.append(Field("d\(index)", .double(double)))
            fields.append(Field("i\(index)", .int(Int(bitPattern: UInt(generator.next())))))
        }
        let entry = TimelineEntry(time: 0, body: .run(fields))
        let (_, decoded) = try roundTrip(entry)
        guard case .run(let decodedFields) = decoded.body else {
            Issue.record("expected a run entry, got \(decoded)")
            return
        }
        #expect(decodedFields.count == fields.count)
        for (original, read) in zip(fields, decodedFields) {
            switch (original.value, read.value) {
            case (.double(let a), .double(let b)): #expect(a.bitPattern == b.bitPattern, "\(original.key)")
            case (.int(let a), .int(let b)): #expect(a == b, "\(original.key)")
            default: Issue.record("\(original) read back as \(read)")
            }
        }
    }

    @Test("schema doubles keep every bit, whole values included")
    func schemaDoubles() throws {
        var generator = TimelineTestRandom(seed: 42)
        var values: [Double] = [
            0, -0.0, 176, 1e16, 9_007_199_254_740_992, -9_007_199_254_740_992, .leastNonzeroMagnitude,
            .greatestFiniteMagnitude,
        ]
        for _ in 0..<2000 {
            values.append(Double(bitPattern: generator.next()))
            values.append(Double(Int64(bitPattern: generator.next()) >> 10))
        }
        for value in values where value.isFinite {
            let entry = TimelineEntry(
                time: value, body: .command(.setTimer(TimerRequest(id: "x", interval: value)), by: "S"))
            let (line, decoded) = try roundTrip(entry)
            guard case .command(.setTimer(let request), _) = decoded.body else {
                Issue.record("unexpected \(decoded)")
                continue
            }
            #expect(decoded.time.bitPattern == value.bitPattern, "\(line)")
            #expect(request.interval.bitPattern == value.bitPattern, "\(line)")
        }
    }

    @Test("non-finite doubles are written as null and read back as NaN")
    func nonFinite() throws {
        for value in [Double.infinity, -.infinity, .nan] {
            let entry = TimelineEntry(
                time: 1,
                body: .event(
                    .visit(
                        Visit(
                            coordinate: Coordinate(latitude: value, longitude: 0), horizontalAccuracy: value,
                            arrival: 0, departure: value))))
            let (line, decoded) = try roundTrip(entry)
            #expect(
                line
                    == #"{"t":1,"kind":"event","event":"visit","lat":null,"lon":0,"horizontalAccuracy":null,"arrival":0,"departure":null}"#
                    + "\n")
            guard case .event(.visit(let visit)) = decoded.body else {
                Issue.record("unexpected \(decoded)")
                continue
            }
            #expect(visit.coordinate.latitude.isNaN)
            #expect(visit.horizontalAccuracy.isNaN)
            #expect(visit.departure?.isNaN == true)
        }
        let field = TimelineEntry(time: 1, body: .run([Field("x", .double(.infinity))]))
        let (line, decoded) = try roundTrip(field)
        #expect(line == #"{"t":1,"kind":"run","x":null}"# + "\n")
        guard case .run(let fields) = decoded.body, case .double(let x) = fields.first?.value else {
            Issue.record("unexpected \(decoded)")
            return
        }
        #expect(x.isNaN)
    }
}
