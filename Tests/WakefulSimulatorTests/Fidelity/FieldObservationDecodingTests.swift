import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@testable import WakefulSimulator

/// An observation file's text, with `replacing` swapped in for parts of a valid one.
func observationJSON(_ replacements: [String: String] = [:]) -> String {
    var parts = [
        "id": #""id": "task-test""#,
        "family": #""family": "TASK""#,
        "source": #""source": {"url": "https://example.com/thread/1", "date": "2019-09-26", "kind": "log"}"#,
        "observed": #""observed": {"value": 30, "low": 28, "high": 31, "unit": "s", "how": "console log"}"#,
        "ios": #""ios": "13""#,
        "scenario":
            #""scenario": {"name": "t", "duration": 300, "user": [{"at": 0, "action": "open"}, {"at": 60, "action": "home"}]}"#,
        "measure":
            #""measure": {"span": {"from": {"kind": "state", "to": "background"}, "to": {"kind": "state", "to": "suspended"}, "statistic": "first"}}"#,
        "extra": #""strategy": "TaskExtension", "tolerance": {"absolute": 1}, "seeds": 3"#,
    ]
    for (key, value) in replacements { parts[key] = value }
    let order = ["id", "family", "source", "observed", "ios", "scenario", "measure", "extra"]
    let body = order.compactMap { parts[$0] }.filter { !$0.isEmpty }.joined(separator: ", ")
    return #"{"title": "t", "setup": "s", "#.appending(body) + "}"
}

@Suite("Field observations: what an observation file holds and how a bad one is refused", .watchdog, .cpuBound)
struct FieldObservationDecodingTests {
    private func decode(_ text: String) throws(ScenarioError) -> FieldObservation {
        try FieldObservation.decode(Data(text.utf8), file: "obs.json", directory: nil)
    }

    @Test("a valid file gives its source, observed range, scenario, setup, measure and tolerance")
    func readsValidFile() throws {
        let observation = try decode(observationJSON())
        #expect(observation.id == "task-test")
        #expect(observation.source.kind == .log && observation.source.date == "2019-09-26")
        #expect(observation.observed.low == 28 && observation.observed.value == 30 && observation.observed.high == 31)
        #expect(observation.ios == IOSVersion(13))
        #expect(observation.strategy.name == "TaskExtension")
        #expect(observation.scenario.duration == 300)
        #expect(observation.tolerance.allowance(around: 30) == 1)
        #expect(observation.seeds == 3)
        #expect(observation.reportedOn == "not stated")
        guard case .span(_, _, _, .first) = observation.measure else {
            Issue.record("expected a span measure, got \(observation.measure)")
            return
        }
    }

