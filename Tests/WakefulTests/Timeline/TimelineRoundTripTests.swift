import Foundation
import Testing
import Wakeful

@Suite("Timeline JSON round trips")
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

    @Test("every event encodes under its case name and decodes back equal", arguments: TimelineEventCase.allCases)
    func event(_ eventCase: TimelineEventCase) throws {
        #expect(!eventCase.samples.isEmpty)
        for event in eventCase.samples {
            #expect(TimelineEventCase(event) == eventCase)
            let entry = TimelineEntry(time: 42.5, body: .event(event))
            let (line, decoded) = try roundTrip(entry)
            #expect(decoded == entry, "\(line)")
            #expect(line.hasPrefix(#"{"t":42.5,"kind":"event","event":"\#(eventCase.rawValue)""#))
        }
    }

    @Test("every Bluetooth event decodes back equal", arguments: TimelineBluetoothCase.allCases)
    func bluetooth(_ bluetoothCase: TimelineBluetoothCase) throws {
        for bluetooth in bluetoothCase.samples {
            #expect(TimelineBluetoothCase(bluetooth) == bluetoothCase)
            let entry = TimelineEntry(time: 1, body: .event(.bluetooth(bluetooth)))
            let (line, decoded) = try roundTrip(entry)
            #expect(decoded == entry, "\(line)")
            #expect(line.contains(#""event":"bluetooth","bluetooth":"\#(bluetoothCase.rawValue)""#))
        }
    }

    @Test("every command encodes under its case name and decodes back equal", arguments: TimelineCommandCase.allCases)
    func command(_ commandCase: TimelineCommandCase) throws {
        #expect(!commandCase.samples.isEmpty)
        for command in commandCase.samples {
            #expect(TimelineCommandCase(command) == commandCase)
            let entry = TimelineEntry(time: 3, body: .command(command, by: "BeaconTrigger"))
            let (line, decoded) = try roundTrip(entry)
            #expect(decoded == entry, "\(line)")
            #expect(line.hasPrefix(#"{"t":3,"kind":"command","by":"BeaconTrigger","command":"\#(commandCase.rawValue)""#))
        }
    }

    @Test("every region shape decodes back equal", arguments: TimelineShapeCase.allCases)
    func shape(_ shapeCase: TimelineShapeCase) throws {
        for region in shapeCase.samples {
            #expect(TimelineShapeCase(region.shape) == shapeCase)
            let entry = TimelineEntry(time: 3, body: .command(.startMonitoring(region), by: "BeaconTrigger"))
            let (line, decoded) = try roundTrip(entry)
            #expect(decoded == entry, "\(line)")
            #expect(line.contains(#""shape":"\#(shapeCase.rawValue)""#))
        }
    }

    @Test("the decoder's lists of names are exactly the cases")
    func knownNames() {
        #expect(TimelineDecoder.knownKinds == TimelineKindCase.allCases.map(\.rawValue))
        #expect(TimelineDecoder.knownEventNames == TimelineEventCase.allCases.map(\.rawValue))
        #expect(TimelineDecoder.knownCommandNames == TimelineCommandCase.allCases.map(\.rawValue))
        #expect(TimelineDecoder.knownBluetoothEventNames == TimelineBluetoothCase.allCases.map(\.rawValue))
        #expect(TimelineDecoder.knownRegionShapes == TimelineShapeCase.allCases.map(\.rawValue))
    }

    @Test("a whole timeline survives the buffer and decode(contentsOf:), blank lines skipped")
    func wholeTimeline() throws {
        var buffer = JSONLinesBuffer()
        #expect(buffer.isRecording)
        for entry in TimelineSamples.allEntries { buffer.append(entry) }
        #expect(buffer.text.split(separator: "\n", omittingEmptySubsequences: false).count
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
        var fields: [Field] = [Field("int", .int(3)), Field("double", .double(3)), Field("negativeZero", .double(-0.0))]
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
        var values: [Double] = [0, -0.0, 176, 1e16, 9_007_199_254_740_992, -9_007_199_254_740_992, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        for _ in 0..<2000 {
            values.append(Double(bitPattern: generator.next()))
            values.append(Double(Int64(bitPattern: generator.next()) >> 10))
        }
        for value in values where value.isFinite {
            let entry = TimelineEntry(time: value, body: .command(.setTimer(TimerRequest(id: "x", interval: value)), by: "S"))
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
            let entry = TimelineEntry(time: 1, body: .event(.visit(Visit(
                coordinate: Coordinate(latitude: value, longitude: 0), horizontalAccuracy: value,
                arrival: 0, departure: value))))
            let (line, decoded) = try roundTrip(entry)
            #expect(line == #"{"t":1,"kind":"event","event":"visit","lat":null,"lon":0,"horizontalAccuracy":null,"arrival":0,"departure":null}"# + "\n")
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