    @Test(
        "a bad file is refused with the file, the field and the expected form",
        arguments: [
            (["family": #""family": "GPS""#], "obs.json: family: \"GPS\": expected one of: TASK"),
            (["id": #""id": "has space""#], "obs.json: id: \"has space\": expected letters, digits"),
            (
                ["source": #""source": {"url": "example.com", "date": "2019", "kind": "log"}"#],
                "obs.json: source.url: \"example.com\": expected the address"
            ),
            (
                ["source": #""source": {"url": "https://e.com", "date": "26/09/2019", "kind": "log"}"#],
                "obs.json: source.date: \"26/09/2019\": expected YYYY-MM-DD"
            ),
            (
                ["source": #""source": {"url": "https://e.com", "date": "2019", "kind": "rumour"}"#],
                "obs.json: source.kind: \"rumour\": expected one of: log, measurement"
            ),
            (
                ["observed": #""observed": {"value": 30, "low": 31, "unit": "s", "how": "h"}"#],
                "obs.json: observed.value: expected finite numbers with low ≤ value ≤ high"
            ),
            (["ios": #""ios": "3""#], "obs.json: ios: \"3\": expected"),
            (
                ["scenario": #""scenario": {"name": "t", "duration": 300, "devcie": {}}"#],
                "obs.json: scenario.devcie: unknown field \"devcie\""
            ),
            (
                ["measure": #""measure": {"count": {"of": {"kind": "state"}}, "metric": "relaunches"}"#],
                "obs.json: measure: expected an object with exactly one of: count, first"
            ),
            (
                ["measure": #""measure": {"count": {"of": {"to": "suspended"}}}"#],
                "obs.json: measure.count.of.kind: is required; expected the entry kind"
            ),
            (
                ["measure": #""measure": {"count": {"of": {"kind": "state"}, "per": 0}}"#],
                "obs.json: measure.count.per: expected a positive number of seconds"
            ),
            (
                ["measure": #""measure": {"interval": {"of": {"kind": "state"}, "statistic": "mode"}}"#],
                "obs.json: measure.interval.statistic: \"mode\": expected one of: first, last, median"
            ),
            (
                ["measure": #""measure": {"count": {"of": {"kind": "state", "to": []}}}"#],
                "obs.json: measure.count.of.to: an empty list matches nothing"
            ),
            (["extra": #""tolerance": {"relative": 0}"#], "obs.json: tolerance: expected relative or absolute above 0"),
            (["extra": #""seeds": 0"#], "obs.json: seeds: 0 is not allowed; expected a whole number from 1 to 10000"),
            (["id": ""], "obs.json: id: is required"),
            (
                ["scenario": #""scenario": {"name": "t", "duration": 300, "device": {"variants": ["CONF-3"]}}"#],
                "obs.json: scenario: device.variants [\"CONF-3\"] needs conflictsWith"
            ),
        ])
    func refusesBadFile(replacements: [String: String], message: String) {
        do {
            _ = try decode(observationJSON(replacements))
            Issue.record("expected an error starting \(message)")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test("a report another observation contradicts may run under the policy variant that models it")
    func variantForConflictingReport() throws {
        let observation = try decode(
            observationJSON([
                "scenario":
                    #""scenario": {"name": "t", "duration": 300, "device": {"variants": ["CONF-3"]}, "user": [{"at": 0, "action": "open"}, {"at": 60, "action": "home"}]}, "conflictsWith": ["state-other"]"#
            ]))
        let result = FidelityResult(observation: observation, values: [30, 30], seeds: 2)
        #expect(result.variants == ["CONF-3"])
        #expect(FidelityReport.verdict(result).hasSuffix(" under CONF-3"))
        #expect(FidelityReport(results: [result]).headline.contains("1 of them under a policy variant"))
    }

    @Test("a file that is not JSON says where it breaks")
    func refusesBrokenJSON() {
        #expect(throws: ScenarioError.self) { try decode(#"{"id": "x", "#) }
        do {
            _ = try decode(#"{"id": "x", "#)
        } catch {
            #expect(error.description.hasPrefix("obs.json: not valid JSON"), "\(error.description)")
        }
    }

    @Test("patterns take a scalar or a list of scalars, rule asks the rules to contain it, null asks for absence")
    func patternMatching() throws {
        let pattern = try JSONDecoder().decode(
            EntryPattern.self,
            from: Data(#"{"kind": "state", "to": ["suspended", "terminated"], "rule": "TASK-13"}"#.utf8))
        func line(_ text: String) throws -> JSONObject {
            guard case .object(let object) = try JSONValue.parse(Array(text.utf8)) else { throw CancellationError() }
            return object
        }
        #expect(pattern.matches(try line(#"{"kind":"state","to":"terminated","rules":["TASK-13"]}"#)))
        #expect(!pattern.matches(try line(#"{"kind":"state","to":"terminated","rules":["TASK-7"]}"#)))
        #expect(!pattern.matches(try line(#"{"kind":"state","to":"active","rules":["TASK-13"]}"#)))
        #expect(!pattern.matches(try line(#"{"kind":"state","rules":["TASK-13"]}"#)))
        let number = try JSONDecoder().decode(
            EntryPattern.self, from: Data(#"{"kind": "decision", "budget": 30}"#.utf8))
        #expect(number.matches(try line(#"{"kind":"decision","budget":30.0}"#)))
        #expect(!number.matches(try line(#"{"kind":"decision","budget":"30"}"#)))
        #expect(pattern.description == #"{"kind":"state","rule":"TASK-13","to":["suspended","terminated"]}"#)
        let arrival = try JSONDecoder().decode(
            EntryPattern.self, from: Data(#"{"kind": "event", "event": "visit", "departure": null}"#.utf8))
        #expect(arrival.matches(try line(#"{"kind":"event","event":"visit","arrival":1309}"#)))
        #expect(!arrival.matches(try line(#"{"kind":"event","event":"visit","arrival":0,"departure":1267}"#)))
    }
}
